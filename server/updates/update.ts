// An update from the owner ("Closed today", with a note) sent to the newsletter's people: to
// the email list as one broadcast, to the text list as one text per number that agreed and has
// not opted out, both through the outbox (outbox.ts), so an outage delays it and loses
// nothing; and shown on the site (/updates/current.json) until it ends. The owner's page
// (owner/update-routes.ts) calls previewUpdate, then queueUpdate, then shows deliveryReport; a
// pass of the outbox (outbox.drain) sends what was queued.

import { clockPattern, daysBetween, isDate, rinkDate, rinkInstant } from "../../rink/clock.ts";
import { textsPerMonth } from "../../rink/forms/newsletter.ts";
import { headline, type UpdateKind, updateKinds } from "../../rink/live-update.ts";
import type { OutboxState, OutboxStore } from "../lists/outbox-store.ts";
import { type ListId, type ListServices, notSetUp } from "../lists/service.ts";
import { composeText } from "../lists/text-message.ts";
import { twilioErrorWords } from "../lists/twilio.ts";
import type { OwnerUpdateRow, UpdateHours, UpdatesStore } from "./store.ts";

export { headline, type UpdateKind, updateKinds };

/** The owner's updates and what the lists did with each (its outbox rows). */
export type UpdateRecords = UpdatesStore & Pick<OutboxStore, "tally" | "textDeliveries">;

export interface Update {
  kind: UpdateKind;
  /** Short, plain text: the site's announcement, the email's body, the text's words. */
  note: string;
  /** Until when it holds (ISO date-time): at most 14 days ahead. */
  until: string;
  /**
   * "closed-on-date": the rink's date it is closed ("YYYY-MM-DD"), required. "closed-today"
   * and "different-hours" are about the rink's date when queued; "news" about no date.
   */
  date?: string;
  /** "different-hours": the day's hours on the rink's clock ("14:00" to "17:00"), required. */
  hours?: UpdateHours;
}

/** Which of the owner's fields a problem is about (null: the update as a whole). */
export type UpdateField =
  | "kind"
  | "note"
  | "until"
  | "date"
  | "hours.start"
  | "hours.end"
  | "lists";

export interface UpdateIssue {
  field: UpdateField | null;
  message: string;
}

export const maxNoteLength = 500;
export const maxDaysAhead = 14;
/** "At most a handful of updates a day" (issue 25), counted over the last 24 hours. */
export const maxUpdatesPerDay = 5;

export interface UpdateOptions {
  /** The services set up; a list without one is not sent to, and the report says why. */
  services: ListServices;
  /**
   * The update's id, chosen before it is confirmed (the owner's preview): a second press of
   * the button, or a resent form, stores and sends nothing twice. A UUID; new when absent.
   */
  id?: string;
  /** Every text names the rink (RINK_NAME). */
  rinkName?: string;
  now?: () => Date;
}

/** What each list would receive, and what is wrong with the update, in words. */
export interface UpdatePreview {
  subject: string;
  /** The email's text (the broadcast's body). */
  email: string;
  /** The one text message, or null when it cannot be one. */
  text: string | null;
  /** The rink's date it is about, for the site; null for news. */
  date: string | null;
  /** The day's hours, for the site; null but for different hours. */
  hours: UpdateHours | null;
  problems: string[];
  /** The same problems, each with the field it is about. */
  issues: UpdateIssue[];
}

