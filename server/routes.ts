// The server's routes, the same on both platforms: the forms at /f/:formId, the owner's inbox,
// the list services' webhooks, the owner's update for the pages (/updates/current.json) and the
// health check.
// Node's server (node/app.ts) mounts them in front of the prerendered site; the Worker
// (edge/worker.ts) in front of Cloudflare's static assets.
import { Hono } from "hono";
import { editorRoutes } from "./editor/routes.ts";
import type { EditorGithub } from "./editor/settings.ts";
import type { ServerEnv } from "./env.ts";
import { type FormEndpointDeps, formEndpoint } from "./forms/form-endpoint.ts";
import type { NewSubmission } from "./forms/submission.ts";
import { healthCheck } from "./health-check.ts";
import { type InsightsDeps, insightsRoutes } from "./insights/route.ts";
import type { InsightsStore } from "./insights/store.ts";
import { type ListHooksDeps, listHooks } from "./lists/hooks.ts";
import { type OwnerDeps, ownerRoutes } from "./owner/routes.ts";
import type { UpdatesDeps } from "./owner/update-routes.ts";
import { liveUpdateRoute } from "./updates/route.ts";

export interface ServerRoutesDeps extends FormEndpointDeps {
  /** The owner's inbox at /inbox/; absent, those paths are the site's 404. */
  owner?: OwnerDeps;
  /** The list services' webhooks at /hooks/ (lists/hooks.ts); absent, those paths are the site's. */
  hooks?: ListHooksDeps;
  /**
   * The owner's updates: "Post an update" in the owner's pages, and the one in force for the
   * pages' script (updates/). Absent, neither.
   */
  updates?: UpdatesDeps;
  /**
   * The editor's GitHub App (editor/): its sign-in and proxy under /admin/, behind the owner's
   * session. Absent, the editor answers that it is not connected.
   */
  editor?: EditorGithub | undefined;
  /**
   * The pages' beacon at /insights/beacon (insights/route.ts): the site's own counts. Absent,
   * that path is the site's.
   */
  insights?: Omit<InsightsDeps, "background" | "siteOrigins" | "now" | "log" | "store"> & {
    /** The counts' store: the beacon's salt, and the owner's page's reads. */
    store: InsightsStore;
  };
}

export function serverRoutes({
  owner,
  hooks,
  updates,
  editor,
  insights,
  ...deps
}: ServerRoutesDeps) {
  const app = new Hono<ServerEnv>();
  app.route("/f", formEndpoint(deps));
  if (insights) {
    app.route(
      "/",
      insightsRoutes({
        ...insights,
        ...(deps.background ? { background: deps.background } : {}),
        ...(deps.siteOrigins ? { siteOrigins: deps.siteOrigins } : {}),
        ...(deps.now ? { now: deps.now } : {}),
        ...(deps.log ? { log: deps.log } : {}),
      }),
    );
  }
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
  // The editor signs in by the owner's session (editor/routes.ts).
  if (owner) {
    app.route(
      "/",
      editorRoutes({
        github: editor,
        store: owner.store,
        owners: owner.owners,
        ...(owner.now ? { now: owner.now } : {}),
        ...(owner.log ? { log: owner.log } : {}),
      }),
    );
  }
  // The owner's pages hand their emails to the same background as the forms' (waitUntil).
  if (owner) {
    app.route(
      "/",
      ownerRoutes({
        background: deps.background,
        editorConnected: Boolean(editor),
        ...(insights ? { insights: insights.store } : {}),
        ...(updates
          ? { updates: { ...(deps.outbox ? { outbox: deps.outbox } : {}), ...updates } }
          : {}),
        ...owner,
      }),
    );
  }

  // The update in force, for every page's script (updates/route.ts).
  if (updates) app.route("/", liveUpdateRoute(updates.store, deps.now));

  // For uptime monitors and the service manager (health-check.ts).
  app.on(
    ["GET", "HEAD"],
    "/healthz",
    healthCheck({ inbox: deps.inbox, ...(deps.now ? { now: deps.now } : {}) }),
  );
  return app;
}
