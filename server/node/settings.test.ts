import { generateKeyPairSync } from "node:crypto";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readSettings } from "./settings.ts";

describe("readSettings", () => {
  it("has defaults for everything, with email off", () => {
    expect(readSettings({})).toEqual({
      port: 3000,
      host: "0.0.0.0",
      siteDir: resolve("build/client"),
      databasePath: resolve("data/inbox.db"),
      mail: undefined,
      rateLimitPerMinute: 5,
      dailyLimitPerForm: 500,
      trustProxy: { kind: "none" },
      siteOrigins: [],
      owners: [],
      logLevel: "info",
      lists: {
        retrySeconds: 60,
        sendHours: { start: "09:00", end: "20:00" },
        confirmationsPerDay: 100,
        textsToCanada: false,
      },
    });
  });

  it("sets up Kit and Twilio with their API addresses by default, and says what is missing", () => {
    const lists = readSettings({
      NEWSLETTER_SERVICE: "kit",
      KIT_API_KEY: "kit-key",
      KIT_FORM_ID: "1234",
      KIT_WEBHOOK_SECRET: "a-long-random-webhook-secret-0123",
      SMS_SERVICE: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"a".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_MESSAGING_SERVICE_SID: `MG${"b".repeat(32)}`,
      RINK_NAME: "Sugar Creek Skateland",
      SITE_URL: "https://rink.example",
    }).lists;
    expect(lists).toEqual({
      kit: {
        apiKey: "kit-key",
        formId: "1234",
        apiUrl: "https://api.kit.com",
        webhookSecret: "a-long-random-webhook-secret-0123",
      },
      twilio: {
        accountSid: `AC${"a".repeat(32)}`,
        authToken: "token",
        messagingServiceSid: `MG${"b".repeat(32)}`,
        apiUrl: "https://api.twilio.com",
        statusCallbackUrl: "https://rink.example/hooks/twilio/status",
      },
      rinkName: "Sugar Creek Skateland",
      retrySeconds: 60,
      sendHours: { start: "09:00", end: "20:00" },
      confirmationsPerDay: 100,
      textsToCanada: false,
    });
    expect(() => readSettings({ NEWSLETTER_SERVICE: "kit" })).toThrow(
      /KIT_API_KEY: is required with NEWSLETTER_SERVICE=kit\n\s+KIT_FORM_ID: is required/,
    );
    expect(() => readSettings({ SMS_SERVICE: "twilio", TWILIO_AUTH_TOKEN: "t" })).toThrow(
      /TWILIO_ACCOUNT_SID: is required with SMS_SERVICE=twilio[\s\S]*RINK_NAME: is required/,
    );
    expect(() => readSettings({ NEWSLETTER_SERVICE: "mailchimp" })).toThrow(/NEWSLETTER_SERVICE/);
    expect(() => readSettings({ KIT_API_URL: "ftp://kit" })).toThrow(/KIT_API_URL/);
    // Plain http in capitals is plain http: every service's base is judged as parsed.
    for (const name of ["KIT_API_URL", "TWILIO_API_URL", "GITHUB_API_URL"]) {
      expect(() => readSettings({ [name]: "HTTP://api.example.com" }), name).toThrow(
        new RegExp(`${name}: must be an https:// URL \\(the service's API\\); http:// only`),
      );
      expect(readSettings({ [name]: "HTTPS://API.example.com" })).toBeDefined();
    }
    expect(() => readSettings({ KIT_WEBHOOK_SECRET: "short" })).toThrow(/KIT_WEBHOOK_SECRET/);
  });

  it("requires SITE_URL with a list service, and reads the text list's hours, ceiling and API key (issue 31)", () => {
    const twilio = {
      SMS_SERVICE: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"a".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_MESSAGING_SERVICE_SID: `MG${"b".repeat(32)}`,
      RINK_NAME: "Sugar Creek Skateland",
    };
    // Behind a proxy without it, every genuine webhook would fail its signature, silently.
    expect(() => readSettings(twilio)).toThrow(/SITE_URL: is required with SMS_SERVICE=twilio/);
    expect(() =>
      readSettings({ NEWSLETTER_SERVICE: "kit", KIT_API_KEY: "k", KIT_FORM_ID: "1" }),
    ).toThrow(/SITE_URL: is required with NEWSLETTER_SERVICE=kit/);
    const lists = readSettings({
      ...twilio,
      SITE_URL: "https://rink.example/",
      SMS_SEND_HOURS: "10:00-19:30",
      SMS_CONFIRMATIONS_PER_DAY: "25",
      TWILIO_API_KEY_SID: `SK${"c".repeat(32)}`,
      TWILIO_API_KEY_SECRET: "key-secret",
    }).lists;
    expect(lists.sendHours).toEqual({ start: "10:00", end: "19:30" });
    expect(lists.confirmationsPerDay).toBe(25);
    expect(lists.twilio).toMatchObject({
      authToken: "token",
      apiKey: { sid: `SK${"c".repeat(32)}`, secret: "key-secret" },
      statusCallbackUrl: "https://rink.example/hooks/twilio/status",
    });
    for (const hours of ["9-20", "20:00-09:00", "09:00-25:00", "09:00"]) {
      expect(() => readSettings({ SMS_SEND_HOURS: hours }), hours).toThrow(/SMS_SEND_HOURS/);
    }
    expect(() => readSettings({ TWILIO_API_KEY_SID: `SK${"c".repeat(32)}` })).toThrow(
      /TWILIO_API_KEY_SECRET: is required/,
    );
    expect(() => readSettings({ SMS_CONFIRMATIONS_PER_DAY: "0" })).toThrow(
      /SMS_CONFIRMATIONS_PER_DAY/,
    );
    expect(readSettings({ SMS_TO_CANADA: "yes" }).lists.textsToCanada).toBe(true);
    expect(readSettings({ SMS_TO_CANADA: "no" }).lists.textsToCanada).toBe(false);
    expect(() => readSettings({ SMS_TO_CANADA: "true" })).toThrow(
      /SMS_TO_CANADA: must be "yes" or "no"/,
    );
  });

  it("lets NOTIFY_TO sign in to the inbox unless OWNER_EMAILS says who, and reads SITE_URL", () => {
    const mail = { SMTP_URL: "smtp://localhost:25", NOTIFY_TO: "a@rink.example, b@rink.example" };
    expect(readSettings(mail).owners).toEqual(["a@rink.example", "b@rink.example"]);
    const own = readSettings({
      ...mail,
      OWNER_EMAILS: "owner@rink.example",
      SITE_URL: "https://rink.example/",
    });
    expect(own.owners).toEqual(["owner@rink.example"]);
    expect(own.siteUrl).toBe("https://rink.example");
    expect(() => readSettings({ SITE_URL: "rink.example" })).toThrow(/SITE_URL/);
  });

  it("reads SETUP_CODE, and refuses one too short to use without repeating it", () => {
    expect(readSettings({ SETUP_CODE: "  a long setup code  " }).setupCode).toBe(
      "a long setup code",
    );
    expect(readSettings({ SETUP_CODE: "" }).setupCode).toBeUndefined();
    expect(() => readSettings({ SETUP_CODE: "skate2026" })).toThrow(
      /^Invalid settings:\n {2}SETUP_CODE: must be at least 12 characters$/,
    );
  });

  it("reads the hardening settings", () => {
    const settings = readSettings({
      RATE_LIMIT_PER_MINUTE: "0",
      DAILY_LIMIT_PER_FORM: "50",
      TRUST_PROXY: "1",
      SITE_ORIGINS: "https://rink.example.com/, http://localhost:5173",
      LOG_LEVEL: "silent",
    });
    expect(settings).toMatchObject({
      rateLimitPerMinute: 0,
      dailyLimitPerForm: 50,
      trustProxy: { kind: "hops", hops: 1 },
      siteOrigins: ["https://rink.example.com", "http://localhost:5173"],
      logLevel: "silent",
    });
    expect(readSettings({ TRUST_PROXY: "loopback, 10.0.0.0/8, 2001:db8::1" }).trustProxy).toEqual({
      kind: "addresses",
      entries: ["loopback", "10.0.0.0/8", "2001:db8::1"],
    });
    expect(readSettings({ TRUST_PROXY: "false" }).trustProxy).toEqual({ kind: "none" });
  });

  it("refuses hardening settings it cannot read", () => {
    expect(() => readSettings({ RATE_LIMIT_PER_MINUTE: "-1" })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => readSettings({ RATE_LIMIT_PER_MINUTE: "lots" })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => readSettings({ DAILY_LIMIT_PER_FORM: "-1" })).toThrow(/DAILY_LIMIT_PER_FORM/);
    expect(() => readSettings({ NOTIFY_MAX_PER_HOUR: "1.5" })).toThrow(/NOTIFY_MAX_PER_HOUR/);
    expect(() => readSettings({ TRUST_PROXY: "yes" })).toThrow(
      /TRUST_PROXY: "yes" is not a number of proxies/,
    );
    expect(() => readSettings({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
    expect(() => readSettings({ SITE_ORIGINS: "rink.example.com" })).toThrow(
      /SITE_ORIGINS: "rink.example.com" is not an origin/,
    );
    expect(() => readSettings({ SITE_ORIGINS: "https://rink.example.com/contact" })).toThrow(
      /SITE_ORIGINS/,
    );
    expect(() => readSettings({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("treats empty values as unset", () => {
    expect(readSettings({ PORT: "", SMTP_URL: "", NOTIFY_TO: " " }).mail).toBeUndefined();
  });

  it("turns email on with SMTP_URL and NOTIFY_TO, sending from the first recipient", () => {
    const settings = readSettings({
      DATABASE_PATH: "/var/lib/rink/inbox.db",
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      NOTIFY_TO: "owner@example.com, manager@example.com",
    });
    expect(settings.databasePath).toBe("/var/lib/rink/inbox.db");
    expect(settings.mail).toEqual({
      smtpUrl: "smtps://user:pass@mail.example.com:465",
      to: ["owner@example.com", "manager@example.com"],
      from: "owner@example.com",
      retryIntervalMs: 60_000,
      maxPerHour: 20,
    });
    const custom = readSettings({
      SMTP_URL: "smtp://localhost:25",
      NOTIFY_TO: "owner@example.com",
      NOTIFY_FROM: "Rink website <web@example.com>",
      NOTIFY_RETRY_SECONDS: "300",
      NOTIFY_MAX_PER_HOUR: "0",
    });
    expect(custom.mail).toMatchObject({
      from: "Rink website <web@example.com>",
      retryIntervalMs: 300_000,
      maxPerHour: 0,
    });
  });

  it("turns email on with SMTP_URL and NOTIFY_FROM alone: the first run's owner gets it", () => {
    const settings = readSettings({
      SMTP_URL: "smtp://localhost:25",
      NOTIFY_FROM: "web@example.com",
    });
    expect(settings.mail).toEqual({
      smtpUrl: "smtp://localhost:25",
      to: [],
      from: "web@example.com",
      retryIntervalMs: 60_000,
      maxPerHour: 20,
    });
    expect(settings.owners).toEqual([]);
  });

  it("fails with a message naming each bad setting", () => {
    expect(() => readSettings({ SMTP_URL: "http://mail.example.com" })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => readSettings({ SMTP_URL: "smtp://localhost" })).toThrow(
      /NOTIFY_FROM: is required with SMTP_URL when NOTIFY_TO is not set \(the sender's address\)/,
    );
    expect(() => readSettings({ NOTIFY_TO: "owner@example.com" })).toThrow(
      /SMTP_URL: is required with NOTIFY_TO/,
    );
    expect(() => readSettings({ SMTP_URL: "smtp://localhost", NOTIFY_TO: "owner" })).toThrow(
      /NOTIFY_TO.*email addresses/,
    );
    expect(() => readSettings({ PORT: "http" })).toThrow(/^Invalid settings:\n {2}PORT: /);
    expect(() => readSettings({ NOTIFY_RETRY_SECONDS: "0" })).toThrow(/NOTIFY_RETRY_SECONDS/);
  });

  it("connects the editor with all four GitHub App settings, none leaves it off, some refuse to start (issue 33)", () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
    const app = {
      GITHUB_APP_ID: "123456",
      GITHUB_APP_PRIVATE_KEY: pem.trim().replaceAll("\n", "\\n"),
      GITHUB_APP_INSTALLATION_ID: "7890123",
      GITHUB_REPO: "sugarcreek/rink-site",
    };
    expect(readSettings(app).editor).toMatchObject({
      appId: "123456",
      installationId: "7890123",
      repo: "sugarcreek/rink-site",
      apiUrl: "https://api.github.com",
    });
    expect(readSettings({}).editor).toBeUndefined();
    expect(() => readSettings({ GITHUB_APP_ID: "123456", GITHUB_REPO: "a/b" })).toThrow(
      /GITHUB_APP_PRIVATE_KEY: is required with the other GITHUB_APP_\* settings and GITHUB_REPO/,
    );
    expect(() => readSettings({ ...app, GITHUB_REPO: "https://github.com/a/b" })).toThrow(
      /GITHUB_REPO: must be the repository as "owner\/name"/,
    );
  });
});
