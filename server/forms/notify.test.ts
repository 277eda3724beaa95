import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeSite, tempDir } from "../../tests/support/fake-site.ts";
import { freePort } from "../../tests/support/server.ts";
import { type SmtpCapture, startSmtp } from "../../tests/support/smtp.ts";
import { createApp } from "../node/app.ts";
import { type Database, openDatabase, type Submission } from "../node/database.ts";
import { smtpMailer } from "../node/smtp-mailer.ts";
import { ownersToEmail } from "../owner/auth.ts";
import { ownerStore } from "../owner/store.ts";
import { firstRunWords, hostHelp } from "../owner/words.ts";
import { composeMail, createNotifier, type Mail, type Notifier, noRecipientYet } from "./notify.ts";
import { createRateLimiter } from "./rate-limit.ts";

const contact = {
  name: "Pat Skater",
  email: "pat@example.com",
  phone: "(317) 555-0100",
  subject: "birthday-party",
  message: "Party for 12 on Saturday?\nAround 2 PM.",
};

const post = (body: unknown, path = "/f/contact") =>
  [
    path,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    },
  ] as const;

let dir: ReturnType<typeof tempDir>;
let inbox: Database;
let logged: string[];
const cleanups: (() => Promise<void> | void)[] = [];

beforeEach(() => {
  dir = tempDir();
  inbox = openDatabase(join(dir.path, "inbox.db"));
  logged = [];
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  inbox.close();
  dir.remove();
});

/** The real pieces: nodemailer over SMTP to `port` on loopback, the app, the notifier. */
function wire(port: number) {
  const mailer = smtpMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    to: async () => ["owner@example.test"],
    from: "website@example.test",
  });
  const notifier = createNotifier({ inbox, send: mailer.send, log: (m) => logged.push(m) });
  const app = createApp({ siteDir: fakeSite(dir.path), inbox, notifier });
  cleanups.push(async () => {
    await notifier.stop();
    mailer.close();
  });
  return { app, notifier };
}

/**
 * The Node server's wiring with SMTP_URL and NOTIFY_FROM but no NOTIFY_TO (server/node/index.ts):
 * the owner's emails go to the owners' table, and /setup with `setupCode` makes its owner.
 */
function wireWithoutNotifyTo(port: number, setupCode: string) {
  const owners = ownerStore(inbox.sql);
  const mailer = smtpMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    to: ownersToEmail(owners, []),
    from: "website@example.test",
  });
  const notifier = createNotifier({ inbox, send: mailer.send, log: (m) => logged.push(m) });
  const owner = {
    store: owners,
    owners: [],
    sendTo: mailer.sendTo,
    limiter: createRateLimiter({ perMinute: 1000 }),
    firstRun: { code: setupCode },
    hostHelp: hostHelp.node,
    log: () => {},
  };
  const app = createApp({ siteDir: fakeSite(dir.path), inbox, notifier, owner });
  cleanups.push(async () => {
    await notifier.stop();
    mailer.close();
  });
  return { app, notifier };
}

function smtpOn(smtp: SmtpCapture) {
  cleanups.push(() => smtp.close());
  return smtp;
}

