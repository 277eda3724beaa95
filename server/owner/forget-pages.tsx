// "Delete this person's data" (deletions on request): the question, with the submissions that
// hold the person's email or phone, and the answer, how many went by kind. Pages of the frame
// (layout.tsx); the routes are changing-routes.ts.
import { momentWords } from "../../rink/clock.ts";
import { plural } from "../../rink/plural.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import type { Submission } from "../forms/submission.ts";
import { BackToInbox } from "./back-to-inbox.tsx";
import { layout } from "./layout.tsx";
import { messagePage } from "./pages.tsx";
import type { Deleted, Person } from "./store.ts";

/** After a deletion: how many went, by kind ("… 2 messages, 1 signup and 1 spam."). */
export function deletedPage({ messages, signups, spam }: Deleted, email: string): Promise<string> {
  const kinds = [
    messages > 0 ? plural(messages, "message", "messages") : "",
    signups > 0 ? plural(signups, "signup", "signups") : "",
    spam > 0 ? `${spam} spam` : "",
  ].filter(Boolean);
  const total = plural(messages + signups + spam, "submission", "submissions");
  const last = kinds.pop();
  const what = last ? `: ${kinds.length > 0 ? `${kinds.join(", ")} and ${last}` : last}` : "";
  return messagePage(
    "Deleted",
    `Deleted ${total}${what}. Nothing with that email or phone is left in the inbox.`,
    email,
  );
}

export function forgetPage(
  id: number,
  person: Person,
  rows: Submission[],
  email: string,
): Promise<string> {
  return layout(
    "Delete a person's data",
    <>
      <h1>{`Delete ${person.shown}'s data?`}</h1>
      <p>
        {rows.length === 0
          ? "Nothing is stored for them."
          : `${plural(rows.length, "submission holds", "submissions hold")} this email or phone, however the number was written. Deleting them cannot be undone.`}
      </p>
      {rows.length > 0 ? (
        <ul className="plain">
          {rows.map((r) => (
            <li key={r.id}>
              {`#${r.id} · ${r.form === "contact" ? "Message" : "Signup"} · ${momentWords(new Date(r.createdAt))}${r.spam ? " · spam" : ""}`}
            </li>
          ))}
        </ul>
      ) : null}
      {rows.length > 0 ? (
        <form method="post" action="/inbox/forget" className="stack">
          <input type="hidden" name="id" defaultValue={String(id)} />
          <button type="submit" className={buttonStyles.danger}>
            {`Delete ${plural(rows.length, "submission", "submissions")}`}
          </button>
        </form>
      ) : null}
      <BackToInbox />
    </>,
    email,
  );
}
