// Nothing answered 2xx is lost: a burst of concurrent submissions, the server killed with
// SIGKILL in the middle of it (no shutdown code runs), a restart on the same file, and every
// submission that was acknowledged is there, in a database that passes integrity_check.
import { Agent } from "node:http";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { fakeSite, tempDir } from "../../tests/support/fake-site.ts";
import { postSignup, type RunningServer, startServer } from "../../tests/support/server.ts";
import { formOfKind } from "./accepted-forms.ts";

let dir: ReturnType<typeof tempDir> | undefined;
const servers: RunningServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.kill();
  dir?.remove();
});

describe("a crash during a burst of submissions", { timeout: 40_000 }, () => {
  it("loses none that were answered 2xx, and leaves a sound database", async () => {
    dir = tempDir();
    const options = {
      siteDir: fakeSite(dir.path),
      databasePath: join(dir.path, "inbox.db"),
      // One client posts them all: no rate limit, and no daily share to stop it.
      env: { RATE_LIMIT_PER_MINUTE: "0", DAILY_LIMIT_PER_FORM: "0" },
    };
    const first = await startServer(options);
    servers.push(first);

    const total = 400;
    const concurrency = 16;
    const killAfter = 60;
    const acknowledged: string[] = [];
    let failed = 0;
    let next = 0;
    const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
    const worker = async () => {
      while (next < total) {
        const email = `burst-${next++}@example.com`;
        const status = await postSignup(first.port, agent, email);
        if (status >= 200 && status < 300) {
          acknowledged.push(email);
          // kill -9 with the other workers' requests in flight.
          if (acknowledged.length === killAfter) first.kill();
        } else failed++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    agent.destroy();
    expect(await first.exited).toBeNull();
    expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter);
    // The kill did land mid-burst: later submissions found no server.
    expect(failed).toBeGreaterThan(0);

    const second = await startServer(options);
    servers.push(second);
    const db = new DatabaseSync(options.databasePath, { readOnly: true });
    try {
      expect(db.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
      const rows = db.prepare("SELECT form, data, spam FROM submissions").all();
      const stored = new Set(
        rows.map((r) => (JSON.parse(String(r.data)) as { email: string }).email),
      );
      const missing = acknowledged.filter((email) => !stored.has(email));
      expect(missing).toEqual([]);
      // Stored but not acknowledged is allowed (the answer was lost with the process), a
      // row nobody sent is not, and each row passes the form's rules.
      const newsletter = formOfKind("newsletter");
      for (const row of rows) {
        const data = JSON.parse(String(row.data)) as Record<string, unknown>;
        expect(String(data.email)).toMatch(/^burst-\d+@example\.com$/);
        expect(newsletter?.validate(data)).toEqual({ ok: true, value: data });
      }
    } finally {
      db.close();
    }

    // The restarted server takes submissions again.
    const again = new Agent();
    expect(await postSignup(second.port, again, "after-restart@example.com")).toBe(200);
    again.destroy();
    second.process.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  });
});
