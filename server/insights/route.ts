// POST /insights/beacon (rink/insights.ts's path and shape), the pages' own count of page views,
// actions and real phones' vitals. In order: the method, Global Privacy Control and Do Not Track
// (not counted, still 204: the page need not know), the origin (browserOrigin), the body's size
// (413 past 2 KB, unread), its type (text/plain from navigator.sendBeacon, or application/json),
// the rate limit per client, bots; then the beacon is read (400 for one the pages never send),
// a page the build did not make is not counted, and the rest is reduced at once to what is
// counted (classify.ts): the address and the user agent only as the day's salted hashes, the
// referrer as its kind and site. Answered 204 before it is written (recorder.ts), where the
// client's share of the day and the day's budget bound what is stored (store.ts).
import type { Context } from "hono";
import { Hono } from "hono";
import { rinkDate } from "../../rink/clock.ts";
import {
  type Beacon,
  insightsBeaconPath,
  maxBeaconBytes,
  readBeaconText,
} from "../../rink/insights.ts";
import { bodyLimit } from "../body-limit.ts";
import type { ServerEnv } from "../env.ts";
import { originIsHost } from "../forms/form-endpoint.ts";
import type { RateDecision } from "../forms/rate-limit.ts";
import { subscriberKey } from "../forms/subscriber-key.ts";
import { escapingLog } from "../log-text.ts";
import { inboxHeaders } from "../security-headers.ts";
import { asksNotToBeCounted, classifyReferrer, deviceClass, isBotAgent } from "./classify.ts";
import type { Recorder } from "./recorder.ts";
import { sitePaths } from "./site-paths-built.ts";
import {
  agentHash,
  type BeaconBounds,
  beaconBounds,
  beaconStatements,
  clientHash,
  type Hit,
  type InsightsStore,
} from "./store.ts";

/** Beacons a minute per client: a family browsing fast sends a view, vitals and a tap a page. */
export const beaconsPerMinute = 120;

export interface InsightsDeps {
  store: Pick<InsightsStore, "salt">;
  recorder: Recorder;
  /** Beacons a minute per client (Node's limiter, the Worker's ratelimits binding). */
  limiter: { take(key: string): RateDecision | Promise<RateDecision> };
  /** Keeps the write running after the answer (a Worker's waitUntil); Node's process lives on. */
  background?: (c: Context<ServerEnv>, task: Promise<unknown>) => void;
  /** Origins besides the site's own whose pages may send beacons here. */
  siteOrigins?: readonly string[];
  /** What the beacons may store, per client and a day (store.ts's beaconBounds). */
  bounds?: BeaconBounds;
  /** The paths the beacon counts: the pages the build made (site-paths-built.ts). */
  paths?: readonly string[];
  now?: () => Date;
  log?: (message: string) => void;
}

const typeAllowed = (type: string | undefined) => {
  const essence = (type ?? "").split(";", 1)[0]?.trim().toLowerCase();
  return essence === "text/plain" || essence === "application/json";
};

/**
 * Whether a beacon's request may come from this site's pages, by what a browser sends with it.
 * A browser's sendBeacon sends its page's Origin: another site's is refused. A browser that
 * sends Fetch metadata always sends Origin on a POST, so one without it is let in only when
 * it says the page was this site's (an extension can strip Origin). A request with neither
 * is an older browser's (or a script's, which could send anything): let in, and bounded like
 * any other by its client's share and the day's budget.
 */
export function browserOrigin(
  headers: { origin: string | undefined; fetchSite: string | undefined; host: string | undefined },
  siteOrigins: ReadonlySet<string>,
): boolean {
  const { origin, fetchSite } = headers;
  if (origin !== undefined) {
    return siteOrigins.has(origin) || originIsHost(origin, headers.host);
  }
  return fetchSite === undefined || fetchSite === "same-origin";
}

/** A random whole number for a beacon's key (53 bits: a JavaScript number exactly). */
const beaconKey = () => {
  const [high = 0, low = 0] = crypto.getRandomValues(new Uint32Array(2));
  return (high & 0x1fffff) * 2 ** 32 + low;
};

