// RFC 5545's content lines, exactly (section 3.1): every line, the last one included, ends with
// CRLF, and a line longer than 75 octets is folded into lines of at most 75 octets, each
// continuation starting with one space (which counts among its 75). ical.js and the `ics`
// library fold by characters and at 75 plus the space, and ical.js ends without the last CRLF:
// their text is unfolded and folded again here, never splitting a UTF-8 character.

const maxOctets = 75;
const encoder = new TextEncoder();

/** The logical lines of a calendar's text: each folded line joined to the one it continues. */
export function unfoldedLines(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter((line) => line !== "");
}

/** One logical line folded into lines of at most 75 octets, by whole characters. */
export function foldLine(line: string): string[] {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > maxOctets) {
      out.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out;
}

/** A calendar's text as RFC 5545 writes it: lines of at most 75 octets, each ending in CRLF. */
export function exactIcs(text: string): string {
  return `${unfoldedLines(text).flatMap(foldLine).join("\r\n")}\r\n`;
}
