// A build of the site from another copy of the content files, served by the real server:
// for specs that need content of their own (dates relative to today, no photos, the editor's
// saves). Everything is removed by stop().
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSiteCopy } from "../build.ts";
import { startServer } from "../server.ts";

export interface ContentSite {
  url: string;
  stop: () => Promise<void>;
}

/** Builds the site from `contentDir` and serves it on 127.0.0.1. */
export async function serveContent(contentDir: string): Promise<ContentSite> {
  const tmp = mkdtempSync(join(tmpdir(), "rink-content-site-"));
  try {
    await buildSiteCopy(join(tmp, "site"), { CONTENT_DIR: contentDir });
    // No email from this copy: the specs' SMTP capture belongs to the main server.
    const server = await startServer({
      siteDir: join(tmp, "site"),
      databasePath: join(tmp, "inbox.db"),
      env: { LOG_LEVEL: "silent" },
    });
    return {
      url: server.url,
      stop: async () => {
        await server.stop();
        rmSync(tmp, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}
