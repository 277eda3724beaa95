// `npm run bench:server`: our server beside Debian's nginx, both serving the same build/client
// on 127.0.0.1 in the same run. autocannon, 50 connections for 20 s each, against GET / on both
// and POST /f/newsletter on ours (valid JSON, a unique email each); prints requests per second
// and p99 latency, the ratio ours/nginx and autocannon's own CPU (a run where it is near a full
// core measured the client, not the server), then checks that every submission answered 2xx
// is in SQLite. Not part of `npm test`: it takes about a minute and a quiet machine.

import { spawn } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  type Autocannon,
  autocannon,
  type BenchRequest,
  clientBound,
  formatRows,
  measure,
  type Row,
} from "../tests/support/load.ts";
import { freePort, startServer, stopProcessGroup, waitUntilUp } from "../tests/support/server.ts";
import { buildIfStale } from "../tooling/build-inputs.ts";
import { projectRoot as root } from "../tooling/project.ts";

const builtSite = join(root, "build/client");
const nginxBin = "/usr/sbin/nginx";
const connections = 50;
const duration = Number(process.env.BENCH_SECONDS ?? 20);
const warmup = 3;

function nginxConfig(dir: string, port: number, siteDir: string): string {
  // Like Debian's defaults (sendfile, keep-alive, gzip_static for the .gz copies), with every
  // path nginx writes inside the temp dir so no root is needed, one worker (our server is one
  // process; autocannon needs the other core) and no access log (ours goes to /dev/null).
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  gzip_static on;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${siteDir};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`;
}

async function main(): Promise<number> {
  if (!existsSync(nginxBin)) {
    console.error(`${nginxBin} not found: sudo apt-get install -y nginx`);
    return 1;
  }
  buildIfStale(console.log);

  const dir = mkdtempSync(join(tmpdir(), "rink-bench-"));
  // Run as root, nginx reads the site as its worker user (nobody): mkdtemp's 0700 would hide it.
  chmodSync(dir, 0o755);
  const stops: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));

  try {
    // Both serve one copy, so a rebuild in the work tree during the run changes neither.
    const siteDir = join(dir, "site");
    cpSync(builtSite, siteDir, { recursive: true });
    const databasePath = join(dir, "inbox.db");
    // The request log is written as in production (and kept in memory by startServer).
    const ours = await startServer({
      siteDir,
      databasePath,
      // Every request comes from 127.0.0.1: the limit would answer nearly all of them 429, and
      // the daily ceiling all past the 500th of the run.
      env: { RATE_LIMIT_PER_MINUTE: "1000000000", DAILY_LIMIT_PER_FORM: "0" },
    });
    stops.push(ours.stop);

    const nginxPort = await freePort();
    mkdirSync(join(dir, "nginx"));
    writeFileSync(join(dir, "nginx.conf"), nginxConfig(join(dir, "nginx"), nginxPort, siteDir));
    const nginx = spawn(
      nginxBin,
      ["-e", join(dir, "nginx/error.log"), "-p", join(dir, "nginx"), "-c", join(dir, "nginx.conf")],
      { detached: true, stdio: ["ignore", "inherit", "inherit"] },
    );
    // SIGQUIT: nginx's graceful stop.
    stops.push(() => stopProcessGroup(nginx, "SIGQUIT", 10_000));

    const oursUrl = ours.url;
    const nginxUrl = `http://127.0.0.1:${nginxPort}`;
    await waitUntilUp(`${nginxUrl}/`, nginx, (why) => `nginx ${why}`);

    // As a browser asks: both send the same precompressed index.html.gz.
    const pageHeaders = { "accept-encoding": "gzip" };
    const rows: Row[] = [];
    const run = async (
      name: string,
      url: string,
      extra: Parameters<Autocannon>[0] = { url, connections, duration },
    ) => {
      await autocannon({ ...extra, duration: warmup });
      process.stdout.write(`${name}: ${duration} s at ${connections} connections… `);
      const { result, clientCpu } = await measure({ ...extra, duration });
      console.log(
        `${result.requests.average.toFixed(0)} req/s (load average ${loadavg()[0]?.toFixed(2)})`,
      );
      rows.push({ name, result, clientCpu });
      return result;
    };

    console.log(
      `${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} before the run`,
    );
    const nginxGet = await run("nginx GET /", nginxUrl, {
      url: nginxUrl,
      connections,
      duration,
      headers: pageHeaders,
    });
    const oursGet = await run("ours GET /", oursUrl, {
      url: oursUrl,
      connections,
      duration,
      headers: pageHeaders,
    });

    // One unique email per request; the context is per connection, which has one request in
    // flight at a time, so onResponse reads the email of the request it answers.
    const answered: string[] = [];
    let sent = 0;
    const runId = Date.now().toString(36);
    const post: BenchRequest = {
      method: "POST",
      path: "/f/newsletter",
      headers: { "content-type": "application/json", accept: "application/json" },
      setupRequest(request, context) {
        const email = `bench-${runId}-${sent++}@example.com`;
        context.email = email;
        const body = JSON.stringify({
          email,
          phone: "Not provided",
          signup_types: { hasEmail: true, hasSMS: false },
          type: "newsletter_signup",
          timestamp: new Date().toISOString(),
        });
        return { ...request, body };
      },
      onResponse(status, _body, context) {
        if (status >= 200 && status < 300 && typeof context.email === "string") {
          answered.push(context.email);
        }
      },
    };
    // Warm-up submissions are real rows too: count from after them.
    await autocannon({ url: oursUrl, connections, duration: warmup, requests: [post] });
    answered.length = 0;
    const db0 = new DatabaseSync(databasePath, { readOnly: true });
    const before = Number(db0.prepare("SELECT count(*) AS n FROM submissions").get()?.n ?? 0);
    db0.close();
    process.stdout.write(`ours POST /f/newsletter: ${duration} s at ${connections} connections… `);
    const { result: oursPost, clientCpu: postClientCpu } = await measure({
      url: oursUrl,
      connections,
      duration,
      requests: [post],
    });
    console.log(
      `${oursPost.requests.average.toFixed(0)} req/s (load average ${loadavg()[0]?.toFixed(2)})`,
    );
    rows.push({ name: "ours POST /f/newsletter", result: oursPost, clientCpu: postClientCpu });

    console.log(`\n${formatRows(rows)}\n`);
    const ratio = (a: number, b: number) => (b === 0 ? "n/a" : (a / b).toFixed(2));
    console.log(
      `ours/nginx on GET /: req/s ${ratio(oursGet.requests.average, nginxGet.requests.average)}, p99 ${ratio(oursGet.latency.p99, nginxGet.latency.p99)}`,
    );
    // On a small machine the load generator can be the bottleneck: say so rather than let a
    // ratio of two client-bound figures pass for a comparison of the servers.
    for (const row of rows.filter((r) => r.clientCpu >= clientBound)) {
      console.log(
        `client-bound: ${row.name} ran with autocannon at ${Math.round(row.clientCpu * 100)}% of a core; its req/s is a floor for that server, not its limit`,
      );
    }

    // Every submission answered 2xx must be in SQLite (read once the server has stopped).
    await ours.stop();
    const db = new DatabaseSync(databasePath, { readOnly: true });
    const stored = new Set(
      db
        .prepare("SELECT json_extract(data, '$.email') AS email FROM submissions")
        .all()
        .map((r) => String(r.email)),
    );
    const integrity = db.prepare("PRAGMA integrity_check").get()?.integrity_check;
    db.close();
    const missing = answered.filter((email) => !stored.has(email));
    console.log(
      `SQLite: ${answered.length} submissions answered 2xx (autocannon counted ${oursPost["2xx"]}), ${stored.size - before} rows written in the run (the extra ones were in flight when autocannon stopped), ${missing.length} missing; integrity_check ${integrity}`,
    );
    if (missing.length > 0 || answered.length !== oursPost["2xx"] || integrity !== "ok") {
      console.error("FAILED: an answered submission is not in the database");
      return 1;
    }
    if (rows.some(({ result }) => result.non2xx > 0 || result.errors > 0)) {
      console.error("FAILED: some requests were not answered 2xx, so the figures do not compare");
      return 1;
    }
    return 0;
  } finally {
    await cleanup();
  }
}

process.exitCode = await main();
