// The log's escaping (log-text.ts): no value can start a line of its own in the log, or send a
// terminal an escape sequence; text without control characters is written as it is.
import { describe, expect, it } from "vitest";
import { escapeControls, escapingLog } from "./log-text.ts";

describe("escapeControls", () => {
  it("writes a line break, a return and a tab as \\n, \\r and \\t", () => {
    const forged = '/f/contact\n{"level":30,"msg":"signed in"}\r\tx';
    expect(escapeControls(forged)).toBe('/f/contact\\n{"level":30,"msg":"signed in"}\\r\\tx');
  });

  it("writes every other C0 and C1 control, DEL and U+2028/U+2029 as \\u escapes", () => {
    expect(escapeControls("a\u0000b\u001b[31mc\u007fd\u0085e\u009bf\u2028g\u2029h")).toBe(
      "a\\u0000b\\u001b[31mc\\u007fd\\u0085e\\u009bf\\u2028g\\u2029h",
    );
    const controls = [
      ...Array.from({ length: 0x20 }, (_, i) => i),
      ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
      0x2028,
      0x2029,
    ];
    for (const code of controls) {
      const escaped = escapeControls(`x${String.fromCharCode(code)}y`);
      expect(escaped, `U+${code.toString(16)}`).toMatch(/^x\\(?:[nrt]|u[0-9a-f]{4})y$/);
    }
  });

  it("leaves other text as it is: letters, accents, emoji, quotes and backslashes", () => {
    for (const text of [
      "",
      "Sugar Creek",
      "Zoë’s party 🎉",
      'say "hi"',
      "C:\\path",
      "\u00a0\u200b",
    ]) {
      expect(escapeControls(text)).toBe(text);
    }
  });

  it("changes nothing when run twice", () => {
    const once = escapeControls("a\nb\u2028c\\nd");
    expect(escapeControls(once)).toBe(once);
  });
});

describe("escapingLog", () => {
  it("hands its writer one line, whatever the message held", () => {
    const written: string[] = [];
    escapingLog((line) => written.push(line))("GET /inbox/\nforged failed: boom\r\n");
    expect(written).toEqual(["GET /inbox/\\nforged failed: boom\\r\\n"]);
  });
});