export function insightsRoutes(deps: InsightsDeps) {
  const now = deps.now ?? (() => new Date());
  const bounds = deps.bounds ?? beaconBounds;
  const paths = new Set(deps.paths ?? sitePaths);
  const log = deps.log ?? escapingLog((message) => console.error(message));
  const siteOrigins = new Set(deps.siteOrigins ?? []);
  const otherHosts = [...siteOrigins].flatMap((origin) => {
    try {
      return [new URL(origin).hostname];
    } catch {
      return [];
    }
  });
  // The day's salt, read once a day per process or isolate (the store makes it if need be).
  let salt: { day: string; value: Promise<string> } | undefined;
  const saltOf = (day: string) => {
    if (salt?.day !== day) {
      const value = deps.store.salt(day);
      salt = { day, value };
      // A failed read is tried again by the next beacon.
      value.catch(() => {
        if (salt?.value === value) salt = undefined;
      });
    }
    return salt.value;
  };

  /** The beacon as counted (null: not counted), its request reduced to what is kept. */
  async function hitOf(
    beacon: Beacon,
    url: string,
    client: string,
    userAgent: string,
  ): Promise<Hit | null> {
    // A path the build did not make is nobody's page: neither counted nor shown to the owner.
    if (!paths.has(beacon.path)) return null;
    const device = deviceClass(userAgent);
    // The speed the owner sees is the phones': a laptop's figures would flatter it.
    if (beacon.type === "vitals" && device !== "phone") return null;
    const day = rinkDate(now());
    const salt = await saltOf(day);
    const stamp = { day, client: await clientHash(salt, client), key: beaconKey() };
    if (beacon.type === "view") {
      return {
        ...stamp,
        type: "view",
        path: beacon.path,
        source: classifyReferrer(beacon.ref, [new URL(url).hostname, ...otherHosts]),
        device,
        agent: await agentHash(salt, userAgent),
      };
    }
    if (beacon.type === "action") return { ...stamp, ...beacon, device };
    return { ...stamp, ...beacon };
  }

  const app = new Hono<ServerEnv>();
  const answer = (c: Context<ServerEnv>, status: 204 | 400 | 403 | 405 | 413 | 415 | 429) => {
    for (const [name, value] of Object.entries(inboxHeaders)) c.header(name, value);
    return status === 204 ? c.body(null, 204) : c.text(refusals[status], status);
  };

  app.all(insightsBeaconPath, async (c, next) => {
    if (c.req.method !== "POST") {
      c.header("Allow", "POST");
      return answer(c, 405);
    }
    const gpc = c.req.header("sec-gpc");
    const dnt = c.req.header("dnt");
    if (asksNotToBeCounted({ gpc, dnt })) return answer(c, 204);
    const fromSite = browserOrigin(
      {
        origin: c.req.header("origin"),
        fetchSite: c.req.header("sec-fetch-site"),
        host: c.req.header("host"),
      },
      siteOrigins,
    );
    if (!fromSite) return answer(c, 403);
    return next();
  });
  app.post(
    insightsBeaconPath,
    bodyLimit({ maxSize: maxBeaconBytes, onError: (c) => answer(c, 413) }),
    async (c) => {
      if (!typeAllowed(c.req.header("content-type"))) return answer(c, 415);
      const client = subscriberKey(c.get("client")?.address ?? "unknown");
      const decision = await deps.limiter.take(`insights ${client}`);
      if (!decision.ok) {
        c.header("Retry-After", String(decision.retryAfterSeconds));
        return answer(c, 429);
      }
      const userAgent = c.req.header("user-agent");
      if (!userAgent || isBotAgent(userAgent)) return answer(c, 204);
      const reading = readBeaconText(await c.req.text());
      if (!reading.ok) return answer(c, 400);
      try {
        const hit = await hitOf(reading.beacon, c.req.url, client, userAgent);
        if (!hit) return answer(c, 204);
        const writing = deps.recorder.record(beaconStatements(hit, bounds)).catch((error) => {
          log(`insights: a beacon was not stored: ${error instanceof Error ? error.message : ""}`);
        });
        deps.background?.(c, writing);
      } catch (error) {
        // The database not answering the day's salt: a count lost, never an error page.
        log(`insights: a beacon was not counted: ${error instanceof Error ? error.message : ""}`);
      }
      return answer(c, 204);
    },
  );
  return app;
}

const refusals = {
  400: "Not a beacon this site's pages send.",
  403: "Beacons are taken only from this site's pages.",
  405: "Beacons are sent with POST.",
  413: `A beacon is at most ${maxBeaconBytes} bytes.`,
  415: "A beacon is text/plain or application/json.",
  429: "Too many beacons from this connection; try again in a minute.",
} as const;
