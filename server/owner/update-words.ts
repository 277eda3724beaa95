// What the "Post an update" pages share (update-pages.tsx, post-update-form.tsx,
// recent-update.tsx): their address, the lists whose service is set up, the lists' names, and
// an update's headline as the preview named it.
import type { ListId } from "../lists/service.ts";
import type { OwnerUpdateRow } from "../updates/store.ts";
import { headline, type UpdateKind, updateKinds } from "../updates/update.ts";

export const updatesPath = "/inbox/updates";

/** The lists whose service is set up, by the service's name ("Kit", "Twilio"). */
export type OfferedLists = Partial<Record<ListId, string>>;

export const listNames: Record<ListId, string> = {
  email: "The email list",
  text: "The text list",
};

const kindOf = (kind: string): UpdateKind | undefined =>
  Object.hasOwn(updateKinds, kind) ? (kind as UpdateKind) : undefined;

/** A row's headline, as the preview named it. */
export const titleOf = (u: Pick<OwnerUpdateRow, "kind" | "date" | "hours">) => {
  const kind = kindOf(u.kind);
  return kind ? headline(kind, u.date, u.hours) : u.kind;
};
