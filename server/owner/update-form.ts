// The owner's "Post an update" form as it arrives (plain fields, all strings) and goes back
// (the same strings, so nothing typed is lost), and the problems by the field they are about.
// The rules themselves are updates/update.ts's (previewUpdate), which every way in shares.

import { isDate, rinkInstant } from "../../rink/clock.ts";
import type { ListId, ListServices } from "../lists/service.ts";
import type { Update, UpdateField, UpdateKind } from "../updates/update.ts";

/** The form's fields by name, as typed. */
export interface UpdateFormValues {
  kind: string;
  note: string;
  /** "Closed on a date": the date, "YYYY-MM-DD". */
  date: string;
  /** "Different hours today": "HH:MM". */
  opens: string;
  closes: string;
  /** The rink's date and time, "YYYY-MM-DDTHH:MM" (a datetime-local field). */
  until: string;
  lists: string[];
  /** The update's id from its preview, so a second press posts nothing twice. */
  id: string;
}

export type FormField = Exclude<keyof UpdateFormValues, "id">;

/** Problems by field, and those about the update as a whole ("" key). */
export type FormProblems = Partial<Record<FormField | "", string[]>>;

export const emptyForm = (until: string): UpdateFormValues => ({
  kind: "",
  note: "",
  date: "",
  opens: "",
  closes: "",
  until,
  lists: [],
  id: "",
});

/** How long a typed value is kept: enough to show back what was too long, bounded. */
const keep = (value: string, max: number) => value.slice(0, max);

/** The fields from a parsed body (hono's parseBody({ all: true })): strings, files ignored. */
export function readForm(body: Record<string, unknown>): UpdateFormValues {
  const all = (name: string): string[] => {
    const value = body[name];
    const values = Array.isArray(value) ? value : [value];
    return values.filter((v): v is string => typeof v === "string");
  };
  const one = (name: string, max = 100) => keep(all(name)[0] ?? "", max);
  return {
    kind: one("kind"),
    note: one("note", 2000),
    date: one("date"),
    opens: one("opens"),
    closes: one("closes"),
    until: one("until"),
    lists: [...new Set(all("lists").map((l) => keep(l, 20)))].slice(0, 5),
    id: one("id"),
  };
}

const untilPattern = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/;

/**
 * The update the form describes, and the problems only the form can have (an end that is not
 * a date and time, a list that is not set up); previewUpdate checks the rest.
 */
export function formUpdate(
  values: UpdateFormValues,
  services: ListServices,
): { update: Update; lists: ListId[]; problems: FormProblems } {
  const problems: FormProblems = {};
  const add = (field: FormField | "", message: string) => {
    problems[field] = [...(problems[field] ?? []), message];
  };
  let until = "";
  const typed = values.until.trim();
  if (typed) {
    const match = untilPattern.exec(typed);
    const [date = "", time = ""] = match ? [match[1], match[2]] : [];
    if (match && isDate(date) && /^([01]\d|2[0-3]):[0-5]\d$/.test(time)) {
      until = rinkInstant(date, time).toISOString();
    } else {
      add("until", "Write the end as a date and time, like 2026-01-10 23:59.");
    }
  }
  const lists: ListId[] = [];
  for (const list of values.lists) {
    if (list !== "email" && list !== "text") add("lists", `There is no list called "${list}".`);
    else if (!services[list]) add("lists", `The ${list} list is not set up.`);
    else lists.push(list);
  }
  return {
    update: {
      kind: values.kind.trim() as UpdateKind,
      note: values.note,
      until,
      date: values.date,
      hours: { start: values.opens, end: values.closes },
    },
    lists,
    problems,
  };
}

const fieldOf: Record<UpdateField, FormField> = {
  kind: "kind",
  note: "note",
  until: "until",
  date: "date",
  "hours.start": "opens",
  "hours.end": "closes",
  lists: "lists",
};

/** Adds updates/update.ts's problems to the form's, each by its field (a malformed end said once). */
export function addIssues(
  problems: FormProblems,
  issues: readonly { field: UpdateField | null; message: string }[],
): FormProblems {
  const merged: FormProblems = { ...problems };
  for (const { field, message } of issues) {
    const key = field ? fieldOf[field] : "";
    if (key === "until" && problems.until) continue;
    if (!merged[key]?.includes(message)) merged[key] = [...(merged[key] ?? []), message];
  }
  return merged;
}

export const problemCount = (problems: FormProblems) =>
  Object.values(problems).reduce((n, list) => n + (list?.length ?? 0), 0);
