// Twilio's webhooks in one process, over an SQLite inbox in memory, each request signed by
// Twilio's own Node library (tests/support/twilio-stand-in.ts signTwilio): the signature
// checked against SITE_URL with and without the default port, as Twilio's libraries do; a
// status callback's 21610 recorded as the STOP Twilio knew of. Both homes over HTTP:
// tests/list-services.test.ts.
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { signTwilio, twilioAuthToken } from "../../tests/support/twilio-stand-in.ts";
import { type Database, openDatabase } from "../node/database.ts";
import { listHooks } from "./hooks.ts";
import { type OutboxStore, outboxStore } from "./outbox-store.ts";

let inbox: Database;
let store: OutboxStore;
let logged: string[];
beforeEach(() => {
  inbox = openDatabase(":memory:");
  store = outboxStore(inbox.sql);
  logged = [];
});
afterEach(() => inbox?.close());

// Mounted at /hooks, as server/routes.ts mounts it.
const app = () =>
  new Hono().route(
    "/hooks",
    listHooks({
      store,
      twilio: { authToken: twilioAuthToken, siteUrl: "https://rink.example.com" },
      log: (m) => logged.push(m),
    }),
  );

/** A webhook as Twilio posts it to the site behind its proxy, signed for `signedFor`. */
const post = (path: string, params: Record<string, string>, signedFor: string) =>
  app().request(`http://127.0.0.1:3000/hooks${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Twilio-Signature": signTwilio(signedFor, params),
    },
    body: new URLSearchParams(params).toString(),
  });

describe("Twilio's webhooks", () => {
  it("accept Twilio's signature for SITE_URL with or without :443, and nothing else", async () => {
    const stop = { From: "+13175550150", Body: "STOP", OptOutType: "STOP" };
    for (const signedFor of [
      "https://rink.example.com/hooks/twilio",
      "https://rink.example.com:443/hooks/twilio",
    ]) {
      expect((await post("/twilio", stop, signedFor)).status, signedFor).toBe(200);
    }
    for (const signedFor of [
      "http://127.0.0.1:3000/hooks/twilio",
      "https://rink.example.com:8443/hooks/twilio",
      "https://other.example.com/hooks/twilio",
    ]) {
      expect((await post("/twilio", stop, signedFor)).status, signedFor).toBe(403);
    }
  });

  it("records a status callback's 21610 as the STOP Twilio knew of, and never logs the number", async () => {
    inbox.insert({
      form: "newsletter",
      createdAt: "2026-01-10T12:00:00.000Z",
      data: { phone: "3175550151" },
      spam: false,
    });
    const sid = `SM${"7".repeat(32)}`;
    inbox.sql.run(
      "UPDATE outbox SET state = 'sent', service_ref = ?, done_at = '2026-01-10T12:00:01.000Z'",
      sid,
    );
    const status = {
      MessageSid: sid,
      MessageStatus: "failed",
      ErrorCode: "21610",
      To: "+13175550151",
    };
    const url = "https://rink.example.com/hooks/twilio/status";
    expect((await post("/twilio/status", status, url)).status).toBe(204);
    expect(inbox.sql.all("SELECT delivery, delivery_code FROM outbox")).toEqual([
      { delivery: "failed", delivery_code: 21610 },
    ]);
    expect(await store.textConsent("3175550151")).toMatchObject({
      state: "out",
      reason: "STOP (told by the text service)",
    });
    // "sent" and the like are steps on the way: nothing changes.
    expect(
      (await post("/twilio/status", { MessageSid: sid, MessageStatus: "sent" }, url)).status,
    ).toBe(204);
    expect(logged.join("\n")).not.toContain("5550151");
  });
});
