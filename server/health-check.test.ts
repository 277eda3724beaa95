// /healthz under a flood: one database read per 10 seconds whoever asks, and a dozen checks a
// minute per client, so one client cannot spend the Worker's requests' work or D1's reads.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { ServerEnv } from "./env.ts";
import { healthCheck } from "./health-check.ts";

function checkedApp(healthy: () => boolean) {
  let t = Date.parse("2025-06-01T12:00:00.000Z");
  let pings = 0;
  const app = new Hono<ServerEnv>();
  app.use("*", async (c, next) => {
    c.set("client", { address: c.req.header("x-test-client") ?? "unknown", https: false });
    await next();
  });
  const inbox = {
    ping: () => {
      pings++;
      return healthy();
    },
  };
  app.get("/healthz", healthCheck({ inbox, now: () => new Date(t) }));
  const check = (client: string) =>
    app.request("/healthz", { headers: { "x-test-client": client } });
  return {
    check,
    pings: () => pings,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

describe("GET /healthz", () => {
  it("reads the database once in 10 seconds, however many clients ask", async () => {
    const { check, pings, advance } = checkedApp(() => true);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => check(`198.51.100.${i}`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(pings()).toBe(1);
    advance(9_999);
    expect((await check("203.0.113.1")).status).toBe(200);
    expect(pings()).toBe(1);
    advance(1);
    expect((await check("203.0.113.1")).status).toBe(200);
    expect(pings()).toBe(2);
  });

  it("asks again at once while the database is down", async () => {
    let up = false;
    const { check, pings } = checkedApp(() => up);
    expect((await check("203.0.113.1")).status).toBe(503);
    up = true;
    expect((await check("203.0.113.1")).status).toBe(200);
    expect(pings()).toBe(2);
  });

  it("answers one client a dozen times a minute, then 429, while others still get answers", async () => {
    const { check, pings } = checkedApp(() => true);
    for (let i = 0; i < 12; i++) expect((await check("203.0.113.9")).status).toBe(200);
    const refused = await check("203.0.113.9");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect((await check("198.51.100.4")).status).toBe(200);
    expect(pings()).toBe(1);
  });
});
