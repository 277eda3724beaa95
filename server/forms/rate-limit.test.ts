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

  it("holds at most maxKeys, dropping only buckets that have refilled", () => {
    const time = clock();
    const limiter = createRateLimiter({ perMinute: 1, maxKeys: 100, now: time.now });
    let largest = 0;
    let admitted = 0;
    for (let i = 0; i < 10_000; i++) {
      // Ten new keys a second; a bucket has refilled a minute after its key was seen.
      time.advance(100);
      const decision = limiter.take(`flood-${i}`);
      if (decision.ok) admitted++;
      else expect(decision.retryAfterSeconds).toBeLessThanOrEqual(60);
      largest = Math.max(largest, limiter.size);
    }
    expect(largest).toBe(100);
    // 100 new keys a minute over the 1,000 s: room is made only as fast as buckets refill.
    expect(admitted).toBeGreaterThanOrEqual(1_600);
    expect(admitted).toBeLessThanOrEqual(1_800);
    // A dropped key had refilled: it starts again with the full bucket it would have had.
    time.advance(60_000);
    expect(limiter.take("flood-0").ok).toBe(true);
    expect(limiter.size).toBeLessThanOrEqual(100);
  });

  it("never resets a client's count by cycling other keys: a new key waits instead", () => {
    const time = clock();
    const limiter = createRateLimiter({ perMinute: 5, now: time.now });
    for (let i = 0; i < 5; i++) expect(limiter.take("client").ok).toBe(true);
    expect(limiter.take("client").ok).toBe(false);
    // 10,000 addresses more within the same second, and then some.
    const refused = [];
    for (let i = 0; i < 10_500; i++) {
      const decision = limiter.take(`flood-${i}`);
      if (!decision.ok) refused.push(decision);
    }
    // The client is still at its limit.
    expect(limiter.take("client")).toEqual({ ok: false, retryAfterSeconds: 12 });
    expect(limiter.size).toBe(10_000);
    // The map was full of buckets still refilling: the last 501 new keys were turned away
    // until the oldest (the client's, emptied at 0 s) would be full again, a minute later.
    expect(refused).toHaveLength(501);
    expect(refused[0]).toEqual({ ok: false, retryAfterSeconds: 60 });
    // Keys it holds keep working.
    expect(limiter.take("flood-0").ok).toBe(true);

    // The flood's buckets, a token short, are full again after 12 s: then they make room.
    time.advance(11_000);
    expect(limiter.take("newcomer")).toEqual({ ok: false, retryAfterSeconds: 1 });
    time.advance(1_000);
    expect(limiter.take("newcomer").ok).toBe(true);
    expect(limiter.take("client").ok).toBe(true);
    expect(limiter.size).toBeLessThanOrEqual(10_000);
  });
});
