// Submissions per client and form: a token bucket per key, in memory. A bucket holds
// `perMinute` submissions and refills evenly over a minute, so 5 a minute allows a burst of 5
// and then one every 12 s. The map is bounded: past `maxKeys` the least recently seen key is
// dropped (a dropped key only starts again with a full bucket).

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(key: string): RateDecision;
  /** Keys held now (for tests and the bound). */
  readonly size: number;
}

export interface RateLimitOptions {
  /** 0 turns the limit off. */
  perMinute: number;
  maxKeys?: number;
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

const defaultMaxKeys = 10_000;

export function createRateLimiter({
  perMinute,
  maxKeys = defaultMaxKeys,
  now = () => performance.now(),
}: RateLimitOptions): RateLimiter {
  const buckets = new Map<string, Bucket>();
  const perMs = perMinute / 60_000;

  return {
    get size() {
      return buckets.size;
    },
    take(key) {
      if (perMinute <= 0) return { ok: true };
      const at = now();
      const bucket = buckets.get(key);
      let tokens = perMinute;
      if (bucket) {
        tokens = Math.min(perMinute, bucket.tokens + (at - bucket.at) * perMs);
        // Deleted and set again, so the Map's order is least recently seen first.
        buckets.delete(key);
      }
      const ok = tokens >= 1;
      buckets.set(key, { tokens: ok ? tokens - 1 : tokens, at });
      while (buckets.size > maxKeys) {
        const oldest = buckets.keys().next().value;
        if (oldest === undefined) break;
        buckets.delete(oldest);
      }
      if (ok) return { ok: true };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
    },
  };
}
