// "Post an update" over HTTP on both of the inbox's homes (tests/support/inbox-targets.ts): the
// owner posts a closure through the form, its preview and the confirmation; the pages' read
// (/updates/current.json) shows it, and shows none once it is ended or past its end; bad input
// comes back as a 4xx page that says what is wrong beside each field and keeps everything
// typed; the email and text lists are offered only once their services are set up, and then
// the update reaches them (the Kit and Twilio stand-ins) and the page says so in words; and
// nothing without a session (401) or from another origin (403). The rules themselves, with a
// clock of our own, are server/lists/outbox.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rinkInstant, rinkWallClock } from "../rink/clock.ts";
import { textsPerMonth } from "../rink/forms/newsletter.ts";
import { liveUpdatePath } from "../rink/live-update.ts";
import { kitBroadcastDescription } from "../server/lists/kit.ts";
import { confirmationText } from "../server/lists/text-message.ts";
import { homeWords } from "../server/owner/words.ts";
import {
  clientAddresses,
  edgeTarget,
  type InboxTarget,
  nodeTarget,
  ownerAddress,
  pageRequest,
} from "./support/inbox-targets.ts";
import { type KitStandIn, startKitStandIn } from "./support/kit-stand-in.ts";
import { listServiceSettings } from "./support/list-service-settings.ts";
import { decoded, hiddenFields, inputsOf } from "./support/owner-html.ts";
import {
  incomingMessage,
  signTwilio,
  startTwilioStandIn,
  type TwilioStandIn,
} from "./support/twilio-stand-in.ts";

const rinkName = "Sugar Creek Skateland";

const nextClient = clientAddresses("10.88");

/** A moment on the rink's clock, `hours` from now, as the form's datetime-local field has it. */
const rinkLocal = (hours: number) => {
  const { date, time } = rinkWallClock(new Date(Date.now() + hours * 3_600_000));
  return `${date}T${time}`;
};
const rinkToday = () => rinkWallClock(new Date()).date;

