// GET /updates/current.json (rink/live-update.ts's liveUpdatePath), for every page's script
// (app/browser/live-update.ts): { "update": null } or the update in force (LiveUpdate); one
// indexed read, kept by the browser 30 s. Mounted by routes.ts on both hosts; the Worker also
// keeps it in its data centre's cache (edge/worker.ts).
import { Hono } from "hono";
import { type LiveUpdateAnswer, liveUpdatePath } from "../../rink/live-update.ts";
import type { ServerEnv } from "../env.ts";
import { inboxHeaders } from "../security-headers.ts";
import type { UpdatesStore } from "./store.ts";

/**
 * How long a browser may keep the answer: with the pages' read every 10 s
 * (app/browser/live-update.ts), a new update is on every open page within a minute.
 */
export const liveUpdateMaxAge = 30;

export function liveUpdateRoute(
  store: Pick<UpdatesStore, "current">,
  now: () => Date = () => new Date(),
) {
  const app = new Hono<ServerEnv>();
  app.get(liveUpdatePath, async (c) => {
    const answer: LiveUpdateAnswer = { update: await store.current(now().toISOString()) };
    c.header("Content-Security-Policy", inboxHeaders["Content-Security-Policy"]);
    c.header("Cache-Control", `public, max-age=${liveUpdateMaxAge}`);
    return c.json(answer);
  });
  return app;
}
