// The services' pieces that need no server: Twilio's request signature (the example in
// twilio.com/docs/usage/webhooks/webhooks-security), STOP/START/HELP, Kit's webhook bodies and
// signature (developers.kit.com/webhooks), and the one-segment text.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signTwilio, twilioAccepts } from "../../tests/support/twilio-stand-in.ts";
import { twilioSignedUrls } from "./hooks.ts";
import { kitContent, kitEvents, verifyKitSignature } from "./kit.ts";
import { composeText, gsm7Length } from "./text-message.ts";
import {
  replyKeyword,
  twilioErrorWords,
  twilioSignature,
  verifyTwilioSignature,
} from "./twilio.ts";

describe("Twilio's signature", () => {
  const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
  const params: [string, string][] = [
    ["CallSid", "CA1234567890ABCDE"],
    ["Caller", "+12349013030"],
    ["Digits", "1234"],
    ["From", "+12349013030"],
    ["To", "+18005551212"],
  ];

  it("is the docs' example, whatever order the parameters came in", async () => {
    expect(await twilioSignature("12345", url, params.toReversed())).toBe(
      "0/KCTR6DLpKmkAf8muzZqo1nDgQ=",
    );
    expect(await verifyTwilioSignature("12345", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=", url, params)).toBe(
      true,
    );
  });

  it("refuses another token, another URL, a changed parameter, garbage or nothing", async () => {
    const good = "0/KCTR6DLpKmkAf8muzZqo1nDgQ=";
    expect(await verifyTwilioSignature("54321", good, url, params)).toBe(false);
    expect(await verifyTwilioSignature("12345", good, `${url}&x=1`, params)).toBe(false);
    const changed = params.map(([k, v]): [string, string] => [k, k === "Digits" ? "9999" : v]);
    expect(await verifyTwilioSignature("12345", good, url, changed)).toBe(false);
    for (const bad of [undefined, "", "not base64!", "AAAA", "x".repeat(200)]) {
      expect(await verifyTwilioSignature("12345", bad, url, params), String(bad)).toBe(false);
    }
  });

  it("agrees with Twilio's own library (twilio.getExpectedTwilioSignature and validateRequest)", async () => {
    const fields = Object.fromEntries(params);
    for (const [at, given] of [
      [url, params],
      [
        "https://rink.example.com/hooks/twilio",
        [
          ["Body", "Opt out."],
          ["From", "+13175550101"],
        ],
      ],
    ] as const) {
      const theirs = signTwilio(at, Object.fromEntries(given));
      expect(await twilioSignature("twilio-test-auth-token", at, given)).toBe(theirs);
      expect(await verifyTwilioSignature("twilio-test-auth-token", theirs, at, given)).toBe(true);
    }
    const ours = await twilioSignature("twilio-test-auth-token", url, params);
    expect(twilioAccepts(url, fields, ours)).toBe(true);
  });

  it("is checked with and without the default port, as Twilio's libraries do", () => {
    expect(
      twilioSignedUrls("https://rink.example.com", "http://127.0.0.1:8787/hooks/twilio"),
    ).toEqual([
      "https://rink.example.com/hooks/twilio",
      "https://rink.example.com:443/hooks/twilio",
    ]);
    expect(
      twilioSignedUrls("https://rink.example.com:443", "http://127.0.0.1/hooks/twilio?x=1"),
    ).toEqual([
      "https://rink.example.com:443/hooks/twilio?x=1",
      "https://rink.example.com/hooks/twilio?x=1",
    ]);
    expect(twilioSignedUrls(undefined, "http://127.0.0.1:8787/hooks/twilio")).toEqual([
      "http://127.0.0.1:8787/hooks/twilio",
    ]);
  });

  it("reads every opt-out and opt-in word in any case, with punctuation around it; anything else is a message", () => {
    const reply = (fields: Record<string, string>) =>
      replyKeyword(new URLSearchParams(fields))?.keyword ?? null;
    expect(reply({ Body: "whatever", OptOutType: "STOP" })).toBe("stop");
    for (const word of [
      "STOP",
      " stop ",
      "Stop.",
      "STOPALL",
      "Unsubscribe",
      "cancel!",
      "End",
      "quit",
      "REVOKE",
      "opt out",
      "Opt-Out",
      "OPTOUT",
      '"stop"',
    ]) {
      expect(reply({ Body: word }), word).toBe("stop");
    }
    for (const word of ["START", "unstop", "Yes", "yes!", " YES. "]) {
      expect(reply({ Body: word }), word).toBe("start");
    }
    expect(replyKeyword(new URLSearchParams({ Body: "yes!" }))?.word).toBe("YES");
    expect(reply({ Body: "help" })).toBe("help");
    expect(reply({ Body: "Help?" })).toBe("help");
    for (const words of [
      "Stop texting me at 6am",
      "please stop texting me",
      "yes please",
      "stopp",
    ]) {
      expect(reply({ Body: words }), words).toBeNull();
    }
  });

  it("names Twilio's error codes in words, and others by their code", () => {
    expect(twilioErrorWords(30006)).toBe("the number is a landline (error 30006)");
    expect(twilioErrorWords("30034")).toBe(
      "the sender is not registered with carriers yet (error 30034)",
    );
    expect(twilioErrorWords(30007)).toBe("filtered by the carrier as spam (error 30007)");
    expect(twilioErrorWords(30003)).toMatch(/unreachable/);
    expect(twilioErrorWords(30005)).toMatch(/unknown/);
    expect(twilioErrorWords(21610)).toMatch(/opted out/);
    expect(twilioErrorWords(30410)).toBe("Twilio error 30410");
    expect(twilioErrorWords(null)).toBe("no error code given");
  });
});

describe("Kit's webhooks", () => {
  it("tells who left the list, from a legacy webhook or an endpoint's envelope", () => {
    expect(
      kitEvents({ subscriber: { email_address: "A@Example.com", state: "cancelled" } }),
    ).toEqual([{ email: "a@example.com", state: "out", reason: "unsubscribed" }]);
    const envelope = {
      delivery_id: 1,
      events: [
        {
          type: "subscriber.bounced",
          data: { subscriber: { email_address: "b@example.com", state: "bounced" } },
        },
        { type: "subscriber.complained", data: { subscriber: { email_address: "c@example.com" } } },
        {
          type: "subscriber.tag_added",
          data: { subscriber: { email_address: "d@example.com", state: "active" } },
        },
      ],
    };
    expect(kitEvents(envelope)).toEqual([
      { email: "b@example.com", state: "out", reason: "bounced" },
      { email: "c@example.com", state: "out", reason: "complained" },
      { email: "d@example.com", state: "in", reason: "confirmed" },
    ]);
    for (const junk of [null, [], "text", 3, { hello: 1 }]) expect(kitEvents(junk)).toBeNull();
    expect(kitEvents({ subscriber: { email_address: 5 } })).toEqual([]);
  });

  it("checks a signed delivery: its HMAC-SHA256, within five minutes", async () => {
    const body = '{"delivery_id":1,"events":[]}';
    const now = new Date("2026-01-10T12:00:00Z");
    const t = String(now.getTime() / 1000);
    const mac = createHmac("sha256", "whsec").update(`${t}.${body}`).digest("hex");
    expect(await verifyKitSignature("whsec", `t=${t},v1=${mac}`, body, now)).toBe(true);
    expect(
      await verifyKitSignature("whsec", `t=${t},v1=00${mac.slice(2)},v1=${mac}`, body, now),
    ).toBe(true);
    expect(await verifyKitSignature("other", `t=${t},v1=${mac}`, body, now)).toBe(false);
    expect(await verifyKitSignature("whsec", `t=${t},v1=${mac}`, `${body} `, now)).toBe(false);
    const late = new Date(now.getTime() + 301_000);
    expect(await verifyKitSignature("whsec", `t=${t},v1=${mac}`, body, late)).toBe(false);
    expect(await verifyKitSignature("whsec", undefined, body, now)).toBe(false);
  });

  it("sends the owner's plain text as escaped paragraphs", () => {
    expect(kitContent("Closed <today>.\nSorry!\n\nBack Monday & Tuesday")).toBe(
      "<p>Closed &#60;today&#62;.<br>Sorry!</p>\n<p>Back Monday &#38; Tuesday</p>",
    );
  });
});

describe("an update as one text", () => {
  it("names the rink, says how to stop and fits 160 GSM-7 characters", () => {
    const note = "x".repeat(160 - "Rink: ".length - " Reply STOP to opt out.".length);
    const fits = composeText("Rink", note);
    expect(fits).toEqual({ ok: true, text: `Rink: ${note} Reply STOP to opt out.` });
    expect(composeText("Rink", `${note}x`)).toEqual({
      ok: false,
      problem: "The note is 1 character too long for one text message.",
    });
  });

  it("counts the extension table twice, writes a phone's curly quotes plainly, refuses the rest", () => {
    expect(gsm7Length("a€[")).toEqual({ length: 5 });
    expect(gsm7Length("é ñ £")).toEqual({ length: 5 });
    expect(gsm7Length("ok 👍")).toEqual({ unsupported: "👍" });
    expect(composeText("Rink", "We\u2019re closed \u2014 \u201Cice\u201D\u2026")).toEqual({
      ok: true,
      text: `Rink: We're closed - "ice"... Reply STOP to opt out.`,
    });
  });
});
