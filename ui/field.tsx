import type { ReactNode } from "react";
import { errorId, hintId, hintStyles, labelStyles, type Tone } from "./field-styles.ts";

interface FieldProps {
  /** The control's id; the label points at it and the error and hint ids derive from it. */
  id: string;
  label: string;
  /** Shown beside the label for a control people may leave empty. */
  optional?: boolean;
  /** Beneath the control, and its description; may hold a link (the text-alert terms). */
  hint?: ReactNode;
  /** The full error text, shown beneath the control. */
  error?: string;
  tone?: Tone;
  /** The control, wired with `controlAria(id, error, Boolean(hint))`. */
  children: ReactNode;
}

/** A visible label, the control, then its hint and error beneath it. */
export function Field({ id, label, optional, hint, error, tone = "light", children }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className={labelStyles[tone]}>
        {label}
        {optional ? <span className="font-normal"> (optional)</span> : null}
      </label>
      <div className="mt-1">{children}</div>
      {hint ? (
        <p id={hintId(id)} className={`mt-1 ${hintStyles[tone]}`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * A field's error beneath it, its id the one `controlAria` (or `groupAria`, for a fieldset)
 * puts in the control's description; nothing when there is none.
 */
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p
      id={errorId(id)}
      className="mt-1 rounded-md bg-red-50 px-2 py-1 font-semibold text-red-800 text-sm"
    >
      {error}
    </p>
  ) : null;
}
