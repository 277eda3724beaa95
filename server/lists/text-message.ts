// An update as one text: it names the rink, says how to stop, and fits one SMS segment, which
// is 160 characters of the GSM 03.38 alphabet (7 bits each). One character outside it and the
// carrier sends the whole text as UCS-2, 70 a segment, so such a text is refused in words.

// The GSM 03.38 basic set (the escape itself left out), and its extension table, whose
// characters take two of the 160 (an escape, then the character).
const basic = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
const extended = new Set("^{}\\[~]|€\f");

export const segmentLength = 160;
export const stopHint = "Reply STOP to opt out.";

/** Its length in GSM-7 septets, or the first character GSM-7 cannot carry. */
export function gsm7Length(text: string): { length: number } | { unsupported: string } {
  let length = 0;
  for (const char of text) {
    if (basic.has(char)) length += 1;
    else if (extended.has(char)) length += 2;
    else return { unsupported: char };
  }
  return { length };
}

// What a phone's keyboard puts in on its own (curly quotes, dashes, an ellipsis), written as
// GSM-7 has it, so that a note typed on a phone does not become a two-part text.
const plainer: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2026": "...",
  "\u00A0": " ",
};

export function plainText(note: string): string {
  return note
    .replace(/[\u2018\u2019\u201C\u201D\u2013\u2014\u2026\u00A0]/g, (c) => plainer[c] ?? c)
    .replace(/\s+/g, " ")
    .trim();
}

/** "<rink>: <note> Reply STOP to opt out.", or why it cannot be one text. */
export function composeText(
  rinkName: string,
  note: string,
): { ok: true; text: string } | { ok: false; problem: string } {
  const text = `${plainText(rinkName)}: ${plainText(note)} ${stopHint}`;
  const measured = gsm7Length(text);
  if ("unsupported" in measured) {
    return {
      ok: false,
      problem: `The text cannot carry "${measured.unsupported}" in one message: please leave it out.`,
    };
  }
  if (measured.length > segmentLength) {
    const over = measured.length - segmentLength;
    return {
      ok: false,
      problem: `The note is ${over} ${over === 1 ? "character" : "characters"} too long for one text message.`,
    };
  }
  return { ok: true, text };
}

/**
 * The one text a signup's number gets before it is on the list (issue 31, CTIA's confirmed
 * opt-in): what it is for, how often, the rates, HELP and STOP; one segment for any RINK_NAME
 * of up to 40 characters (settings.ts).
 */
export function confirmationText(rinkName: string, perMonth: number): string {
  return `${plainText(rinkName)}: reply YES for event, deal & closure alerts, up to ${perMonth} msgs/mo. Msg & data rates may apply. HELP for help, STOP to cancel`;
}
