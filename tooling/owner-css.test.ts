import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Submission } from "../server/forms/submission.ts";
import { forgetPage } from "../server/owner/forget-pages.tsx";
import { homePage } from "../server/owner/home-page.tsx";
import { inboxPage } from "../server/owner/inbox-page.tsx";
import { signInPage } from "../server/owner/pages.tsx";
import { stylesheet } from "../server/owner/stylesheet.ts";
import { updatesPage } from "../server/owner/update-pages.tsx";
import { buttonStyles } from "../ui/button-styles.ts";
import { controlStyles, hintStyles, labelStyles } from "../ui/field-styles.ts";
import { compileOwnerCss, ownerCssModule, ownerCssModuleText } from "./owner-css.ts";

const email = "owner@example.com";
const counts = { messages: 1, signups: 0, spam: 1, newMessages: 1, newSignups: 0 };
const message: Submission = {
  id: 1,
  form: "contact",
  createdAt: "2026-11-26T15:00:00Z",
  data: { name: "Pat Skater", email: "pat@example.com", message: "Skates for 12?" },
  spam: false,
  notifySentAt: null,
  notifyAttempts: 0,
  notifyLastError: null,
  handledAt: null,
};

/** The owner's screens, the states with the most on them: errors, an update on, spam to empty. */
async function ownerPages(): Promise<string[]> {
  return [
    await signInPage(),
    await homePage({
      email,
      counts,
      updates: true,
      live: null,
      listsNotConnected: ["text"],
      editorConnected: false,
    }),
    await inboxPage({
      email,
      view: "messages",
      search: "",
      counts,
      rows: [message],
      updates: true,
      now: new Date(),
    }),
    await inboxPage({ email, view: "spam", search: "", counts, rows: [], now: new Date() }),
    await forgetPage(
      1,
      { email: "pat@example.com", phone: null, shown: "pat@example.com" } as never,
      [message],
      email,
    ),
    await updatesPage({
      email,
      values: { kind: "", note: "", date: "", opens: "", closes: "", until: "", lists: [] },
      problems: { note: ["Write the note."] },
      context: {
        today: "2026-11-26",
        lastDay: "2026-12-10",
        nowLocal: "2026-11-26T10:00",
        untilMax: "2026-12-10T10:00",
        lists: { email: "Kit" },
      },
      current: {
        id: "u1",
        kind: "closed-today",
        note: "Closed for ice.",
        date: "2026-11-26",
        hours: null,
        until: "2026-11-27T06:00:00Z",
      },
      recent: [],
      now: new Date("2026-11-26T15:00:00Z"),
    } as never),
  ];
}

/** A class as a CSS selector writes it (Tailwind's `hover:bg-white/10` is `.hover\:bg-white\/10`). */
const selectorOf = (name: string) => `.${name.replace(/[^\w-]/g, (c) => `\\${c}`)}`;

describe("the owner's stylesheet (tooling/owner-css.ts)", () => {
  it("is, as written into server/owner/stylesheet-built.ts, what owner.css compiles to now", async () => {
    const { css } = await compileOwnerCss();
    // A yes or no, not a diff of two long lines of minified CSS.
    const current = readFileSync(ownerCssModule, "utf8") === ownerCssModuleText(css);
    expect(
      current,
      "server/owner/stylesheet-built.ts is out of date: run `npm run owner-css`",
    ).toBe(true);
  });

  it("has a rule for every ui/ class the owner's screens put on a page, and no ui/ style they leave out", async () => {
    const shared = new Set(
      [buttonStyles, controlStyles, hintStyles, labelStyles]
        .flatMap((styles) => Object.values(styles))
        .flatMap((classes) => classes.split(/\s+/)),
    );
    const used = new Set<string>();
    for (const html of await ownerPages()) {
      for (const [, names = ""] of html.matchAll(/\bclass="([^"]*)"/g)) {
        for (const name of names.split(/\s+/)) if (shared.has(name)) used.add(name);
      }
    }
    // The danger button, an outline one, a field: the pages above do use ui/'s looks.
    for (const name of ["bg-pop-700", "border-brand-800", "border-slate-500"]) {
      expect(used).toContain(name);
    }
    // The selector whole: not the start of a longer class (`.border` in `.border-2`).
    const ruled = (name: string) =>
      stylesheet.split(selectorOf(name)).some((after, i) => i > 0 && /^[{:[,]/.test(after));
    const missing = [...used].filter((name) => !ruled(name));
    expect(missing, "classes with no rule in the owner's stylesheet").toEqual([]);
    // The site's yellow call to action and its fields on a dark band are not the owner's.
    for (const name of ["bg-accent-400", "focus-visible:outline-accent-300"]) {
      expect(stylesheet).not.toContain(selectorOf(name));
    }
  });

  it("uses the site's tokens and imports nothing, loads no font", () => {
    expect(stylesheet).toContain("--color-brand-800:oklch(34% .15 300)");
    expect(stylesheet).not.toMatch(/@import|@font-face|url\(/);
  });
});
