// "Post an update", in the owner's area (issue 25), the same on Node and on the Worker:
//   GET  /inbox/updates            what the site shows now, the form, the recent updates with
//                                  what happened on each list
//   POST /inbox/updates/preview    each message as it would go (nothing sent), or the form
//                                  again with the problems and everything typed (400)
//   POST /inbox/updates/edit       back to the form from the preview, nothing lost
//   POST /inbox/updates            stored and queued (queueUpdate), then 303 to the page
//   POST /inbox/updates/:id/end    "End now": the site stops showing it
// Mounted inside ownerRoutes, so behind its session, same-origin check, body limit and headers.

import type { Context, Hono } from "hono";
import { rinkDate, rinkWallClock } from "../../rink/clock.ts";
import { type SendHours, sendHoursWords, textsWaitUntil } from "../lists/send-hours.ts";
import type { ListServices } from "../lists/service.ts";
import { gsm7Length, plainText, segmentLength, stopHint } from "../lists/text-message.ts";
import {
  deliveryReport,
  maxDaysAhead,
  maxUpdatesPerDay,
  previewUpdate,
  queueUpdate,
  textListFull,
  type UpdateKind,
  type UpdateRecords,
  updateKinds,
  uuidPattern,
} from "../updates/update.ts";
import { messagePage } from "./pages.tsx";
import type { UpdateFormContext } from "./post-update-form.tsx";
import type { OwnerRouteHelpers } from "./route-helpers.ts";
import type { OwnerEnv } from "./session.ts";
import {
  addIssues,
  emptyForm,
  type FormProblems,
  formUpdate,
  problemCount,
  readForm,
  type UpdateFormValues,
} from "./update-form.ts";
import { previewPage, updatesPage } from "./update-pages.tsx";
import { type OfferedLists, updatesPath } from "./update-words.ts";

export interface UpdatesDeps {
  /** The owner's updates and their outbox rows over the inbox's database (updates/store.ts). */
  store: UpdateRecords;
  /** The list services set up: only their lists are offered. */
  services: ListServices;
  /** RINK_NAME: every text names the rink. */
  rinkName?: string;
  /** A pass right after an update is queued, so it goes out at once. */
  outbox?: { drain(): Promise<unknown> };
  /** Texts go only inside these hours (SMS_SEND_HOURS): the pages say when they will. */
  sendHours?: SendHours;
  /**
   * The update the site shows has changed (one posted, or ended), said with the request's URL:
   * a host that keeps the pages' read (the Worker's cache in its data centre) forgets it; Node
   * reads the database at each poll and passes nothing.
   */
  changed?: (requestUrl: string) => Promise<void>;
}

/** How many recent updates the page lists. */
export const recentUpdateCount = 10;

/** routes.ts's helpers for every group of the owner's routes, with the updates' own. */
interface RouteHelpers extends Pick<OwnerRouteHelpers, "signedIn" | "audit" | "now"> {
  updates: UpdatesDeps;
  background?: (c: Context, task: Promise<unknown>) => void;
}

const notices: Record<string, string> = {
  posted: "Posted. The site shows it within a minute; the lists you chose are being sent it.",
  ended: "Ended. The site stops showing it within a minute.",
};

