// `npm run start:edge`: the built site and its inbox as Cloudflare will run them (wrangler.jsonc),
// locally and offline: the static assets, the Worker, a local D1 (in .wrangler/state, its
// tables from server/migrations) and the send_email binding, which writes each email to a
// file and prints its path. PORT (default 3000) and HOST (default 127.0.0.1) as `npm start`.
import { buildIfStale } from "../tooling/build-inputs.ts";
import { applyMigrations, spawnEdgeDev } from "../tooling/wrangler.ts";

buildIfStale(console.log);
await applyMigrations();
const port = Number(process.env.PORT || 3000);
const wrangler = spawnEdgeDev({ port, host: process.env.HOST || "127.0.0.1", inherit: true });

// Ctrl-C or a service manager's SIGTERM stops wrangler and the workerd it started.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    try {
      if (wrangler.pid) process.kill(-wrangler.pid, "SIGKILL");
    } catch {
      // Gone already.
    }
    process.exit(0);
  });
}
wrangler.on("exit", (code) => process.exit(code ?? 1));
