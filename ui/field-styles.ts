// Shared looks and ARIA wiring for form controls, the site's forms' and the owner's "Post an
// update" alike. A control's error and hint live in elements whose ids derive from the
// control's id, so aria-describedby can point at them.

export const errorId = (controlId: string) => `${controlId}-error`;
export const hintId = (controlId: string) => `${controlId}-hint`;

/** id and aria-describedby (the error, then the hint) for a group of controls: a fieldset. */
export function groupAria(groupId: string, error?: string, hasHint = false) {
  const describedBy = [error ? errorId(groupId) : null, hasHint ? hintId(groupId) : null]
    .filter(Boolean)
    .join(" ");
  return { id: groupId, "aria-describedby": describedBy || undefined };
}

/**
 * id, aria-invalid and aria-describedby for a control with an optional error and hint. A group
 * takes groupAria: ARIA gives a fieldset's group role no invalid state.
 */
export function controlAria(controlId: string, error?: string, hasHint = false) {
  const { id, "aria-describedby": describedBy } = groupAria(controlId, error, hasHint);
  return {
    id,
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": describedBy,
  };
}

export type Tone = "light" | "dark";

const control =
  "block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 disabled:bg-slate-100 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700";

/** Text inputs, selects and textareas; on a dark band the focus ring turns yellow to stay visible. */
export const controlStyles: Record<Tone, string> = {
  // slate-500: a field's edge 4.8:1 against white (WCAG 1.4.11 asks 3:1; slate-400 was 2.6:1).
  light: `${control} border-slate-500`,
  dark: `${control} border-transparent focus-visible:outline-accent-300`,
};

export const labelStyles: Record<Tone, string> = {
  light: "block font-semibold text-slate-900",
  dark: "block font-semibold text-white",
};

export const hintStyles: Record<Tone, string> = {
  light: "text-slate-600 text-sm",
  dark: "text-brand-100 text-sm",
};