export function mountUpdateRoutes(
  app: Hono<OwnerEnv>,
  { updates, signedIn, audit, now, background }: RouteHelpers,
) {
  const { store, services, rinkName, sendHours } = updates;
  /** Outside the sending hours, when texts go; null inside them, or with no text service. */
  const textsWait = (at: Date) => {
    const until = services.text && sendHours ? textsWaitUntil(sendHours, at) : null;
    return until && sendHours ? { until, hours: sendHoursWords(sendHours) } : null;
  };
  const offered: OfferedLists = {
    ...(services.email ? { email: services.email.name } : {}),
    ...(services.text ? { text: services.text.name } : {}),
  };

  function context(at: Date): UpdateFormContext {
    const wall = rinkWallClock(at);
    const last = rinkWallClock(new Date(at.getTime() + maxDaysAhead * 86_400_000));
    let textRoom: number | undefined;
    if (services.text && rinkName) {
      const frame = gsm7Length(`${plainText(rinkName)}:  ${stopHint}`);
      textRoom = "length" in frame ? segmentLength - frame.length : undefined;
    }
    return {
      today: wall.date,
      lastDay: last.date,
      nowLocal: `${wall.date}T${wall.time}`,
      untilMax: `${last.date}T${last.time}`,
      lists: offered,
      ...(textRoom !== undefined ? { textRoom } : {}),
    };
  }

  async function page(
    c: Context<OwnerEnv>,
    values: UpdateFormValues,
    problems: FormProblems,
    status: 200 | 400 | 429,
    notice?: string,
  ) {
    const at = now();
    const [current, rows] = await Promise.all([
      store.current(at.toISOString()),
      store.recentUpdates(recentUpdateCount),
    ]);
    const recent = await Promise.all(
      rows.map(async (row) => ({ row, report: await deliveryReport(store, row.id) })),
    );
    return c.html(
      updatesPage({
        email: c.get("owner"),
        values,
        problems,
        context: context(at),
        current,
        recent,
        now: at,
        ...(notice ? { notice } : {}),
        textsWait: textsWait(at),
      }),
      status,
    );
  }

  /** The form's update checked as queueUpdate will check it: its preview, or the problems. */
  function check(values: UpdateFormValues) {
    const { update, lists, problems } = formUpdate(values, services);
    const preview = previewUpdate(update, lists, { rinkName, now });
    return { update, lists, preview, problems: addIssues(problems, preview.issues) };
  }

  app.get(updatesPath, signedIn, async (c) => {
    const done = c.req.query("done") ?? "";
    const today = rinkDate(now());
    return page(c, emptyForm(`${today}T23:59`), {}, 200, notices[done]);
  });

  app.post(`${updatesPath}/preview`, signedIn, async (c) => {
    const values = readForm(await c.req.parseBody({ all: true }));
    const { update, lists, preview, problems } = check(values);
    const full = lists.includes("text") ? await textListFull(store, now()) : null;
    if (full) problems.lists = [...(problems.lists ?? []), full];
    if (problemCount(problems) > 0) return page(c, values, problems, 400);
    // The id the update will have, so that a second press of "Post it now" posts nothing twice.
    const id = uuidPattern.test(values.id) ? values.id : crypto.randomUUID();
    return c.html(
      previewPage({
        email: c.get("owner"),
        values: { ...values, id, lists },
        preview,
        kind: update.kind,
        until: update.until,
        lists,
        offered,
        replaces: await store.current(now().toISOString()),
        textsWait: textsWait(now()),
      }),
    );
  });

  app.post(`${updatesPath}/edit`, signedIn, async (c) => {
    const values = readForm(await c.req.parseBody({ all: true }));
    return page(c, values, {}, 200);
  });

  app.post(updatesPath, signedIn, async (c) => {
    const values = readForm(await c.req.parseBody({ all: true }));
    const { update, lists, problems } = check(values);
    if (!uuidPattern.test(values.id)) {
      problems[""] = [...(problems[""] ?? []), "Preview the update first, then post it."];
    }
    if (problemCount(problems) > 0) return page(c, values, problems, 400);
    const queued = await queueUpdate(store, update, lists, {
      services,
      rinkName,
      id: values.id,
      now,
    });
    if (!queued.ok) {
      const limited = queued.problems.some((p) => p.startsWith(`At most ${maxUpdatesPerDay}`));
      return page(c, values, { "": queued.problems }, limited ? 429 : 400);
    }
    if (!queued.repeated) {
      await updates.changed?.(c.req.url);
      const kind = updateKinds[update.kind as UpdateKind] ?? update.kind;
      await audit(c.get("owner"), "posted an update", [kind, ...lists].join(", "));
      if (lists.length > 0 && updates.outbox) {
        // Not awaited on Node (its process lives on); a Worker's waitUntil keeps it running.
        const sending = updates.outbox.drain();
        background?.(c, sending);
      }
    }
    return c.redirect(`${updatesPath}?done=posted`, 303);
  });

  app.post(`${updatesPath}/:id/end`, signedIn, async (c) => {
    const id = c.req.param("id");
    if (!uuidPattern.test(id) || !(await store.update(id))) {
      const text = "That update is not there any more.";
      return c.html(messagePage("Not found", text, c.get("owner")), 404);
    }
    if (await store.end(id, now().toISOString())) {
      await updates.changed?.(c.req.url);
      await audit(c.get("owner"), "ended an update");
    }
    return c.redirect(`${updatesPath}?done=ended`, 303);
  });
}
