// The inbox's routes, the same on both platforms: the forms at /f/:formId, the owner's inbox,
// the list services' webhooks, the owner's update for the pages (/updates/current.json) and the
// health check.
// Node's server (app.ts) mounts them in front of the prerendered site; the Worker
// (edge/worker.ts) in front of Cloudflare's static assets.
import { Hono } from "hono";
import type { InboxEnv } from "./env.ts";
import { type FormEndpointDeps, formEndpoint } from "./inbox/form-endpoint.ts";
import type { NewSubmission } from "./inbox/submission.ts";
import { type ListHooksDeps, listHooks } from "./lists/hooks.ts";
import { type OwnerDeps, ownerRoutes } from "./owner/routes.ts";
import type { UpdatesDeps } from "./owner/update-routes.ts";
import { inboxHeaders } from "./security-headers.ts";

export interface InboxRoutesDeps extends FormEndpointDeps {
  /** The owner's inbox at /inbox/; absent, those paths are the site's 404. */
  owner?: OwnerDeps;
  /** The list services' webhooks at /hooks/ (list-hooks.ts); absent, those paths are the site's. */
  hooks?: ListHooksDeps;
  /**
   * The owner's updates: "Post an update" in the owner's pages, and the one in force for the
   * pages' script at /updates/current.json. Absent, neither.
   */
  updates?: UpdatesDeps;
}

/**
 * How long a browser may keep /updates/current.json: with the pages' read every 10 s
 * (app/browser/live-update.ts), a new update is on every open page within a minute.
 */
export const currentUpdateMaxAge = 30;
export const currentUpdatePath = "/updates/current.json";

export function inboxRoutes({ owner, hooks, updates, ...deps }: InboxRoutesDeps) {
  const app = new Hono<InboxEnv>();
  app.route("/f", formEndpoint(deps));
  if (hooks) {
    // A text reply that is not a keyword is stored and emailed as the forms' messages are.
    const save = deps.save ?? (async (s: NewSubmission) => deps.inbox.insert(s));
    const notifier = deps.notifier;
    app.route(
      "/hooks",
      listHooks({
        log: deps.log,
        messages: { save, ...(notifier ? { notify: (s) => notifier.notify(s) } : {}) },
        ...(deps.background ? { background: deps.background } : {}),
        ...hooks,
      }),
    );
  }
  // The owner's pages hand their emails to the same background as the forms' (waitUntil).
  if (owner) {
    app.route(
      "/",
      ownerRoutes({
        background: deps.background,
        ...(updates
          ? { updates: { ...(deps.outbox ? { outbox: deps.outbox } : {}), ...updates } }
          : {}),
        ...owner,
      }),
    );
  }

  // The update in force, for every page's script (app/browser/): { "update": null } or its
  // note, kind, date, hours and end; one indexed read, kept by the browser 30 s.
  if (updates) {
    app.get(currentUpdatePath, async (c) => {
      const update = await updates.store.current((deps.now?.() ?? new Date()).toISOString());
      c.header("Content-Security-Policy", inboxHeaders["Content-Security-Policy"]);
      c.header("Cache-Control", `public, max-age=${currentUpdateMaxAge}`);
      return c.json({ update });
    });
  }

  // For uptime monitors and the service manager: 200 only while the inbox's database
  // answers, since a site whose forms cannot be stored is not healthy. Never cached.
  app.on(["GET", "HEAD"], "/healthz", async (c) => {
    const ok = await deps.inbox.ping();
    for (const [name, value] of Object.entries(inboxHeaders)) c.header(name, value);
    return c.json({ status: ok ? "ok" : "database unavailable" }, ok ? 200 : 503);
  });
  return app;
}