export function previewUpdate(
  update: Update,
  lists: readonly ListId[],
  { rinkName, now = () => new Date() }: Omit<UpdateOptions, "services">,
): UpdatePreview {
  const issues: UpdateIssue[] = [];
  const problem = (field: UpdateField | null, message: string) => issues.push({ field, message });
  const kind = Object.hasOwn(updateKinds, update?.kind) ? update.kind : undefined;
  if (!kind) problem("kind", "Choose what the update means.");
  const note = typeof update?.note === "string" ? update.note.trim() : "";
  if (!note) problem("note", "Write the note.");
  else if (note.length > maxNoteLength) {
    problem("note", `The note is too long (at most ${maxNoteLength} characters).`);
  }
  const ends = Date.parse(typeof update?.until === "string" ? update.until : "");
  const at = now();
  const today = rinkDate(at);
  if (Number.isNaN(ends)) problem("until", "Say until when the update holds.");
  else if (ends <= at.getTime()) problem("until", "The update's end must be in the future.");
  else if (ends > at.getTime() + maxDaysAhead * 86_400_000) {
    problem("until", `The update can hold at most ${maxDaysAhead} days ahead.`);
  }

  let date: string | null = null;
  if (kind === "closed-today" || kind === "different-hours") date = today;
  if (kind === "closed-on-date") {
    const given = typeof update.date === "string" ? update.date.trim() : "";
    if (!given) problem("date", "Choose the date the rink is closed.");
    else if (!isDate(given)) problem("date", "The date is not a date like 2026-01-10.");
    else if (given < today) problem("date", "That date has passed.");
    else if (daysBetween(today, given) > maxDaysAhead) {
      problem("date", `The date can be at most ${maxDaysAhead} days ahead.`);
    } else {
      date = given;
      if (!Number.isNaN(ends) && ends <= rinkInstant(given, "00:00").getTime()) {
        problem("until", "The update would end before the day it is about: make it hold longer.");
      }
    }
  }
  let hours: UpdateHours | null = null;
  if (kind === "different-hours") {
    const start = typeof update.hours?.start === "string" ? update.hours.start.trim() : "";
    const end = typeof update.hours?.end === "string" ? update.hours.end.trim() : "";
    if (!clockPattern.test(start)) problem("hours.start", "Give the time the rink opens today.");
    if (!clockPattern.test(end)) problem("hours.end", "Give the time the rink closes today.");
    else if (clockPattern.test(start) && end <= start) {
      problem("hours.end", "The closing time must be after the opening time.");
    }
    if (clockPattern.test(start) && clockPattern.test(end) && start < end) hours = { start, end };
  }
  for (const list of lists) {
    if (list !== "email" && list !== "text") problem("lists", `There is no list called "${list}".`);
  }

  const label = kind ? headline(kind, date, hours) : "Update";
  const subject = rinkName ? `${rinkName}: ${label}` : label;
  let text: string | null = null;
  if (lists.includes("text")) {
    if (!rinkName) problem(null, "The rink's name for texts is not set (RINK_NAME).");
    else if (note) {
      const composed = composeText(rinkName, note);
      if (composed.ok) text = composed.text;
      else problem("note", composed.problem);
    }
  }
  return {
    subject,
    email: note,
    text,
    date,
    hours,
    problems: issues.map((i) => i.message),
    issues,
  };
}

/**
 * Why the text list cannot have another update this month, or null: the signup promises at
 * most `textsPerMonth` texts a month (rink/forms/newsletter.ts), counted from the 1st on the
 * rink's clock.
 */
export async function textListFull(store: UpdateRecords, at: Date): Promise<string | null> {
  if ((await store.textUpdatesSince(monthStartOf(at))) < textsPerMonth) return null;
  return `The text list has had ${textsPerMonth} texts this month, the most its signup promises: untick The text list (the site and the email list can still have it), or wait until the 1st.`;
}

/** The 1st of the rink's month, 00:00 on its clock (ISO, UTC). */
const monthStartOf = (at: Date) =>
  rinkInstant(`${rinkDate(at).slice(0, 7)}-01`, "00:00").toISOString();

const tooManyToday = `At most ${maxUpdatesPerDay} updates a day: please wait before sending another.`;

/** Why an update is held back by the limits, or none. */
async function overLimits(
  store: UpdateRecords,
  at: Date,
  since: string,
  toTexts: boolean,
): Promise<string[]> {
  const full = toTexts ? await textListFull(store, at) : null;
  if (full) return [full];
  return (await store.updatesSince(since)) >= maxUpdatesPerDay ? [tooManyToday] : [];
}

export type QueueResult =
  | {
      ok: true;
      id: string;
      lists: Partial<Record<ListId, string>>;
      /** Already stored under this id: nothing was stored or queued again. */
      repeated?: true;
    }
  | { ok: false; problems: string[] };

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Checks and stores the update with its outbox rows, in one transaction: a list whose service
 * is set up gets its rows ("queued"), another gets the reason instead. It replaces the update
 * the site shows (one at a time: the older one ends). Sends nothing itself: run a pass of the
 * outbox after it (in the background on a Worker: waitUntil).
 */
