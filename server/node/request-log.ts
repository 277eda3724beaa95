// One structured line per request: method, path, status, duration, and for the inbox its
// error code. Never a body, a query string or a header value; the client's address only as a
// keyed hash, which tells requests from one client apart within a run and cannot be reversed
// (the key is random per process and never written down). The path and method with their
// control characters escaped (log-text.ts): pino's JSON escapes C0's, not C1's or U+2028.
import { createHmac, createSecretKey, randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { Logger } from "pino";
import type { AppEnv } from "../env.ts";
import { escapeControls } from "../log-text.ts";

export function clientHasher(key: Buffer = randomBytes(32)): (address: string) => string {
  const secret = createSecretKey(key);
  // Recent clients' hashes, so a busy client costs one HMAC, not one per request.
  const recent = new Map<string, string>();
  return (address) => {
    let hash = recent.get(address);
    if (hash === undefined) {
      if (recent.size >= 1000) recent.clear();
      hash = createHmac("sha256", secret).update(address).digest("base64url").slice(0, 12);
      recent.set(address, hash);
    }
    return hash;
  };
}

/**
 * The path as logged: a route whose path carries a secret (Kit's webhook, /hooks/kit/:secret)
 * by its pattern, so the secret is never written down; a request for such a path that no
 * route took (another method) likewise. Any other path as it was asked.
 */
export function loggedPath(c: Context): string {
  let routes: { path: string }[] = [];
  try {
    routes = matchedRoutes(c);
  } catch {
    // Nothing was routed (an error before the router): the path alone says enough.
  }
  const secret = routes.find((route) => route.path.includes("/:secret"));
  if (secret) return secret.path;
  return escapeControls(
    c.req.path.replace(/^\/hooks\/kit\/[^/]*/, "/hooks/kit/:secret").slice(0, 200),
  );
}

export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  const hash = clientHasher();
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const status = c.res.status;
      const line = {
        method: escapeControls(c.req.method.slice(0, 16)),
        // The path only: a query string may carry what a visitor typed; a secret's route by
        // its pattern.
        path: loggedPath(c),
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        client: hash(c.get("client")?.address ?? "unknown"),
        ...(c.get("errorCode") ? { code: c.get("errorCode") } : {}),
      };
      if (status >= 500) logger.error(line, "request failed");
      else logger.info(line, "request");
    }
  };
}
