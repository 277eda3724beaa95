import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { type FormEndpointDeps, formEndpoint } from "./form-endpoint.ts";

export interface AppDeps extends FormEndpointDeps {
  /** The prerendered site: build/client. */
  siteDir: string;
}

// Files the build writes that are not pages of their own.
const hidden = new Set(["/404", "/404/", "/404/index.html", "/__spa-fallback.html"]);

export function createApp({ siteDir, ...formDeps }: AppDeps) {
  const notFoundPage = readFileSync(join(siteDir, "404", "index.html"), "utf8");
  const app = new Hono();

  // The form inbox first: the static middleware below answers every path it can.
  app.route("/f", formEndpoint(formDeps));

  app.use("/assets/*", async (c, next) => {
    await next();
    // Vite content-hashes every file under /assets: cache forever.
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });

  app.use("*", async (c, next) => {
    if (hidden.has(c.req.path)) return c.html(notFoundPage, 404);
    return next();
  });

  app.use("*", serveStatic({ root: siteDir, precompressed: true }));

  app.notFound((c) => c.html(notFoundPage, 404));
  return app;
}
