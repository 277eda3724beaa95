import { type Context, Hono } from "hono";
import type { Logger } from "pino";
import type { AppEnv } from "../env.ts";
import { escapingLog } from "../log-text.ts";
import { type ServerRoutesDeps, serverRoutes } from "../routes.ts";
import { headersFor } from "../security-headers.ts";
import { clientResolver, type TrustProxy } from "./client-info.ts";
import { requestLog } from "./request-log.ts";
import { indexSite, loadFile, loadHeaderRules, respond } from "./static-site.ts";

export interface AppDeps extends ServerRoutesDeps {
  /** The prerendered site: build/client, with the `_headers` file the build writes. */
  siteDir: string;
  /** Which peers may tell us the client's address and scheme; none by default. */
  trustProxy?: TrustProxy;
  /** One line per request; no request log without it (tests). */
  logger?: Logger;
}

export function createApp({ siteDir, trustProxy, logger, ...formDeps }: AppDeps) {
  const rules = loadHeaderRules(siteDir);
  const site = indexSite(siteDir);
  const notFoundPage = loadFile(siteDir, "404/index.html");
  const resolveClient = clientResolver(trustProxy ?? { kind: "none" });
  // Few distinct paths carry rules (the pages, the assets); others are bounded by the reset.
  const ruleCache = new Map<string, Record<string, string>>();
  const rulesFor = (path: string) => {
    let headers = ruleCache.get(path);
    if (!headers) {
      if (ruleCache.size >= 1000) ruleCache.clear();
      headers = headersFor(rules, path);
      ruleCache.set(path, headers);
    }
    return headers;
  };
  const log = formDeps.log ?? escapingLog((message) => console.error(message));
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    const socket = c.env?.incoming?.socket;
    const directHttps = c.req.url.startsWith("https:");
    c.set(
      "client",
      resolveClient(
        socket?.remoteAddress,
        {
          forwardedFor: c.req.header("x-forwarded-for"),
          forwardedProto: c.req.header("x-forwarded-proto"),
        },
        directHttps,
      ),
    );
    return next();
  });
  if (logger) app.use("*", requestLog(logger));

  // The `_headers` rules on every answer: "/*" everywhere, a page's CSP and caching on that
  // page, the 404 page's on a 404 page. A header the handler set itself (the inbox's stricter
  // policy) stays. Strict-Transport-Security only when the visitor came over HTTPS.
  app.use("*", async (c, next) => {
    await next();
    const headers = c.res.headers;
    const https = c.get("client").https;
    for (const [name, value] of Object.entries(rulesFor(c.get("rulePath") ?? c.req.path))) {
      if (!https && name.toLowerCase() === "strict-transport-security") continue;
      if (!headers.has(name)) headers.set(name, value);
    }
  });

  // The form inbox first: the site below answers every GET it has a file for.
  app.route("/", serverRoutes(formDeps));

  const answer = (c: Context<AppEnv>, entry: typeof notFoundPage, status: 200 | 404) =>
    respond(
      entry,
      {
        method: c.req.method,
        acceptEncoding: c.req.header("accept-encoding"),
        ifNoneMatch: c.req.header("if-none-match"),
      },
      status,
    );

  const notFound = (c: Context<AppEnv>) => {
    c.set("rulePath", "/404/");
    return answer(c, notFoundPage, 404);
  };

  // The prerendered pages and assets, from the index made at start.
  app.on(["GET", "HEAD"], "*", (c, next) => {
    const entry = site.get(c.req.path);
    return entry ? answer(c, entry, 200) : next();
  });

  app.notFound(notFound);

  // A fault outside the inbox (none is known): a bare 500, the details logged.
  app.onError((error, c) => {
    log(`${c.req.method} ${c.req.path} failed: ${error instanceof Error ? error.message : error}`);
    return c.text("Internal Server Error", 500);
  });
  return app;
}