describe.for([
  ["Node", nodeTarget],
  ["Workers", edgeTarget],
] as const)("the owner's updates on %s", { timeout: 60_000 }, ([, start]) => {
  let target: InboxTarget;
  let kit: KitStandIn;
  let twilio: TwilioStandIn;
  let cookie = "";

  beforeAll(async () => {
    [target, kit, twilio] = await Promise.all([start(), startKitStandIn(), startTwilioStandIn()]);
    cookie = await signIn();
  }, 90_000);
  afterAll(async () => {
    await target?.stop();
    await Promise.all([kit?.close(), twilio?.close()]);
  });

  function send(path: string, init: RequestInit & { cookie?: string; origin?: string } = {}) {
    return pageRequest(target, nextClient(), path, init);
  }
  const post = (
    path: string,
    fields: Record<string, string> | [string, string][],
    options: { cookie?: string; origin?: string } = { cookie },
  ) =>
    send(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      ...options,
    });
  const current = async () => {
    const res = await send(liveUpdatePath);
    expect(res.status).toBe(200);
    return ((await res.json()) as { update: Record<string, unknown> | null }).update;
  };

  async function signIn(): Promise<string> {
    const links = () =>
      target.mails().filter((m) => m.subject === "Your sign-in link for the rink's inbox");
    const before = links().length;
    await post("/inbox/sign-in", { email: ownerAddress }, {});
    const deadline = Date.now() + 10_000;
    while (links().length === before && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
    }
    const token = /\/inbox\/auth\?token=(\S+)/.exec(links().at(-1)?.text ?? "")?.[1] ?? "";
    const res = await post("/inbox/auth", { token }, {});
    expect(res.status).toBe(303);
    return (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  }

  /** Form → preview → "Post it now": the update's id. */
  async function postUpdate(fields: [string, string][]): Promise<string> {
    const preview = await post("/inbox/updates/preview", fields);
    const page = await preview.text();
    expect(preview.status, page).toBe(200);
    const hidden = hiddenFields(page);
    const confirmed = await post("/inbox/updates", hidden);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/inbox/updates?done=posted");
    return hidden.find(([name]) => name === "id")?.[1] ?? "";
  }

  it("answers the pages' read with no update, kept 30 s, with the site's headers", async () => {
    const res = await send(liveUpdatePath);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=30");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(await res.json()).toEqual({ update: null });
  });

  it("refuses the update pages without a session (401) and a post from another origin (403)", async () => {
    const fields = { kind: "news", note: "Hi", until: rinkLocal(2) };
    expect((await send("/inbox/updates")).status).toBe(401);
    for (const path of [
      "/inbox/updates/preview",
      "/inbox/updates/edit",
      "/inbox/updates",
      `/inbox/updates/${crypto.randomUUID()}/end`,
    ]) {
      expect((await post(path, fields, {})).status, path).toBe(401);
      const forged = await post(path, fields, { cookie, origin: "https://evil.example" });
      expect(forged.status, path).toBe(403);
    }
    expect(target.query("SELECT id FROM owner_updates")).toEqual([]);
  });

  it("refuses an update posted by a script, even of this site's own origin (403, a page that says why)", async () => {
    const preview = await post("/inbox/updates/preview", [
      ["kind", "news"],
      ["note", "Free skate for everyone!"],
      ["until", rinkLocal(2)],
    ]);
    const hidden = hiddenFields(await preview.text());
    // As the editor's third-party code at /admin would send it: fetch(), same origin.
    const scripted = await send("/inbox/updates", {
      method: "POST",
      cookie,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Sec-Fetch-Site": "same-origin",
        "Sec-Fetch-Mode": "cors",
        "Sec-Fetch-Dest": "empty",
      },
      body: new URLSearchParams(hidden).toString(),
    });
    expect(scripted.status).toBe(403);
    expect(await scripted.text()).toContain("not by a script or from inside another page");
    expect(target.query("SELECT id FROM owner_updates")).toEqual([]);
  });

  it("offers the site alone while no list service is set up, and refuses a list it did not offer", async () => {
    const res = await send("/inbox/updates", { cookie });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('<h2 id="post-heading">Post an update</h2>');
    expect(page).toContain("It always shows on the site.");
    expect(page).toContain("The email and text lists are not set up");
    expect(page).not.toContain('name="lists"');
    // Every field has its label.
    for (const id of ["note", "date", "opens", "closes", "until", "kind-closed-today"]) {
      expect(page, id).toContain(`for="${id}"`);
      expect(page, id).toContain(`id="${id}"`);
    }
    const refused = await post("/inbox/updates/preview", [
      ["kind", "news"],
      ["note", "New skates are in!"],
      ["until", rinkLocal(5)],
      ["lists", "text"],
    ]);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The text list is not set up.");
    // The owner's home says so first, with the way to Post an update (issue 33).
    const home = await (await send("/inbox/", { cookie })).text();
    for (const [list, service] of [
      ["The email list", "Kit"],
      ["The text list", "Twilio"],
    ] as const) {
      expect(decoded(home)).toContain(homeWords.listNotConnected(list, service));
    }
    expect(home).toContain(`<a class="door" href="/inbox/updates">`);
  });

  it("answers bad input with a 4xx page: what is wrong, beside its field, and everything typed kept", async () => {
    const until = rinkLocal(3);
    const tooFar = rinkLocal(24 * 15);
    const cases: [string, [string, string][], string, string][] = [
      [
        "no note",
        [
          ["kind", "closed-today"],
          ["note", "  "],
          ["until", until],
        ],
        "note",
        "Write the note.",
      ],
      [
        "more than 14 days ahead",
        [
          ["kind", "closed-today"],
          ["note", "Snow day & ice"],
          ["until", tooFar],
        ],
        "until",
        "The update can hold at most 14 days ahead.",
      ],
      [
        "a kind that does not exist",
        [
          ["kind", "party-time"],
          ["note", "Snow day & ice"],
          ["until", until],
        ],
        "kind",
        "Choose what the update means.",
      ],
      [
        "different hours without the times",
        [
          ["kind", "different-hours"],
          ["note", "Open late <today>"],
          ["until", until],
        ],
        "opens",
        "Give the time the rink opens today.",
      ],
      [
        "a closure on a date without the date",
        [
          ["kind", "closed-on-date"],
          ["note", "Closed for a private event"],
          ["until", until],
        ],
        "date",
        "Choose the date the rink is closed.",
      ],
      [
        "an end that is not a date",
        [
          ["kind", "news"],
          ["note", "New skates"],
          ["until", "next friday"],
        ],
        "until",
        "Write the end as a date and time, like 2026-01-10 23:59.",
      ],
      [
        "a list that does not exist",
        [
          ["kind", "news"],
          ["note", "New skates"],
          ["until", until],
          ["lists", "fax"],
        ],
        "lists",
        'There is no list called "fax".',
      ],
    ];
    for (const [name, fields, field, message] of cases) {
      const res = await post("/inbox/updates/preview", fields);
      expect(res.status, name).toBe(400);
      const page = await res.text();
      expect(page, name).toContain("<title>Error: Post an update · Inbox</title>");
      // Announced at the top, each problem a link to its field, and said beside the field.
      expect(page, name).toMatch(/<div class="error-summary" role="alert"/);
      // Each message as the owner reads it (decoded: React writes ' as &#x27;, decision 026),
      // in its field's error beneath it (ui/field.tsx's FieldError, as the site's forms show it).
      const said = new RegExp(`<p id="${field}-error" class="[^"]*">([^<]*)</p>`).exec(
        decoded(page),
      );
      expect(said?.[1], name).toBe(message);
      // The field described by its error, among its ids (the error first, then the hint, as
      // ui/field-styles.ts wires the site's forms too).
      expect(page, name).toMatch(new RegExp(`aria-describedby="(${field}-error)[ "]`));
      // Each link of the summary lands on its field (the lists' on their fieldset, since 026).
      for (const [, id] of page.matchAll(/<a href="#([^"]+)">/g)) {
        expect(page, `${name}: #${id}`).toContain(`id="${id}"`);
      }
      // Nothing typed is lost.
      const note = fields.find(([n]) => n === "note")?.[1] ?? "";
      const typedUntil = fields.find(([n]) => n === "until")?.[1] ?? "";
      expect(decoded(page), name).toContain(`>${note}</textarea>`);
      expect(decoded(page), name).toContain(`value="${typedUntil}"`);
      const kind = fields.find(([n]) => n === "kind")?.[1] ?? "";
      if (kind !== "party-time") {
        // The kind typed is still the radio chosen, and still required (attributes in any order).
        expect(
          inputsOf(page).find((input) => input.name === "kind" && input.value === kind),
          name,
        ).toMatchObject({ type: "radio", required: "", checked: "" });
      }
    }
    const hours = await post("/inbox/updates/preview", [
      ["kind", "different-hours"],
      ["note", "Open late"],
      ["opens", "18:00"],
      ["closes", "17:00"],
      ["until", until],
    ]);
    expect(hours.status).toBe(400);
    const hoursPage = await hours.text();
    expect(hoursPage).toContain("The closing time must be after the opening time.");
    expect(hoursPage).toContain('value="18:00"');
    // "Post it now" without a preview's id: refused, nothing stored.
    const unpreviewed = await post("/inbox/updates", [
      ["kind", "news"],
      ["note", "Hello"],
      ["until", until],
    ]);
    expect(unpreviewed.status).toBe(400);
    expect(await unpreviewed.text()).toContain("Preview the update first, then post it.");
    expect(target.query("SELECT id FROM owner_updates")).toEqual([]);
  });

  it("posts a closure from the form, its preview and the confirmation; the site's read shows it; End now ends it", async () => {
    const note = "Closed today: the roads are ice. Stay safe!";
    const fields: [string, string][] = [
      ["kind", "closed-today"],
      ["note", note],
      ["until", rinkLocal(4)],
    ];
    const preview = await post("/inbox/updates/preview", fields);
    expect(preview.status).toBe(200);
    const page = await preview.text();
    expect(page).toContain("<h1>Check the update</h1>");
    expect(page).toContain("Nothing is sent until you press “Post it now”.");
    expect(decoded(page)).toContain("Today's status on every page turns to Closed, with the note.");
    expect(page).toContain(note);
    expect(page).toContain(">Post it now</button>");
    // The preview stores nothing.
    expect(target.query("SELECT id FROM owner_updates")).toEqual([]);

    // "Change it" brings the form back as it was.
    const back = await post("/inbox/updates/edit", hiddenFields(page));
    expect(back.status).toBe(200);
    expect(decoded(await back.text())).toContain(`>${note}</textarea>`);

    const hidden = hiddenFields(page);
    const confirmed = await post("/inbox/updates", hidden);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/inbox/updates?done=posted");
    // A second press of the button posts nothing twice.
    expect((await post("/inbox/updates", hidden)).status).toBe(303);
    const stored = target.query("SELECT id FROM owner_updates");
    expect(stored).toHaveLength(1);
    const id = String(stored[0]?.id);

    const shown = await current();
    expect(shown).toEqual({
      id,
      kind: "closed-today",
      note,
      date: rinkToday(),
      hours: null,
      until: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/),
    });
    const until = Date.parse(String(shown?.until));
    expect(Math.abs(until - (Date.now() + 4 * 3_600_000))).toBeLessThan(120_000);

    const list = await (await send("/inbox/updates?done=posted", { cookie })).text();
    expect(list).toContain('<p class="summary" role="status">Posted.');
    // The owner's home says what the site shows now, a link to its page (issue 33).
    const homeWhile = await (await send("/inbox/", { cookie })).text();
    expect(homeWhile).toMatch(
      /<li><a href="\/inbox\/updates">On the site now: Closed today, until \w{3}, \w{3} \d+/,
    );
    expect(list).toContain(`action="/inbox/updates/${id}/end"`);
    expect(list).toContain(">End now</button>");

    const ended = await post(`/inbox/updates/${id}/end`, {});
    expect(ended.status).toBe(303);
    expect(ended.headers.get("location")).toBe("/inbox/updates?done=ended");
    expect(await current()).toBeNull();
    const after = await (await send("/inbox/updates?done=ended", { cookie })).text();
    expect(after).toContain("Nothing: the site shows its usual hours and announcement.");
    expect(after).toMatch(/Ended \w{3}, \w{3} \d+/);
    expect(after).not.toContain(">End now</button>");
    expect(await (await send("/inbox/", { cookie })).text()).not.toContain("On the site now:");
    expect((await post(`/inbox/updates/${crypto.randomUUID()}/end`, {})).status).toBe(404);
  });

  it("gives the day's hours for different hours; a newer update replaces the one shown", async () => {
    const news = await postUpdate([
      ["kind", "news"],
      ["note", "Glow night is back on Saturday."],
      ["until", rinkLocal(48)],
    ]);
    expect(await current()).toMatchObject({ id: news, kind: "news", date: null, hours: null });
    const preview = await (
      await post("/inbox/updates/preview", [
        ["kind", "different-hours"],
        ["note", "Opening late for the storm."],
        ["opens", "14:00"],
        ["closes", "17:00"],
        ["until", rinkLocal(6)],
      ])
    ).text();
    expect(preview).toContain("Different hours today: 2:00 PM to 5:00 PM");
    expect(preview).toContain(
      "It replaces the update on the site now: “Glow night is back on Saturday.”",
    );
    expect((await post("/inbox/updates", hiddenFields(preview))).status).toBe(303);
    expect(await current()).toMatchObject({
      kind: "different-hours",
      note: "Opening late for the storm.",
      date: rinkToday(),
      hours: [{ start: "14:00", end: "17:00" }],
    });
    expect(
      target.query("SELECT ended_at FROM owner_updates WHERE id = ?", news)[0]?.ended_at,
    ).toEqual(expect.any(String));
  });

  it("never shows an update past its end", async () => {
    // One that ended an hour ago, newer than the one in force (written straight into the
    // database, behind the Worker's edge cache: the owner's End now below empties it).
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const before = await current();
    expect(before).not.toBeNull();
    await target.sql.run(
      `INSERT INTO owner_updates (id, created_at, kind, note, until, subject, text_body, lists)
       VALUES (?, ?, 'closed-today', 'Old news', ?, 's', '', '{}')`,
      crypto.randomUUID(),
      at(0),
      at(-1),
    );
    // With the one in force ended, none: not the newer one past its end.
    const ended = await post(`/inbox/updates/${String(before?.id)}/end`, {});
    expect(ended.status).toBe(303);
    expect(await current()).toBeNull();
  });

  it("offers the email and text lists once their services are set up, and reports what each list got", async () => {
    await target.restart(listServiceSettings(kit.url, twilio.url, rinkName));
    const signup = await send("/f/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ email: "fam@example.com", phone: "(317) 555-0301" }),
    });
    expect(signup.status).toBe(200);
    // The number is asked to reply YES (issue 31), and replies it from that phone, through
    // Twilio's signed webhook; the texts' statuses come back signed to SITE_URL (its own).
    twilio.deliverTo(target.url);
    const confirmation = confirmationText(rinkName, textsPerMonth);
    for (let i = 0; i < 80 && twilio.messages.length < 1; i++) {
      await target.tick();
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(twilio.messages.map((m) => [m.to, m.body])).toEqual([["+13175550301", confirmation]]);
    const yes = incomingMessage("+13175550301", "YES", "START");
    const replied = await send("/hooks/twilio", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": signTwilio(`${target.url}/hooks/twilio`, yes),
      },
      body: new URLSearchParams(yes).toString(),
    });
    expect(replied.status).toBe(200);
    const updateTexts = () => twilio.messages.filter((m) => m.body !== confirmation);

    const form = await (await send("/inbox/updates", { cookie })).text();
    // Each list a checkbox whose label names it and its service (its attributes in any order).
    for (const [list, words] of [
      ["email", "The email list (sent by Kit)"],
      ["text", "The text list (sent by Twilio)"],
    ] as const) {
      expect(inputsOf(form).find((input) => input.value === list)).toMatchObject({
        type: "checkbox",
        id: `lists-${list}`,
        name: "lists",
      });
      expect(form).toMatch(
        new RegExp(
          `<label class="choice" for="lists-${list}"><input [^>]*> ${words.replace(/[()]/g, "\\$&")}</label>`,
        ),
      );
    }
    expect(form).not.toContain("are not set up");
    expect(await (await send("/inbox/", { cookie })).text()).not.toContain("is not connected:");

    const note = "Closed today for the ice storm.";
    const preview = await (
      await post("/inbox/updates/preview", [
        ["kind", "closed-today"],
        ["note", note],
        ["until", rinkLocal(3)],
        ["lists", "email"],
        ["lists", "text"],
      ])
    ).text();
    expect(preview).toContain('<h2 id="email-heading">Email to the email list</h2>');
    expect(preview).toContain(`<dd>${rinkName}: Closed today</dd>`);
    const text = `${rinkName}: ${note} Reply STOP to opt out.`;
    expect(preview).toContain(`${text}</p>`);
    expect(preview).toContain(`${text.length} of 160 characters`);
    expect(preview).toContain("The texts go now.");
    expect(kit.broadcasts).toHaveLength(0);
    expect(updateTexts()).toHaveLength(0);
    expect((await post("/inbox/updates", hiddenFields(preview))).status).toBe(303);

    const deadline = Date.now() + 20_000;
    while ((kit.broadcasts.length < 1 || updateTexts().length < 1) && Date.now() < deadline) {
      await target.tick();
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(kit.broadcasts.map((b) => b.subject)).toEqual([`${rinkName}: Closed today`]);
    expect(updateTexts().map((m) => [m.to, m.body])).toEqual([["+13175550301", text]]);
    // The stand-ins hear of each call before the server records its answer: poll the page.
    const report = async () => (await send("/inbox/updates", { cookie })).text();
    let page = await report();
    for (
      let i = 0;
      i < 40 && !(/<dd>1 text delivered\./.test(page) && /<dd>Sent: one email/.test(page));
      i++
    ) {
      await target.tick();
      await new Promise((r) => setTimeout(r, 250));
      page = await report();
    }
    expect(page).toMatch(
      /<dt>The email list<\/dt>\s*<dd>Sent: one email to everyone on the list\./,
    );
    // Counted as the carrier reported it (the status callback), not as Twilio took it.
    expect(page).toMatch(/<dt>The text list<\/dt>\s*<dd>1 text delivered\./);
  }, 120_000);

  it("sends the text list at most the 4 updates a month its signup promises; the site and the email list can still have one", async () => {
    const monthStart = rinkInstant(`${rinkToday().slice(0, 7)}-01`, "00:00").toISOString();
    const texted = () =>
      Number(
        target.query(
          `SELECT count(*) AS n FROM owner_updates
           WHERE created_at >= ? AND json_extract(lists, '$.text') = 'queued'`,
          monthStart,
        )[0]?.n,
      );
    // Earlier this month: as many texted updates as the promise allows (on the 1st at midnight,
    // so that the day's limit of 5 is not what stops the next one).
    for (let i = texted(); i < textsPerMonth; i++) {
      await target.sql.run(
        `INSERT INTO owner_updates (id, created_at, kind, note, until, subject, text_body, lists)
         VALUES (?, ?, 'news', 'Theme night', ?, 'News', 'News', '{"text":"queued"}')`,
        crypto.randomUUID(),
        monthStart,
        monthStart,
      );
    }
    const fields: [string, string][] = [
      ["kind", "closed-today"],
      ["note", "Closed today: no power."],
      ["until", rinkLocal(2)],
      ["lists", "email"],
    ];
    const full = await post("/inbox/updates/preview", [...fields, ["lists", "text"]]);
    expect(full.status).toBe(400);
    const page = await full.text();
    expect(page).toContain(
      "The text list has had 4 texts this month, the most its signup promises: untick The text list (the site and the email list can still have it), or wait until the 1st.",
    );
    expect(page).toContain(">Closed today: no power.</textarea>");
    // Without the text list it goes on (its preview; the day's 5 are the next test's).
    const preview = await post("/inbox/updates/preview", fields);
    expect(preview.status).toBe(200);
    const previewed = await preview.text();
    expect(previewed).toContain('<h2 id="email-heading">Email to the email list</h2>');
    expect(previewed).not.toContain('<h2 id="text-heading">');
    expect(texted()).toBe(textsPerMonth);
  });

  it("posts at most 5 updates a day, keeping what was typed; of two posts at once for the 5th, one", async () => {
    const since = () => new Date(Date.now() - 86_400_000).toISOString();
    const posted = () =>
      Number(
        target.query("SELECT count(*) AS n FROM owner_updates WHERE created_at >= ?", since())[0]
          ?.n,
      );
    // The earlier tests' updates made yesterday's, so that this one has the day to itself.
    await target.sql.run(
      "UPDATE owner_updates SET created_at = ? WHERE created_at >= ?",
      new Date(Date.now() - 25 * 3_600_000).toISOString(),
      since(),
    );
    for (let i = posted(); i < 4; i++) {
      await postUpdate([
        ["kind", "news"],
        ["note", `News number ${i}`],
        ["until", rinkLocal(2)],
      ]);
    }
    // The 5th from two tabs at once: each checked, both pressed together; one is stored.
    const tabs = await Promise.all(
      ["The 5th, from one tab", "The 5th, from another tab"].map(async (note) =>
        hiddenFields(
          await (
            await post("/inbox/updates/preview", [
              ["kind", "news"],
              ["note", note],
              ["until", rinkLocal(2)],
            ])
          ).text(),
        ),
      ),
    );
    const pressed = await Promise.all(tabs.map((hidden) => post("/inbox/updates", hidden)));
    expect(pressed.map((res) => res.status).sort()).toEqual([303, 429]);
    expect(posted()).toBe(5);
    const preview = await (
      await post("/inbox/updates/preview", [
        ["kind", "news"],
        ["note", "One too many"],
        ["until", rinkLocal(2)],
      ])
    ).text();
    const refused = await post("/inbox/updates", hiddenFields(preview));
    expect(refused.status).toBe(429);
    const page = await refused.text();
    expect(page).toContain("At most 5 updates a day: please wait before sending another.");
    expect(page).toContain(">One too many</textarea>");
  });

  it("reports an email Kit kept as a draft as not sent, in words, on the owner's page", async () => {
    // The day's updates made yesterday's: this one is within the day's 5.
    await target.sql.run(
      "UPDATE owner_updates SET created_at = ? WHERE created_at >= ?",
      new Date(Date.now() - 25 * 3_600_000).toISOString(),
      new Date(Date.now() - 86_400_000).toISOString(),
    );
    kit.keepDrafts = true;
    try {
      const id = await postUpdate([
        ["kind", "news"],
        ["note", "Skate swap on Sunday."],
        ["until", rinkLocal(2)],
        ["lists", "email"],
      ]);
      const draft = "Kit kept the email as a draft, so it was not sent";
      let page = "";
      for (let i = 0; i < 40 && !page.includes(draft); i++) {
        await target.tick();
        await new Promise((r) => setTimeout(r, 250));
        page = await (await send("/inbox/updates", { cookie })).text();
      }
      const item = decoded(page.slice(page.indexOf(`id="u-${id}"`)));
      expect(item).toMatch(
        /<dt>The email list<\/dt>\s*<dd>Not sent\.<ul class="plain"><li>1 failed: Kit kept the email as a draft, so it was not sent: send it from Kit's Broadcasts page \(Drafts\)<\/li>/,
      );
      // Read back from Kit by its id, and made once.
      const made = kit.broadcasts.filter((b) => b.description === kitBroadcastDescription(id));
      expect(made).toHaveLength(1);
      expect(made.at(-1)?.send_at).toBeNull();
      expect(
        kit.requests.some(
          (r) => r.method === "GET" && r.path === `/v4/broadcasts/${made.at(-1)?.id}`,
        ),
      ).toBe(true);
    } finally {
      kit.keepDrafts = false;
    }
  });
});