export async function queueUpdate(
  store: UpdateRecords,
  update: Update,
  lists: readonly ListId[],
  { services, rinkName, id, now = () => new Date() }: UpdateOptions,
): Promise<QueueResult> {
  if (id !== undefined && !uuidPattern.test(id))
    return { ok: false, problems: ["Not an update's id."] };
  const stored = id ? await store.update(id) : undefined;
  if (id && stored) return { ok: true, id, lists: stored.lists, repeated: true };
  const wanted = [...new Set(lists)];
  const preview = previewUpdate(
    update,
    wanted.filter((l) => services[l] !== undefined),
    {
      rinkName,
      now,
    },
  );
  const problems = [...preview.problems];
  for (const list of wanted) {
    if (list !== "email" && list !== "text") problems.push(`There is no list called "${list}".`);
  }
  const at = now();
  const toTexts = wanted.includes("text") && services.text !== undefined;
  const since = new Date(at.getTime() - 86_400_000).toISOString();
  if (problems.length === 0) problems.push(...(await overLimits(store, at, since, toTexts)));
  if (problems.length > 0) return { ok: false, problems: [...new Set(problems)] };

  const listStates: Partial<Record<ListId, string>> = {};
  for (const list of wanted) listStates[list] = services[list] ? "queued" : notSetUp[list];
  const row: OwnerUpdateRow = {
    id: id ?? crypto.randomUUID(),
    createdAt: at.toISOString(),
    kind: update.kind,
    note: update.note.trim(),
    until: new Date(Date.parse(update.until)).toISOString(),
    subject: preview.subject,
    textBody: preview.text ?? "",
    lists: listStates,
    date: preview.date,
    hours: preview.hours,
    endedAt: null,
  };
  try {
    // The limits again, in the insert itself: another post may have been stored since.
    const stored = await store.addUpdate(
      row,
      { email: listStates.email === "queued", text: listStates.text === "queued" },
      {
        daySince: since,
        perDay: maxUpdatesPerDay,
        ...(toTexts ? { monthSince: monthStartOf(at), textsPerMonth } : {}),
      },
    );
    if (!stored) {
      const held = await overLimits(store, at, since, toTexts);
      return { ok: false, problems: held.length > 0 ? held : [tooManyToday] };
    }
  } catch (error) {
    // Two presses at once: the other one stored it (the id is the table's key).
    const other = id ? await store.update(id) : undefined;
    if (other) return { ok: true, id: row.id, lists: other.lists, repeated: true };
    throw error;
  }
  return { ok: true, id: row.id, lists: listStates };
}

/** One list's part of an update: counts, and the reasons in words. */
export interface ListDelivery {
  list: ListId;
  /** Email: the broadcast (one); text: the messages the service accepted. */
  sent: number;
  /**
   * Texts only: the carriers delivered them (Twilio's status callback); accepted texts with no
   * final status yet count as waiting, carrier failures as failed (issue 31).
   */
  delivered?: number;
  /** Queued or being retried (texts: or accepted, the carrier's word not come yet). */
  waiting: number;
  failed: number;
  /** Not sent because the person opted out after the update was queued. */
  skipped: number;
  /** "1 failed: Twilio refused it (400): ...", "The text service is not set up". */
  reasons: string[];
}

export interface DeliveryReport {
  id: string;
  createdAt: string;
  kind: string;
  note: string;
  until: string | null;
  lists: ListDelivery[];
}

const stateWords: Partial<Record<OutboxState, string>> = {
  waiting: "waiting",
  sending: "waiting",
  failed: "failed",
  skipped: "not sent",
};

export async function deliveryReport(
  store: UpdateRecords,
  updateId: string,
): Promise<DeliveryReport | undefined> {
  const update = await store.update(updateId);
  if (!update) return undefined;
  const tally = await store.tally(updateId);
  const carrier = update.lists.text ? await store.textDeliveries(updateId) : [];
  const lists = (Object.keys(update.lists) as ListId[]).map((list): ListDelivery => {
    const rows = tally.filter((t) => t.list === list);
    const count = (...states: OutboxState[]) =>
      rows.filter((r) => states.includes(r.state)).reduce((n, r) => n + r.count, 0);
    const state = update.lists[list];
    const reasons = state && state !== "queued" ? [state] : [];
    for (const r of rows) {
      const words = stateWords[r.state];
      if (words && r.reason) reasons.push(`${r.count} ${words}: ${r.reason}`);
    }
    if (state === "queued" && rows.length === 0) reasons.push("Nobody is on this list yet");
    if (list === "text") {
      // What the carriers said of the texts Twilio accepted (migrations/0007).
      const delivered = carrier.filter((d) => d.delivery === "delivered");
      const refused = carrier.filter((d) => d.delivery === "failed");
      const total = (ds: typeof carrier) => ds.reduce((n, d) => n + d.count, 0);
      for (const d of refused) reasons.push(`${d.count} failed: ${twilioErrorWords(d.code)}`);
      return {
        list,
        sent: count("sent"),
        delivered: total(delivered),
        waiting: count("waiting", "sending") + total(carrier.filter((d) => d.delivery === null)),
        failed: count("failed") + total(refused),
        skipped: count("skipped"),
        reasons,
      };
    }
    return {
      list,
      sent: count("sent"),
      waiting: count("waiting", "sending"),
      failed: count("failed"),
      skipped: count("skipped"),
      reasons,
    };
  });
  return {
    id: update.id,
    createdAt: update.createdAt,
    kind: update.kind,
    note: update.note,
    until: update.until,
    lists,
  };
}
