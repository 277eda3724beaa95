// "Post an update"'s form, on the updates page (update-pages.tsx): what it means, the note,
// the date of a closure, the day's hours, until when, and the lists whose service is set up.
// It posts to the preview; a problem comes back with everything typed, each said under its
// field (aria-describedby, aria-invalid), and all of them in the page's summary.
import { buttonStyles } from "../../ui/button-styles.ts";
import { Field, FieldError } from "../../ui/field.tsx";
import { controlAria, controlStyles, groupAria, hintId } from "../../ui/field-styles.ts";
import type { ListId } from "../lists/service.ts";
import { maxDaysAhead, maxNoteLength, type UpdateKind, updateKinds } from "../updates/update.ts";
import type { FormField, FormProblems, UpdateFormValues } from "./update-form.ts";
import { listNames, type OfferedLists, updatesPath } from "./update-words.ts";

/** A field's problems as one text, or undefined. */
const problemOf = (problems: FormProblems, field: FormField) =>
  problems[field]?.length ? problems[field].join(" ") : undefined;

export interface UpdateFormContext {
  /** The rink's date today, and the latest date an update may hold to. */
  today: string;
  lastDay: string;
  /** Now and 14 days on, on the rink's clock ("YYYY-MM-DDTHH:MM"): the end's bounds. */
  nowLocal: string;
  untilMax: string;
  lists: OfferedLists;
  /** How many characters of the note fit in one text, when texts are set up. */
  textRoom?: number;
}

/** "Different hours today": the day's two times, each a time field. */
const dayTimes = [
  ["opens", "Opens"],
  ["closes", "Closes"],
] as const;

interface PostUpdateFormProps {
  values: UpdateFormValues;
  problems: FormProblems;
  ctx: UpdateFormContext;
}

export function PostUpdateForm({ values, problems, ctx }: PostUpdateFormProps) {
  const offered = (Object.keys(listNames) as ListId[]).filter((list) => ctx.lists[list]);
  const kinds = Object.entries(updateKinds) as [UpdateKind, string][];
  const error = (field: FormField) => <FieldError id={field} error={problemOf(problems, field)} />;
  return (
    <form method="post" action={`${updatesPath}/preview`} className="stack update-form">
      <fieldset {...groupAria("kind", problemOf(problems, "kind"))}>
        <legend>What it means</legend>
        {kinds.map(([kind, label]) => (
          <label key={kind} className="choice" htmlFor={`kind-${kind}`}>
            <input
              type="radio"
              id={`kind-${kind}`}
              name="kind"
              defaultValue={kind}
              required
              defaultChecked={values.kind === kind}
            />
            {` ${label}`}
          </label>
        ))}
        {error("kind")}
      </fieldset>

      <Field
        id="note"
        label="The note"
        hint={`Short, plain text: it shows on the site and is sent as written (at most ${maxNoteLength} characters${ctx.textRoom !== undefined ? `; a text carries ${ctx.textRoom} of them` : ""}).`}
        error={problemOf(problems, "note")}
      >
        <textarea
          className={controlStyles.light}
          {...controlAria("note", problemOf(problems, "note"), true)}
          name="note"
          rows={4}
          maxLength={maxNoteLength}
          required
          defaultValue={values.note}
        />
      </Field>

      <Field
        id="date"
        label="The date it is closed"
        hint="Only for “Closed on a date”."
        error={problemOf(problems, "date")}
      >
        <input
          className={controlStyles.light}
          type="date"
          {...controlAria("date", problemOf(problems, "date"), true)}
          name="date"
          defaultValue={values.date}
          min={ctx.today}
          max={ctx.lastDay}
        />
      </Field>

      <fieldset className="hours" aria-describedby={hintId("hours")}>
        <legend>Today's hours</legend>
        <p className="hint" id={hintId("hours")}>
          Only for “Different hours today”.
        </p>
        <div className="row">
          {dayTimes.map(([field, label]) => (
            <Field key={field} id={field} label={label} error={problemOf(problems, field)}>
              <input
                className={controlStyles.light}
                type="time"
                {...controlAria(field, problemOf(problems, field))}
                name={field}
                defaultValue={values[field]}
              />
            </Field>
          ))}
        </div>
      </fieldset>

      <Field
        id="until"
        label="Until when"
        hint={`When the site stops showing it, on the rink's clock: at most ${maxDaysAhead} days ahead.`}
        error={problemOf(problems, "until")}
      >
        <input
          className={controlStyles.light}
          type="datetime-local"
          {...controlAria("until", problemOf(problems, "until"), true)}
          name="until"
          defaultValue={values.until}
          required
          min={ctx.nowLocal}
          max={ctx.untilMax}
        />
      </Field>

      <fieldset {...groupAria("lists", problemOf(problems, "lists"), true)}>
        <legend>Where it goes</legend>
        <p className="hint" id={hintId("lists")}>
          {`It always shows on the site.${offered.length === 0 ? " The email and text lists are not set up, so it goes on the site only." : ""}`}
        </p>
        {offered.map((list) => (
          <label key={list} className="choice" htmlFor={`lists-${list}`}>
            <input
              type="checkbox"
              id={`lists-${list}`}
              name="lists"
              defaultValue={list}
              defaultChecked={values.lists.includes(list)}
            />
            {` ${listNames[list]} (sent by ${ctx.lists[list]})`}
          </label>
        ))}
        {error("lists")}
      </fieldset>

      <button type="submit" className={buttonStyles.brand}>
        Preview
      </button>
    </form>
  );
}
