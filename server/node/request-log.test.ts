// The Node server's request log (request-log.ts) writes no secret: Kit's webhook URL carries
// one in its path (/hooks/kit/<secret>), so that route is logged by its pattern, whatever the
// method and whether the secret was right. A path cannot forge a line: one request, one line.
import { join } from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { fakeSite, tempDir } from "../../tests/support/fake-site.ts";
import { kitLegacyWebhook } from "../../tests/support/kit-stand-in.ts";
import { outboxStore } from "../lists/outbox-store.ts";
import { createApp } from "./app.ts";
import { openDatabase } from "./database.ts";

const dir = tempDir();
const inbox = openDatabase(join(dir.path, "inbox.db"));
afterAll(() => {
  inbox.close();
  dir.remove();
});

const secret = "kit-secret-in-the-url-0123456789";
const lines: string[] = [];
const logger = pino(
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split("\n"));
      done();
    },
  }),
);
const app = createApp({
  siteDir: fakeSite(dir.path),
  inbox,
  logger,
  log: () => {},
  hooks: { store: outboxStore(inbox.sql), kit: { webhookSecret: secret } },
});
const from = { incoming: { socket: { remoteAddress: "192.0.2.7" } } };

describe("the request log", () => {
  it("logs Kit's webhook by its route's pattern, never the secret in its path", async () => {
    const body = JSON.stringify(kitLegacyWebhook("gone@example.com", "cancelled"));
    const post = (path: string) =>
      app.request(
        path,
        { method: "POST", body, headers: { "Content-Type": "application/json" } },
        from,
      );
    expect((await post(`/hooks/kit/${secret}`)).status).toBe(200);
    expect((await post("/hooks/kit/not-the-secret-but-close-to-it")).status).toBe(403);
    expect((await app.request(`/hooks/kit/${secret}`, {}, from)).status).toBe(405);
    await new Promise((r) => setTimeout(r, 50));
    const hooks = lines.map((l) => JSON.parse(l) as { path: string; status: number });
    expect(hooks.map((l) => [l.path, l.status])).toEqual([
      ["/hooks/kit/:secret", 200],
      ["/hooks/kit/:secret", 403],
      ["/hooks/kit/:secret", 405],
    ]);
    expect(lines.join("\n")).not.toContain(secret);
    expect(lines.join("\n")).not.toContain("not-the-secret");
  });

  it("logs a refused path on one line, its control characters escaped (issue 42)", async () => {
    lines.length = 0;
    // A form id that is not one, holding a line break, a forged JSON line, the line separator
    // (which JSON leaves as it is) and C1's CSI (a terminal's escape).
    const refused = await app.request(
      "/f/x%0A%7B%22level%22:30,%22msg%22:%22signed%20in%22%7D%E2%80%A8%C2%9B31m",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" },
      from,
    );
    expect(refused.status).toBe(404);
    await new Promise((r) => setTimeout(r, 50));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\u2028\u2029\u0080-\u009f]/);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({
      path: '/f/x\\n{"level":30,"msg":"signed in"}\\u2028\\u009b31m',
      status: 404,
      code: "FORM_NOT_FOUND",
    });
  });

  it("logs any other path as it was asked, without its query", async () => {
    lines.length = 0;
    await app.request("/about?q=typed", {}, from);
    await new Promise((r) => setTimeout(r, 50));
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ path: "/about", status: 200 });
  });
});