describe("email to the owner", () => {
  it("arrives at a real SMTP server with the form, the time and every field", async () => {
    const smtp = smtpOn(await startSmtp());
    const { app, notifier } = wire(smtp.port);

    const res = await app.request(...post(contact));
    expect(res.status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    await notifier.idle();

    expect(mail?.from).toBe("website@example.test");
    expect(mail?.to).toEqual(["owner@example.test"]);
    const raw = mail?.raw ?? "";
    expect(raw).toMatch(/^Subject: Contact message from Pat Skater: Birthday Party Booking$/m);
    expect(raw).toMatch(/^Reply-To: pat@example\.com$/m);
    expect(raw).toMatch(/^Content-Type: text\/plain/m);
    for (const line of [
      "Form: contact",
      "Name: Pat Skater",
      "Email: pat@example.com",
      "Phone: (317) 555-0100",
      "Subject: Birthday Party Booking",
      "Message:\r\nParty for 12 on Saturday?\r\nAround 2 PM.",
    ]) {
      expect(raw).toContain(line);
    }
    const [row] = inbox.listRecent(1);
    expect(row?.notifySentAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(row?.notifyAttempts).toBe(1);
  });

  it("goes to the owner the first run made when NOTIFY_TO names none, after the welcome", async () => {
    const smtp = smtpOn(await startSmtp());
    const code = "a setup code for this test";
    const { app, notifier } = wireWithoutNotifyTo(smtp.port, code);
    // No owner yet: the message is kept, its email waits for one.
    expect((await app.request(...post(contact))).status).toBe(200);
    await notifier.idle();
    expect(inbox.listRecent(1)[0]).toMatchObject({ notifySentAt: null });
    expect(inbox.listRecent(1)[0]?.notifyLastError).toBe(noRecipientYet);
    expect(smtp.received).toEqual([]);

    const owner = "first.owner@example.com";
    const setUp = await app.request("http://localhost/setup", {
      method: "POST",
      headers: {
        host: "localhost",
        origin: "http://localhost",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ code, email: owner }).toString(),
    });
    expect(setUp.status).toBe(303);
    const [welcome] = await smtp.waitFor(1);
    expect(welcome?.to).toEqual([owner]);
    expect(welcome?.raw).toContain(`Subject: ${firstRunWords.welcomeSubject}`);

    // The waiting message on the next retry, and a new one at once: both to that owner.
    await notifier.retryUnsent();
    expect((await app.request(...post({ ...contact, name: "Sam Roller" }))).status).toBe(200);
    const mails = await smtp.waitFor(3);
    await notifier.idle();
    expect(mails.slice(1).map((m) => [m.from, m.to])).toEqual([
      ["website@example.test", [owner]],
      ["website@example.test", [owner]],
    ]);
    expect(mails[1]?.raw).toMatch(/^Subject: Contact message from Pat Skater/m);
    expect(mails[2]?.raw).toMatch(/^Subject: Contact message from Sam Roller/m);
    expect(inbox.listRecent(2).map((row) => row.notifySentAt)).toEqual([
      expect.any(String),
      expect.any(String),
    ]);
  });

  it("is not sent for spam", async () => {
    const smtp = smtpOn(await startSmtp());
    const { app, notifier } = wire(smtp.port);
    const res = await app.request(...post({ ...contact, _gotcha: "bot" }));
    expect(res.status).toBe(200);
    await notifier.retryUnsent();
    await notifier.idle();
    expect(smtp.received).toEqual([]);
    expect(inbox.listRecent(1)[0]).toMatchObject({ spam: true, notifyAttempts: 0 });
  });

  it("never fails the request when SMTP is down, and is retried once it is up", async () => {
    const port = await freePort();
    const { app, notifier } = wire(port);

    const res = await app.request(...post(contact));
    expect(res.status).toBe(200);
    await notifier.idle();
    const [stored] = inbox.listRecent(1);
    expect(stored).toMatchObject({ data: contact, notifySentAt: null, notifyAttempts: 1 });
    expect(stored?.notifyLastError).toMatch(/ECONNREFUSED/);
    expect(logged).toEqual([expect.stringMatching(/^Email for submission #1 failed, will retry/)]);

    const smtp = smtpOn(await startSmtp({ port }));
    notifier.start(50);
    await smtp.waitFor(1);
    await notifier.idle();
    expect(inbox.get(stored?.id ?? 0)).toMatchObject({ notifyAttempts: 2, notifyLastError: null });
    expect(inbox.get(stored?.id ?? 0)?.notifySentAt).not.toBeNull();
    expect(smtp.received[0]?.raw).toContain("Name: Pat Skater");
  });
});

describe("the retry loop", () => {
  const row = (n: number) =>
    inbox.insert({
      form: "newsletter",
      createdAt: `2025-06-0${n}T12:00:00.000Z`,
      data: { email: `fam${n}@example.com` },
      spam: false,
    });

  function failingNotifier(maxAttempts: number, sent: Mail[] = []): Notifier {
    let up = false;
    const notifier = createNotifier({
      inbox,
      maxAttempts,
      log: (m) => logged.push(m),
      send: async (mail) => {
        if (!up) throw new Error("connect ECONNREFUSED");
        sent.push(mail);
      },
    });
    return Object.assign(notifier, { bringUp: () => (up = true) });
  }

  it("stops a pass at the first failure, and gives up on a row after its attempts", async () => {
    const a = row(1);
    const b = row(2);
    const notifier = failingNotifier(2);
    for (let i = 0; i < 3; i++) await notifier.retryUnsent();
    // Each failed pass costs only the oldest row an attempt; once it is out of attempts
    // the next row takes its place.
    expect(inbox.get(a.id)?.notifyAttempts).toBe(2);
    expect(inbox.get(b.id)?.notifyAttempts).toBe(1);
    expect(inbox.listUnsent(2, 10).map((s) => s.id)).toEqual([b.id]);
    await notifier.stop();
  });

  it("sends every waiting row once the server is back", async () => {
    row(1);
    row(2);
    const sent: Mail[] = [];
    const notifier = failingNotifier(5, sent) as Notifier & { bringUp(): void };
    await notifier.retryUnsent();
    notifier.bringUp();
    await notifier.retryUnsent();
    expect(sent.map((m) => m.subject)).toEqual([
      "Newsletter signup: fam1@example.com",
      "Newsletter signup: fam2@example.com",
    ]);
    expect(inbox.listUnsent(5, 10)).toEqual([]);
    await notifier.stop();
  });

  it("never mails a row twice while its first send is still going", async () => {
    let release: () => void = () => {};
    let started: () => void = () => {};
    const sending = new Promise<void>((done) => (started = done));
    const sent: string[] = [];
    const notifier = createNotifier({
      inbox,
      send: (mail) =>
        new Promise<void>((done) => {
          sent.push(mail.subject);
          release = done;
          started();
        }),
    });
    const stored = row(1);
    const first = notifier.notify(stored);
    const pass = notifier.retryUnsent();
    // The send starts once its email is claimed (a query away), and is let go only then.
    await sending;
    release();
    await Promise.all([first, pass]);
    expect(sent).toHaveLength(1);
    expect(inbox.get(stored.id)?.notifySentAt).not.toBeNull();
    await notifier.stop();
  });

  it("does nothing after stop, leaving rows for the next start", async () => {
    const sent: Mail[] = [];
    const notifier = createNotifier({ inbox, send: async (m) => void sent.push(m) });
    await notifier.stop();
    await notifier.notify(row(1));
    await notifier.retryUnsent();
    expect(sent).toEqual([]);
    expect(inbox.listUnsent(5, 10)).toHaveLength(1);
  });
});

describe("a flood of submissions", () => {
  /** A clock the test moves; the notifier reads it for its claims and digests. */
  function clock(start = Date.parse("2025-06-01T12:00:00.000Z")) {
    let t = start;
    return {
      now: () => new Date(t),
      advance(ms: number) {
        t += ms;
      },
    };
  }
  const minute = 60_000;
  let n = 0;
  const arrive = (store: Database, time: ReturnType<typeof clock>) =>
    store.insert({
      form: "newsletter",
      createdAt: time.now().toISOString(),
      data: { email: `flood${++n}@example.com` },
      spam: false,
    });
  /** Ids each email is about: a row's own (#id), or a digest (the count it tells of). */
  const mailedIds = (mails: Mail[]) =>
    mails.flatMap((m) => [...m.text.matchAll(/^Submission: #(\d+)$/gm)].map((x) => Number(x[1])));
  const digests = (mails: Mail[]) => mails.filter((m) => m.text.includes("read them in the inbox"));

  it("emails the owner 20 an hour one by one, then one digest an hour; each row once", async () => {
    const time = clock();
    const sent: Mail[] = [];
    const notifier = createNotifier({ inbox, now: time.now, send: async (m) => void sent.push(m) });
    const first = Array.from({ length: 50 }, () => arrive(inbox, time));
    for (const row of first) await notifier.notify(row);
    expect(sent).toHaveLength(20);
    expect(mailedIds(sent)).toEqual(first.slice(0, 20).map((r) => r.id));
    expect(inbox.get(first[20]?.id ?? 0)).toMatchObject({ notifySentAt: null, notifyAttempts: 0 });

    // The retry pass (a timer, or the Cron Trigger) tells of the other 30 in one email.
    time.advance(minute);
    await notifier.retryUnsent();
    expect(sent).toHaveLength(21);
    expect(sent[20]).toEqual({
      subject: "30 more submissions in the inbox",
      text: expect.stringMatching(
        /^30 more submissions arrived after 20 emails in an hour; read them in the inbox at \/inbox\/\n/,
      ),
    });
    expect(inbox.listUnsent(30, 100)).toEqual([]);
    expect(inbox.get(first[49]?.id ?? 0)?.notifySentAt).toBe(time.now().toISOString());

    // More within the hour: neither emailed nor a second digest, but kept, and waiting.
    time.advance(10 * minute);
    const later = Array.from({ length: 5 }, () => arrive(inbox, time));
    for (const row of later) await notifier.notify(row);
    await notifier.retryUnsent();
    expect(sent).toHaveLength(21);
    expect(inbox.listUnsent(30, 100).map((r) => r.id)).toEqual(later.map((r) => r.id));

    // An hour after the first emails, they go out one by one again.
    time.advance(50 * minute);
    await notifier.retryUnsent();
    expect(mailedIds(sent.slice(21))).toEqual(later.map((r) => r.id));
    expect(inbox.listUnsent(30, 100)).toEqual([]);
    await notifier.stop();
  });

  it("keeps every hour to 20 emails and a digest over a three-hour flood, and tells of every row once", async () => {
    const store = openDatabase(":memory:");
    cleanups.push(() => store.close());
    const time = clock();
    const sent: { at: number; mail: Mail }[] = [];
    const notifier = createNotifier({
      inbox: store,
      now: time.now,
      send: async (mail) => void sent.push({ at: time.now().getTime(), mail }),
    });
    const rows: Submission[] = [];
    // A submission every 10 s for three hours; the retry pass each minute, as under Node.
    for (let s = 0; s < 3 * 3600; s += 10) {
      const row = arrive(store, time);
      rows.push(row);
      await notifier.notify(row);
      if (s % 60 === 50) await notifier.retryUnsent();
      time.advance(10_000);
    }
    // After the flood, an hour and a few passes more.
    for (let i = 0; i < 70; i++) {
      time.advance(minute);
      await notifier.retryUnsent();
    }
    await notifier.stop();

    for (const { at } of sent) {
      const hour = sent.filter((s) => s.at > at - 3_600_000 && s.at <= at).map((s) => s.mail);
      expect(hour.length - digests(hour).length).toBeLessThanOrEqual(20);
      expect(digests(hour).length).toBeLessThanOrEqual(1);
    }
    const mails = sent.map((s) => s.mail);
    // 80 of the 1,080 one by one (20 in each of four hours) and four digests for the rest.
    expect(mails).toHaveLength(84);
    expect(digests(mails)).toHaveLength(4);
    const one = mailedIds(mails);
    expect(new Set(one).size).toBe(one.length);
    const told = digests(mails).reduce((sum, m) => sum + Number(m.subject.split(" ")[0]), 0);
    expect(one.length + told).toBe(rows.length);
    expect(store.listUnsent(30, 10)).toEqual([]);
  });

  it("retries a digest that failed, leaving its rows unsent until it goes out", async () => {
    const time = clock();
    const sent: Mail[] = [];
    let up = true;
    const notifier = createNotifier({
      inbox,
      now: time.now,
      perHour: 2,
      log: (m) => logged.push(m),
      send: async (mail) => {
        if (!up) throw new Error("connect ECONNREFUSED");
        sent.push(mail);
      },
    });
    const rows = Array.from({ length: 5 }, () => arrive(inbox, time));
    for (const row of rows) await notifier.notify(row);
    expect(sent).toHaveLength(2);

    up = false;
    await notifier.retryUnsent();
    expect(logged).toEqual([
      expect.stringMatching(/^The digest of 3 submissions failed, will retry: connect/),
    ]);
    expect(inbox.listUnsent(30, 10)).toHaveLength(3);

    up = true;
    time.advance(minute);
    await notifier.retryUnsent();
    expect(sent.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Newsletter signup/),
      expect.stringMatching(/^Newsletter signup/),
      "3 more submissions in the inbox",
    ]);
    expect(inbox.listUnsent(30, 10)).toEqual([]);
    // The failure did not count as the hour's digest, the one sent does.
    await notifier.notify(arrive(inbox, time));
    await notifier.retryUnsent();
    expect(sent).toHaveLength(3);
    await notifier.stop();
  });
});

describe("composeMail", () => {
  const stored = (form: string, data: Record<string, string>): Submission => ({
    id: 7,
    form,
    createdAt: "2025-06-01T16:30:00.000Z",
    data,
    spam: false,
    notifySentAt: null,
    notifyAttempts: 0,
    notifyLastError: null,
    handledAt: null,
  });

  it("labels a newsletter signup and marks what was not given", () => {
    expect(composeMail(stored("newsletter", { phone: "(317) 555-0100" }))).toEqual({
      subject: "Newsletter signup: (317) 555-0100",
      text:
        "Form: newsletter\nReceived: 2025-06-01T16:30:00.000Z\nSubmission: #7\n\n" +
        "Email: (not given)\nPhone: (317) 555-0100\n",
    });
  });

  it("keeps the subject line on one line whatever the name holds", () => {
    const mail = composeMail(
      stored("contact", { ...contact, name: "Pat\r\nBcc: victim@example.com" }),
    );
    expect(mail.subject).toBe(
      "Contact message from Pat Bcc: victim@example.com: Birthday Party Booking",
    );
    expect(mail.replyTo).toBe("pat@example.com");
  });
});
