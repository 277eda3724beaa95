// GET /healthz, for uptime monitors and the service manager: 200 only while the inbox's
// database answers, since a site whose forms cannot be stored is not healthy. Never cached by
// a browser or a proxy. Cheap whoever asks: a healthy answer is kept for a few seconds (the
// requests meanwhile share it, and one database read), and each client may ask a dozen times
// a minute, so a flood of checks costs neither queries nor the Worker's CPU.
import type { Context } from "hono";
import type { ServerEnv } from "./env.ts";
import { createRateLimiter, type RateDecision } from "./forms/rate-limit.ts";
import type { SubmissionStore } from "./forms/submission.ts";
import { subscriberKey } from "./forms/subscriber-key.ts";
import { inboxHeaders } from "./security-headers.ts";

/** How long a healthy answer is kept; a failing one is checked again at the next request. */
export const healthyForMs = 10_000;
/** Checks a minute per client: a monitor polls once a minute or so, a service manager less. */
export const healthChecksPerMinute = 12;

export interface HealthCheckDeps {
  inbox: Pick<SubmissionStore, "ping">;
  now?: () => Date;
  /** Checks a minute per client; by default in memory, `healthChecksPerMinute`. */
  limiter?: { take(key: string): RateDecision | Promise<RateDecision> };
}

export function healthCheck({
  inbox,
  now = () => new Date(),
  limiter = createRateLimiter({ perMinute: healthChecksPerMinute }),
}: HealthCheckDeps) {
  let healthySince: number | undefined;
  // One database read at a time, whatever arrives meanwhile.
  let asking: Promise<boolean> | undefined;
  const ping = () => {
    asking ??= Promise.resolve(inbox.ping()).finally(() => {
      asking = undefined;
    });
    return asking;
  };

  return async (c: Context<ServerEnv>) => {
    for (const [name, value] of Object.entries(inboxHeaders)) c.header(name, value);
    const decision = await limiter.take(
      `healthz ${subscriberKey(c.get("client")?.address ?? "unknown")}`,
    );
    if (!decision.ok) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return c.json({ status: "too many checks" }, 429);
    }
    const at = now().getTime();
    if (healthySince === undefined || at - healthySince >= healthyForMs) {
      const ok = await ping();
      healthySince = ok ? at : undefined;
    }
    const ok = healthySince !== undefined;
    return c.json({ status: ok ? "ok" : "database unavailable" }, ok ? 200 : 503);
  };
}
