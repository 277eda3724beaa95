// /inbox/: the owner reads and answers the forms' submissions, exports the signups, deletes a
// person's data on request and empties the spam, signed in by an emailed link (auth.ts). The
// same routes on Node and on the Worker. Every answer: its own strict policy (no script, one
// stylesheet), never cached (but that stylesheet, named by its hash), never indexed. Every
// change is a POST from this site's own pages (another origin gets 403) by a signed-in owner
// (else 401), and is logged with its address. Here, what every answer shares (the headers,
// request-guard.ts, the body limit, the session); the routes are in groups it mounts:
// reading-routes.ts, sign-in-routes.ts, changing-routes.ts, export-routes.ts, and "How the
// site is doing" and "Post an update" (insights-routes.ts, update-routes.ts). The site's first
// run at /setup (first-run-routes.ts) is answered the same way.
import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { bodyLimit } from "../body-limit.ts";
import type { InsightsStore } from "../insights/store.ts";
import { escapingLog } from "../log-text.ts";
import { sessionOwner } from "./auth.ts";
import { mountChangingRoutes } from "./changing-routes.ts";
import type { Deletions } from "./deletions.ts";
import { mountExportRoutes } from "./export-routes.ts";
import { type FirstRunDeps, mountFirstRun } from "./first-run-routes.ts";
import { mountInsightsRoutes } from "./insights-routes.ts";
import { messagePage, pleaseSignInPage } from "./pages.tsx";
import { mountReadingRoutes } from "./reading-routes.ts";
import { requestGuard } from "./request-guard.ts";
import type { OwnerRouteHelpers } from "./route-helpers.ts";
import { cookieOf, type OwnerEnv } from "./session.ts";
import { mountSignInRoutes, type SignInDeps, signInAnswer } from "./sign-in-routes.ts";
import type { OwnerStore } from "./store.ts";
import { stylesheet, stylesheetPath } from "./stylesheet.ts";
import { mountUpdateRoutes, type UpdatesDeps } from "./update-routes.ts";

/** What the owner's area needs from its host (sign-in's own part: sign-in-routes.ts). */
export interface OwnerDeps extends SignInDeps {
  store: OwnerStore;
  /** Where deletions are remembered for restores; without it they are not recorded. */
  deletions?: Deletions;
  /** "Post an update" at /inbox/updates (update-routes.ts); absent, no such pages. */
  updates?: UpdatesDeps;
  /** Whether the editor's GitHub App is set up: the home says so when it is not. */
  editorConnected?: boolean;
  /**
   * The site's own counts (insights/): "How the site is doing" at /inbox/insights and the
   * home's line for this week. Absent, neither.
   */
  insights?: InsightsStore;
  /** The first run at /setup (first-run-routes.ts); absent, as with no SETUP_CODE. */
  firstRun?: FirstRunDeps;
  now?: () => Date;
  log?: (message: string) => void;
}

/** Where the owner's pages are: the inbox, and the first run's page. */
const ownerPaths = ["/inbox/*", "/setup"];

/** The largest body an inbox form sends is a few hundred bytes; nothing bigger is read. */
export const ownerMaxBodyBytes = 8 * 1024;

const ownerHeaders: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  // The sign-in link's token is in a URL: it must never leave this site in a Referer. Not
  // no-referrer, under which Chromium sends "Origin: null" with the inbox's own forms.
  "Referrer-Policy": "same-origin",
};

export function ownerRoutes(deps: OwnerDeps) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? escapingLog((message) => console.log(message));
  const app = new Hono<OwnerEnv>();

  const audit = async (email: string, action: string, detail = "") => {
    const at = now().toISOString();
    await store.log(at, email, action, detail);
    log(`inbox: ${at} ${email} ${action}${detail ? ` ${detail}` : ""}`);
  };

  // The paths are whole (/inbox/…): this app is mounted at the root beside the site, so that
  // /inbox/ itself, with its slash, is the inbox.
  app.get("/inbox", (c) => c.redirect("/inbox/", 301));

  app.on("ALL", ownerPaths, async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(ownerHeaders)) c.res.headers.set(name, value);
    // The stylesheet, the same for everyone and named by its hash, is kept (stylesheet.ts).
    if (c.req.path === stylesheetPath && c.res.ok) {
      c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
    }
  });

  // A forged form, a script's request or a frame: refused before anything else, and before
  // its body is read (request-guard.ts).
  app.on("ALL", ownerPaths, requestGuard);

  // Every form here is a few fields: a larger body is refused (413) before it is read, by its
  // Content-Length, or as soon as a chunked one passes the limit.
  app.on(
    "ALL",
    ownerPaths,
    bodyLimit({
      maxSize: ownerMaxBodyBytes,
      onError: (c) => {
        const text = "That request is larger than any of the inbox's forms sends.";
        return c.html(messagePage("Too large", text), 413);
      },
    }),
  );

  const currentOwner = (c: Context) =>
    sessionOwner(store, getCookie(c, cookieOf(c).name), now(), deps.owners);

  const signedIn: MiddlewareHandler<OwnerEnv> = async (c, next) => {
    const owner = await currentOwner(c);
    if (!owner) return c.html(pleaseSignInPage(), 401);
    c.set("owner", owner);
    return next();
  };

  app.get(stylesheetPath, (c) =>
    c.body(stylesheet, 200, { "Content-Type": "text/css; charset=utf-8" }),
  );

  const helpers: OwnerRouteHelpers = { store, signedIn, currentOwner, audit, now, log };
  const signIn = {
    ...helpers,
    owners: deps.owners,
    sendTo: deps.sendTo,
    siteUrl: deps.siteUrl,
    limiter: deps.limiter,
    background: deps.background,
    ...(deps.hostHelp ? { hostHelp: deps.hostHelp } : {}),
  };
  mountReadingRoutes(app, {
    ...helpers,
    updates: deps.updates,
    insights: deps.insights,
    editorConnected: deps.editorConnected ?? false,
    signInAnswer: (requestUrl) => signInAnswer(signIn, requestUrl),
  });
  mountSignInRoutes(app, signIn);
  mountFirstRun(app, { ...signIn, firstRun: deps.firstRun ?? {} });
  mountChangingRoutes(app, { ...helpers, deletions: deps.deletions });
  mountExportRoutes(app, helpers);

  if (deps.insights) mountInsightsRoutes(app, { store: deps.insights, signedIn, audit, now });

  if (deps.updates) {
    mountUpdateRoutes(app, {
      updates: deps.updates,
      signedIn,
      audit,
      now,
      ...(deps.background ? { background: deps.background } : {}),
    });
  }

  return app;
}
