// The owner's layout: a long address in the header wraps where a reader would break it.
import { describe, expect, it } from "vitest";
import { type DroppedConfirmations, inboxPage } from "./inbox-page.tsx";
import { messagePage } from "./pages.tsx";

describe("the owner's header", () => {
  it("offers line breaks after the address's @ and before each dot of its domain only", async () => {
    const html = await messagePage("Done", "Saved.", "the.rink.owner@roller-skating.example.com");
    const who = html.match(/<span class="who">(.*?)<\/span>/)?.[1];
    // The pieces between the <wbr> elements (React writes `<wbr/>`), and nothing else between.
    expect(who?.split(/<wbr\/?>/)).toEqual([
      "the.rink.owner@",
      "roller-skating",
      ".example",
      ".com",
    ]);
  });

  it("shows an address without an @ as it is", async () => {
    const html = await messagePage("Done", "Saved.", "owner");
    expect(html).toContain('<span class="who">owner</span>');
  });
});

describe("a signup's standing on the text list", () => {
  const signup = {
    id: 7,
    form: "newsletter",
    createdAt: "2026-01-10T12:00:00.000Z",
    data: { phone: "(317) 555-0161", sms: "on" },
    spam: false,
    notifySentAt: null,
    notifyAttempts: 0,
    notifyLastError: null,
    handledAt: null,
  };
  const page = (dropped?: DroppedConfirmations, now = new Date("2026-01-11T12:00:00.000Z")) =>
    inboxPage({
      email: "owner@example.com",
      view: "signups",
      search: "",
      counts: { messages: 0, signups: 1, spam: 0, newMessages: 0, newSignups: 1 },
      rows: [signup],
      optOuts: new Map(),
      ...(dropped ? { dropped } : {}),
      now,
    });

  it("waits for YES while its confirmation may still go", async () => {
    expect(await page(new Map())).toContain("Text alerts: Waiting for YES");
  });

  it("says so when its confirmation was dropped a day after the signup, not waiting for ever", async () => {
    const html = await page(new Map([[7, "stale"]]));
    expect(html).toContain(
      "Not on the list: the confirmation text could not go within a day of the signup (the texts for that day had run out), so it was dropped. Signing up again sends a new one.",
    );
    expect(html).not.toContain("Waiting for YES");
  });

  it("says no text went when the signup was past its connection's share of the day", async () => {
    const html = await page(new Map([[7, "share"]]));
    expect(html).toContain(
      "Not on the list: no confirmation text was sent, since more than 5 signups came from one connection within 24 hours. Signing up again tomorrow sends one.",
    );
    expect(html).not.toContain("Waiting for YES");
  });

  it("stops waiting once the outbox no longer keeps the signup's text", async () => {
    const html = await page(new Map(), new Date("2026-02-10T12:00:00.000Z"));
    expect(html).toContain(
      "Not on the list: no YES came from the number within 30 days of the signup.",
    );
    expect(html).not.toContain("Waiting for YES");
  });
});
