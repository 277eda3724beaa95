import { describe, expect, it } from "vitest";
import { announcementScript, announcementWindow, inForce } from "./announcement.ts";

const zone = "America/Indiana/Indianapolis";

describe("the announcement's window", () => {
  const w = announcementWindow(
    { text: "Closed today: snow", from: "2026-12-01T07:00", until: "2026-12-02T00:00" },
    zone,
  );

  it("reads from and until on the rink's clock", () => {
    expect(w?.from).toBe(Date.parse("2026-12-01T12:00:00Z"));
    expect(w?.until).toBe(Date.parse("2026-12-02T05:00:00Z"));
  });

  it("is in force from `from` until just before `until`", () => {
    if (!w) throw new Error("no window");
    expect(inForce(w, Date.parse("2026-12-01T11:59:00Z"))).toBe(false);
    expect(inForce(w, Date.parse("2026-12-01T12:00:00Z"))).toBe(true);
    expect(inForce(w, Date.parse("2026-12-02T04:59:00Z"))).toBe(true);
    expect(inForce(w, Date.parse("2026-12-02T05:00:00Z"))).toBe(false);
  });

  it("has no window without text, and none of its ends when they are not given", () => {
    expect(announcementWindow({ text: "" }, zone)).toBeNull();
    const open = announcementWindow({ text: "Hi" }, zone);
    expect(open && inForce(open, 0)).toBe(true);
  });

  it("hides the banner before the first paint outside the window", () => {
    if (!w) throw new Error("no window");
    const hidden = (now: number) => {
      const classes = new Set<string>();
      const document = { documentElement: { classList: { add: (c: string) => classes.add(c) } } };
      new Function("document", "Date", announcementScript(w))(document, { now: () => now });
      return classes.has("announcement-off");
    };
    expect(hidden(Date.parse("2026-12-01T11:00:00Z"))).toBe(true);
    expect(hidden(Date.parse("2026-12-01T13:00:00Z"))).toBe(false);
    expect(hidden(Date.parse("2026-12-03T00:00:00Z"))).toBe(true);
  });
});
