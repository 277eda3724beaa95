// The Worker's text-list settings as Node reads them (settings.ts): where Node refuses to
// start (no SITE_URL with a list service, quiet hours it cannot read, half an API key), the
// Worker says so in its log and leaves the service off, so no webhook is checked against an
// address Twilio never signed. In process, with stand-in bindings: no request here reaches the
// database.
import { afterEach, describe, expect, it, vi } from "vitest";
import { bindingsWith, postText } from "./worker-in-process.ts";

const bindings = bindingsWith({
  SMS_SERVICE: "twilio",
  TWILIO_ACCOUNT_SID: `AC${"a".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "token",
  TWILIO_MESSAGING_SERVICE_SID: `MG${"b".repeat(32)}`,
  RINK_NAME: "Sugar Creek Skateland",
  SITE_URL: "https://rink.example",
});
// Text, not a form: the webhook, when it is there, refuses it for its type (415) before any
// signature or database; when Twilio is off, /hooks/ is not the Worker's (the site's 404).
const hook = (env: ReturnType<typeof bindings>, path = "/hooks/twilio") => postText(path, env);

/** Kit's own settings, Twilio's turned off. */
const kitOnly = {
  SMS_SERVICE: "",
  NEWSLETTER_SERVICE: "kit",
  KIT_API_KEY: "kit-test-key",
  KIT_FORM_ID: "4242",
};

afterEach(() => vi.restoreAllMocks());

describe("the Worker's text-list settings (issue 31)", () => {
  it("leaves Twilio off without SITE_URL, and says so", async () => {
    const said = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await hook(bindings({ SITE_URL: "" }))).status).toBe(404);
    expect(said.mock.calls.flat().join("\n")).toContain("Twilio is not set up: SITE_URL missing");
    said.mockClear();
    expect((await hook(bindings({}))).status).toBe(415);
    expect((await hook(bindings({}), "/hooks/twilio/status")).status).toBe(415);
    expect(said).not.toHaveBeenCalled();
  });

  it("leaves Kit off without SITE_URL too", async () => {
    const said = vi.spyOn(console, "error").mockImplementation(() => {});
    const kit = { ...kitOnly, SITE_URL: "" };
    expect((await hook(bindings(kit), "/hooks/kit/abcdefghijklmnopqrstuvwx")).status).toBe(404);
    expect(said.mock.calls.flat().join("\n")).toContain("Kit is not set up: SITE_URL missing");
    said.mockClear();
  });

  it("refuses quiet hours it cannot read, and half an API key, as Node does", async () => {
    const said = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await hook(bindings({ SMS_SEND_HOURS: "9 to 5" }))).status).toBe(404);
    expect(said.mock.calls.flat().join("\n")).toContain("SMS_SEND_HOURS is not a window");
    said.mockClear();
    expect((await hook(bindings({ TWILIO_API_KEY_SID: `SK${"c".repeat(32)}` }))).status).toBe(404);
    expect(said.mock.calls.flat().join("\n")).toContain(
      "TWILIO_API_KEY_SID and TWILIO_API_KEY_SECRET go together",
    );
    said.mockClear();
    const keyed = { TWILIO_API_KEY_SID: `SK${"c".repeat(32)}`, TWILIO_API_KEY_SECRET: "secret" };
    expect((await hook(bindings({ ...keyed, SMS_SEND_HOURS: "10:00-19:00" }))).status).toBe(415);
    expect(said).not.toHaveBeenCalled();
  });

  // Issue 32 gave the Worker Node's schema (settings.ts): a value Node refuses to start with is
  // read here as unset, said in the log by name and rule, and the service that needs it is off.
  it("reads a value its rule refuses as unset, says which and why, and leaves the service that needs it off", async () => {
    const said = vi.spyOn(console, "error").mockImplementation(() => {});
    const kit = { ...kitOnly, KIT_WEBHOOK_SECRET: "abcdefghijklmnopqrstuvwx" };
    const kitHook = "/hooks/kit/abcdefghijklmnopqrstuvwx";
    const refused = [
      [{ ...kit, KIT_FORM_ID: "my-form" }, kitHook, "KIT_FORM_ID must be the form's number"],
      [
        { ...kit, KIT_API_URL: "ftp://api.kit.example" },
        kitHook,
        "KIT_API_URL must be an https:// URL",
      ],
      [
        { RINK_NAME: "Sugar Creek Skateland Family Fun Center of Indiana" },
        "/hooks/twilio",
        "RINK_NAME must be at most 40 characters",
      ],
      [
        { TWILIO_ACCOUNT_SID: "AC123" },
        "/hooks/twilio",
        "TWILIO_ACCOUNT_SID must be an account SID",
      ],
    ] as const;
    for (const [vars, path, rule] of refused) {
      expect((await hook(bindings(vars), path)).status, rule).toBe(404);
      const log = said.mock.calls.flat().join("\n");
      expect(log).toContain(`${rule}`);
      expect(log).toContain("ignored, as if unset");
      expect(log).toMatch(/(Kit|Twilio) is not set up: \w+ refused/);
      said.mockClear();
    }
    // The same services with those values well written: on, and nothing said.
    expect(
      (await hook(bindings({ ...kit, KIT_API_URL: "https://api.kit.example" }), kitHook)).status,
    ).toBe(415);
    expect((await hook(bindings({ RINK_NAME: "Sugar Creek Skateland" }))).status).toBe(415);
    expect(said).not.toHaveBeenCalled();
  });
});
