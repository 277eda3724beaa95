// Submissions per client and form: a token bucket per key, in memory. A bucket holds
// `perMinute` submissions and refills evenly over a minute, so 5 a minute allows a burst of 5
// and then one every 12 s. The map is bounded at `maxKeys`, and a bucket is dropped only when
// dropping it loses nothing: once it has refilled (at most a minute after its client was last
// seen), a fresh bucket is the same. When the map is full and its least recently seen bucket
// has not refilled yet, a new key is refused until it has; keys already held keep working. So
// cycling through other addresses never resets a client's count.

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
  /** Whole seconds (at least 1) until `tokens` more have dripped in. */
  const seconds = (tokens: number) => Math.max(1, Math.ceil(tokens / perMs / 1000));

  return {
    get size() {
      return buckets.size;
    },
    take(key) {
      if (perMinute <= 0) return { ok: true };
      const at = now();
      const refilled = (b: Bucket) => Math.min(perMinute, b.tokens + (at - b.at) * perMs);
      const bucket = buckets.get(key);
      let tokens = perMinute;
      if (bucket) {
        tokens = refilled(bucket);
        // Deleted and set again, so the Map's order is least recently seen first.
        buckets.delete(key);
      } else if (buckets.size >= maxKeys) {
        // Room for a new key only from buckets that have refilled, least recently seen first:
        // each key is dropped at most once per time it is set, so this is O(1) amortised.
        for (const [oldKey, old] of buckets) {
          const missing = perMinute - refilled(old);
          if (missing > 0) {
            if (buckets.size < maxKeys) break;
            return { ok: false, retryAfterSeconds: seconds(missing) };
          }
          buckets.delete(oldKey);
        }
      }
      const ok = tokens >= 1;
      buckets.set(key, { tokens: ok ? tokens - 1 : tokens, at });
      if (ok) return { ok: true };
      return { ok: false, retryAfterSeconds: seconds(1 - tokens) };
    },
  };
}
