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
import { outcome } from "./outbox-outcome.ts";
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

  it("keeps a carrier's word that comes before the pass has written its text down, and puts it on the text's row when the pass does", async () => {
    inbox.insert({
      form: "newsletter",
      createdAt: "2026-01-10T12:00:00.000Z",
      data: { phone: "3175550152" },
      spam: false,
    });
    // Claimed and sent; the pass writes its texts' outcomes after their calls, all together.
    inbox.sql.run("UPDATE outbox SET state = 'sending', claimed_at = '2026-01-10T12:00:01.000Z'");
    const [{ id } = { id: 0 }] = inbox.sql.all("SELECT id FROM outbox") as { id: number }[];
    const sid = `SM${"8".repeat(32)}`;
    const url = "https://rink.example.com/hooks/twilio/status";
    const delivered = { MessageSid: sid, MessageStatus: "delivered", To: "+13175550152" };
    expect((await post("/twilio/status", delivered, url)).status).toBe(204);
    const row = () => inbox.sql.all("SELECT state, delivery FROM outbox");
    expect(row()).toEqual([{ state: "sending", delivery: null }]);
    // The pass's batch for that text, as outbox.ts writes it.
    const at = "2026-01-10T12:00:02.000Z";
    await store.record([outcome.sent(id, at, sid), ...outcome.earlyStatus(sid)]);
    expect(row()).toEqual([{ state: "sent", delivery: "delivered" }]);
    expect(inbox.sql.all("SELECT * FROM text_status_early")).toEqual([]);
    // Kept by SID alone: no number, and nothing logged.
    expect(logged.join("\n")).not.toContain("5550152");
  });

  it("drops a carrier's word that no text claims within the claim's 10 minutes", async () => {
    const url = "https://rink.example.com/hooks/twilio/status";
    const stray = {
      MessageSid: `SM${"9".repeat(32)}`,
      MessageStatus: "failed",
      ErrorCode: "30003",
    };
    expect((await post("/twilio/status", stray, url)).status).toBe(204);
    expect(inbox.sql.all("SELECT delivery, code FROM text_status_early")).toEqual([
      { delivery: "failed", code: 30003 },
    ]);
    await store.recoverStale(new Date(Date.now() + 1000).toISOString(), new Date().toISOString());
    expect(inbox.sql.all("SELECT * FROM text_status_early")).toEqual([]);
  });
});
