// The inbox's routes, the same on both platforms: the forms at /f/:formId and the health check.
// Node's server (app.ts) mounts them in front of the prerendered site; the Worker
// (edge/worker.ts) in front of Cloudflare's static assets.
import { Hono } from "hono";
import type { InboxEnv } from "./app-env.ts";
import { type FormEndpointDeps, formEndpoint } from "./form-endpoint.ts";
import { type OwnerDeps, ownerRoutes } from "./owner/routes.ts";
import { inboxHeaders } from "./security-headers.ts";

export interface InboxRoutesDeps extends FormEndpointDeps {
  /** The owner's inbox at /inbox/; absent, those paths are the site's 404. */
  owner?: OwnerDeps;
}

export function inboxRoutes({ owner, ...deps }: InboxRoutesDeps) {
  const app = new Hono<InboxEnv>();
  app.route("/f", formEndpoint(deps));
  // The owner's pages hand their emails to the same background as the forms' (waitUntil).
  if (owner) app.route("/", ownerRoutes({ background: deps.background, ...owner }));

  // For uptime monitors and the service manager: 200 only while the inbox's database
  // answers, since a site whose forms cannot be stored is not healthy. Never cached.
  app.on(["GET", "HEAD"], "/healthz", async (c) => {
    const ok = await deps.inbox.ping();
    for (const [name, value] of Object.entries(inboxHeaders)) c.header(name, value);
    return c.json({ status: ok ? "ok" : "database unavailable" }, ok ? 200 : 503);
  });
  return app;
}
