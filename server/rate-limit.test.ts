import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.ts";

function clock() {
  let t = 0;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
  };
}

describe("createRateLimiter", () => {
  it("allows a burst of the limit, then one per 60/limit seconds, telling how long to wait", () => {
    const time = clock();
    const limiter = createRateLimiter({ perMinute: 5, now: time.now });
    for (let i = 0; i < 5; i++) expect(limiter.take("a")).toEqual({ ok: true });
    expect(limiter.take("a")).toEqual({ ok: false, retryAfterSeconds: 12 });
    time.advance(6_000);
    expect(limiter.take("a")).toEqual({ ok: false, retryAfterSeconds: 6 });
    time.advance(6_000);
    expect(limiter.take("a")).toEqual({ ok: true });
    expect(limiter.take("a").ok).toBe(false);
    time.advance(60_000);
    for (let i = 0; i < 5; i++) expect(limiter.take("a").ok).toBe(true);
  });

  it("keeps each key's bucket apart", () => {
    const limiter = createRateLimiter({ perMinute: 1, now: clock().now });
    expect(limiter.take("a").ok).toBe(true);
    expect(limiter.take("a").ok).toBe(false);
    expect(limiter.take("b").ok).toBe(true);
  });

  it("is off at 0", () => {
    const limiter = createRateLimiter({ perMinute: 0 });
    for (let i = 0; i < 100; i++) expect(limiter.take("a").ok).toBe(true);
    expect(limiter.size).toBe(0);
  });

  it("holds at most maxKeys, dropping the least recently seen", () => {
    const limiter = createRateLimiter({ perMinute: 1, maxKeys: 100, now: clock().now });
    expect(limiter.take("kept").ok).toBe(true);
    for (let i = 0; i < 10_000; i++) {
      limiter.take(`flood-${i}`);
      // Seen again and again, so never the least recent.
      if (i % 50 === 0) expect(limiter.take("kept").ok).toBe(false);
    }
    expect(limiter.size).toBe(100);
    expect(limiter.take("kept").ok).toBe(false);
    // A dropped key starts again with a full bucket.
    expect(limiter.take("flood-0").ok).toBe(true);
  });
});
