// Phone numbers are stored once in E.164 (+12605550142); these derive what people see
// and what phones dial.

/** "(260) 555-0142" from "+12605550142". */
export function formatPhone(e164: string): string {
  const digits = e164.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  if (digits.length !== 10) return e164;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** "tel:+12605550142": the E.164 form every phone dials correctly. */
export function telHref(e164: string): string {
  return `tel:${e164}`;
}

/** The line with this label; the content schema guarantees each label exists once. */
export function phoneByLabel<P extends { label: string; number: string }>(
  phones: readonly P[],
  label: P["label"],
): P {
  const phone = phones.find((p) => p.label === label);
  if (!phone) throw new Error(`No ${label} phone number in the content module`);
  return phone;
}
