// A flood of made-up beacons against a running server, with the owner's families still using
// the site through it: `rate` beacons a second for `seconds` (views from many addresses, with
// made-up pages, referrers and vitals, taps, and junk), a contact form sent every half second
// and a page loaded every 100 ms, each timed. For tests/insights.test.ts (10 s) and
// `npm run bench:insights` (a minute), which print or assert the same figures.
import { insightsBeaconPath } from "../../rink/insights.ts";
import { sitePaths } from "../../server/insights/site-paths-built.ts";

export const phoneAgent =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
export const laptopAgent =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";

export interface FloodOptions {
  url: string;
  /** The header that names the client (X-Forwarded-For behind a trusted proxy). */
  clientHeader: string;
  rate: number;
  seconds: number;
  /** A page the server serves, loaded while the flood runs. */
  page?: string;
  /**
   * Every beacon with Sec-GPC: 1, so answered without being read or counted: the cost of the
   * requests alone, for the benchmark to set the counted flood against.
   */
  gpc?: boolean;
}

export interface FloodResult {
  /** `views`: the views of the site's own pages sent, which are counted. */
  beacons: { sent: number; statuses: Record<string, number>; views: number; ms: Timing };
  forms: { sent: number; accepted: number; ms: Timing };
  pages: { before: Timing; during: Timing; failed: number };
  seconds: number;
}

export interface Timing {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return {
    count: sorted.length,
    p50: Math.round(at(0.5) * 10) / 10,
    p95: Math.round(at(0.95) * 10) / 10,
    max: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
  };
}

/**
 * The rows the beacons wrote on the day ?1, as D1 counts rows written, from what the tables
 * hold: each count row's hits (its insert, then an update a hit), each client row's beacons,
 * each other site's clients, each vitals row, and the day's row's beacons.
 */
export const beaconRowsWritten = `SELECT
    (SELECT coalesce(sum(hits), 0) FROM insight_counts WHERE day = ?1)
  + (SELECT coalesce(sum(beacons), 0) FROM insight_clients WHERE day = ?1)
  + (SELECT coalesce(sum(clients), 0) FROM insight_referrers WHERE day = ?1)
  + (SELECT count(*) FROM insight_vitals WHERE day = ?1)
  + (SELECT coalesce(sum(beacons), 0) FROM insight_days WHERE day = ?1) AS n`;

const pages = ["/", "/parties", "/events", "/about", "/contact", "/made-up-page", "/x/y/z"];
const referrers = [
  "",
  "https://www.google.com/",
  "https://l.facebook.com/",
  "https://random-site-",
  "https://www.bing.com/",
];

/** The n-th made-up beacon: mostly views, some taps and vitals, a few that are not beacons. */
function madeUp(n: number): { body: string; view: boolean } {
  const path = pages[n % pages.length] ?? "/";
  switch (n % 10) {
    case 7:
      return { body: JSON.stringify({ v: 1, type: "action", path, action: "call" }), view: false };
    case 8:
      return {
        body: JSON.stringify({ v: 1, type: "vitals", path, metrics: { LCP: 900 + (n % 5000) } }),
        view: false,
      };
    case 9:
      return { body: `{"v":1,"type":"view","path":${n}}`, view: false };
    default: {
      const ref = referrers[n % referrers.length] ?? "";
      const full = ref.endsWith("-") ? `${ref}${n % 300}.example/` : ref;
      // A view of a page the build did not make is answered, not counted.
      const view = sitePaths.includes(path);
      return { body: JSON.stringify({ v: 1, type: "view", path, ref: full }), view };
    }
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function flood(options: FloodOptions): Promise<FloodResult> {
  const { url, clientHeader, rate, seconds } = options;
  const page = options.page ?? "/";
  const loadPage = async () => {
    const { ms, value } = await timed(async () => {
      const response = await fetch(`${url}${page}`);
      await response.arrayBuffer();
      return response.status;
    });
    return { ms, ok: value === 200 };
  };
  const before: number[] = [];
  for (let i = 0; i < 20; i++) before.push((await loadPage()).ms);

  const beaconMs: number[] = [];
  const statuses: Record<string, number> = {};
  let sent = 0;
  let views = 0;
  const formMs: number[] = [];
  let formsSent = 0;
  let accepted = 0;
  const during: number[] = [];
  let failedPages = 0;
  const inFlight: Promise<unknown>[] = [];

  const sendBeacon = (n: number) => {
    const { body, view } = madeUp(n);
    sent += 1;
    if (view) views += 1;
    // Each from its own made-up address, so the per-client limit lets the whole flood in.
    const client = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    return timed(async () => {
      const response = await fetch(`${url}${insightsBeaconPath}`, {
        method: "POST",
        headers: {
          "Content-Type": "text/plain;charset=UTF-8",
          "User-Agent": n % 3 === 0 ? laptopAgent : phoneAgent,
          Origin: url,
          [clientHeader]: client,
          ...(options.gpc ? { "Sec-GPC": "1" } : {}),
        },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    }).then(({ ms, value }) => {
      beaconMs.push(ms);
      statuses[value] = (statuses[value] ?? 0) + 1;
    });
  };

  const sendForm = (n: number) => {
    formsSent += 1;
    return timed(async () => {
      const response = await fetch(`${url}/f/contact`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          Origin: url,
          [clientHeader]: `172.16.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({
          name: `Flood Family ${n}`,
          email: `family${n}@example.com`,
          phone: "(317) 555-0100",
          subject: "birthday-party",
          message: `A party for ${n} skaters, please.`,
        }),
      });
      await response.arrayBuffer();
      return response.status;
    }).then(({ ms, value }) => {
      formMs.push(ms);
      if (value === 200) accepted += 1;
    });
  };

  const start = performance.now();
  const perTick = rate / 10;
  let n = 0;
  for (let tick = 0; tick < seconds * 10; tick++) {
    for (let i = 0; i < perTick; i++) inFlight.push(sendBeacon(n++));
    if (tick % 5 === 0) inFlight.push(sendForm(tick / 5));
    inFlight.push(
      loadPage().then(({ ms, ok }) => {
        during.push(ms);
        if (!ok) failedPages += 1;
      }),
    );
    const next = start + (tick + 1) * 100;
    await sleep(Math.max(0, next - performance.now()));
  }
  await Promise.all(inFlight);
  return {
    beacons: { sent, statuses, views, ms: timing(beaconMs) },
    forms: { sent: formsSent, accepted, ms: timing(formMs) },
    pages: { before: timing(before), during: timing(during), failed: failedPages },
    seconds: Math.round((performance.now() - start) / 100) / 10,
  };
}
