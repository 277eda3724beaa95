// The pages' beacon (issue 45): what the page's own script sends to count a page view, an action
// that matters to the rink, or a real visitor's Core Web Vitals, and the one check the server
// reads it through. Pure, without zod: the browser's script imports the names and the path, and
// the server (server/insights/) this validator, so both read one shape.
//
// A beacon is a small JSON object, sent by navigator.sendBeacon (text/plain) or fetch with
// keepalive (application/json), at most maxBeaconBytes. It carries no identifier of the visitor:
// the server counts a visitor a day by a salted hash it makes and deletes (server/insights/).
//
//   { "v": 1, "type": "view", "path": "/parties", "ref": "https://www.google.com/" }
//   { "v": 1, "type": "action", "path": "/", "action": "call" }
//   { "v": 1, "type": "action", "path": "/", "action": "newsletter_signup",
//     "category": "engagement", "label": "email_sms" }
//   { "v": 1, "type": "vitals", "path": "/parties",
//     "metrics": { "LCP": 1840, "INP": 96, "CLS": 0.02, "FCP": 1210, "TTFB": 380 } }

/** Where the beacon is POSTed (the server's route; the pages' script). */
export const insightsBeaconPath = "/insights/beacon";

/** The largest body the server reads: a bigger one is refused (413) unread. */
export const maxBeaconBytes = 2048;

/** The wire format's version: a beacon of another is ignored (answered, not counted). */
export const beaconVersion = 1;

/**
 * The actions that matter to the rink, each with the category the spec's analytics call gives
 * it and the labels it may carry (an empty list: no label). `newsletter_signup` is the spec's
 * own event: category "engagement", label "email", "_sms" or "email_sms" by what was given (the
 * spec's labels, which app/lib/submit-newsletter.ts's signupLabel writes).
 */
export const beaconActions = {
  /** A tap on Call Now or any phone link (tel:). */
  call: { category: "contact", labels: [] },
  /** The directions link (the map). */
  directions: { category: "contact", labels: [] },
  /** The newsletter / text-alert signup, sent once the inbox accepted it. */
  newsletter_signup: { category: "engagement", labels: ["email", "_sms", "email_sms"] },
  /** The contact form's message, sent once the inbox accepted it. */
  message_sent: { category: "contact", labels: [] },
  /** "Add to calendar" on an event or session (its .ics file). */
  add_to_calendar: { category: "engagement", labels: [] },
  /** The calendar feed subscribed to (webcal:, or its address copied). */
  calendar_feed: { category: "engagement", labels: [] },
} as const satisfies Record<string, { category: string; labels: readonly string[] }>;

export type BeaconAction = keyof typeof beaconActions;
export const beaconActionNames = Object.keys(beaconActions) as BeaconAction[];

/** The web-vitals library's metric names, in the order the owner's page shows them. */
export const vitalNames = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type VitalName = (typeof vitalNames)[number];

/**
 * Google's thresholds (web.dev/articles/vitals): at or under `good` is good, over `poor` is
 * poor, between needs improvement; milliseconds but CLS, which has no unit. `max` bounds what a
 * beacon may carry: a figure past it is a broken or made-up sample and is left out.
 */
export const vitalThresholds: Record<VitalName, { good: number; poor: number; max: number }> = {
  LCP: { good: 2500, poor: 4000, max: 120_000 },
  INP: { good: 200, poor: 500, max: 60_000 },
  CLS: { good: 0.1, poor: 0.25, max: 100 },
  FCP: { good: 1800, poor: 3000, max: 120_000 },
  TTFB: { good: 800, poor: 1800, max: 120_000 },
};

export type VitalRating = "good" | "needs-improvement" | "poor";

/** Google's rating of one figure (a p75, in the owner's page). */
export function vitalRating(name: VitalName, value: number): VitalRating {
  const { good, poor } = vitalThresholds[name];
  if (value <= good) return "good";
  return value <= poor ? "needs-improvement" : "poor";
}

/** A page's path as the site writes it: "/", "/parties", "/contact/thanks". */
const pathPattern = /^\/(?:[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*)?$/;
export const maxPathLength = 100;
/** document.referrer is a URL; the server keeps only its site, and reads at most this much. */
export const maxRefLength = 500;

export type Beacon =
  | { type: "view"; path: string; ref: string | null }
  | { type: "action"; path: string; action: BeaconAction; label: string | null }
  | { type: "vitals"; path: string; metrics: Partial<Record<VitalName, number>> };

export type BeaconReading = { ok: true; beacon: Beacon } | { ok: false; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The page's path as counted: the query and fragment dropped, "/parties/" and
 * "/parties/index.html" as "/parties", lower case. Null for anything that is not a site path.
 */
export function beaconPath(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length > maxPathLength * 2) return null;
  let path = raw.split(/[?#]/, 1)[0]?.toLowerCase() ?? "";
  if (path.endsWith("/index.html")) path = path.slice(0, -"index.html".length);
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path.length <= maxPathLength && pathPattern.test(path) ? path : null;
}

/**
 * A beacon's JSON, already parsed, read into its shape, or why not. Unknown fields are
 * ignored (a later script may send more); a vitals figure that is not a finite number within
 * its bounds is left out, and a vitals beacon with none is refused. Linear in the input, which
 * the server has bounded to maxBeaconBytes before parsing.
 */
export function readBeacon(json: unknown): BeaconReading {
  if (!isRecord(json)) return { ok: false, reason: "not an object" };
  if (json.v !== beaconVersion) return { ok: false, reason: "another version" };
  const path = beaconPath(json.path);
  if (!path) return { ok: false, reason: "no page path" };
  switch (json.type) {
    case "view": {
      const ref = typeof json.ref === "string" && json.ref ? json.ref.slice(0, maxRefLength) : null;
      return { ok: true, beacon: { type: "view", path, ref } };
    }
    case "action": {
      const action = json.action;
      if (typeof action !== "string" || !Object.hasOwn(beaconActions, action)) {
        return { ok: false, reason: "an unknown action" };
      }
      const rules = beaconActions[action as BeaconAction];
      if (json.category !== undefined && json.category !== rules.category) {
        return { ok: false, reason: "the action's category is not its own" };
      }
      const labels: readonly string[] = rules.labels;
      const label = json.label ?? null;
      if (label !== null && !(typeof label === "string" && labels.includes(label))) {
        return { ok: false, reason: "a label the action does not have" };
      }
      if (label === null && labels.length > 0) {
        return { ok: false, reason: "the action's label is missing" };
      }
      return { ok: true, beacon: { type: "action", path, action: action as BeaconAction, label } };
    }
    case "vitals": {
      if (!isRecord(json.metrics)) return { ok: false, reason: "no metrics" };
      const metrics: Partial<Record<VitalName, number>> = {};
      for (const name of vitalNames) {
        const value = json.metrics[name];
        if (typeof value === "number" && value >= 0 && value <= vitalThresholds[name].max) {
          metrics[name] = value;
        }
      }
      if (Object.keys(metrics).length === 0) return { ok: false, reason: "no usable metric" };
      return { ok: true, beacon: { type: "vitals", path, metrics } };
    }
    default:
      return { ok: false, reason: "an unknown type" };
  }
}

/**
 * A beacon's body as the server receives it (text, at most maxBeaconBytes), read; JSON that
 * does not parse is refused like any other wrong shape.
 */
export function readBeaconText(text: string): BeaconReading {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: "not JSON" };
  }
  return readBeacon(json);
}
