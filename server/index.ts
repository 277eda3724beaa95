import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { readSettings } from "./settings.ts";

const settings = readSettings();
const app = createApp({ siteDir: settings.siteDir });

const server = serve({ fetch: app.fetch, port: settings.port, hostname: settings.host }, (info) => {
  const shown = settings.host === "0.0.0.0" ? "localhost" : settings.host;
  console.log(`Rink site listening on http://${shown}:${info.port}`);
});

function shutdown() {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
