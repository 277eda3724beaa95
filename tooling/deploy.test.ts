import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildEnvironment, deploy, sharedSettings, type Wrangler } from "./deploy.ts";
import { projectRoot } from "./project.ts";
import { type WorkerConfig, workerConfig } from "./wrangler.ts";

const packageJson = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  cloudflare: { bindings: Record<string, { description: string }> };
};

/** The names `.dev.vars.example` gives values to: the secrets the Deploy button asks for. */
function askedSecrets(): string[] {
  const text = readFileSync(join(projectRoot, ".dev.vars.example"), "utf8");
  return [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? "");
}

describe("the repository as the Deploy to Cloudflare button reads it", () => {
  it("runs every npm script the same in any shell: no `VAR=value command`", () => {
    for (const [name, command] of Object.entries(packageJson.scripts)) {
      expect(command, name).not.toMatch(/(^|[\s&|;])[A-Za-z_][A-Za-z0-9_]*=\S*\s/);
    }
  });

  it("names no account's ids in wrangler.jsonc: the first deploy makes the database and queue", () => {
    const text = readFileSync(join(projectRoot, "wrangler.jsonc"), "utf8");
    expect(text).not.toMatch(/"(database_id|account_id|preview_database_id)"/);
    const [database] = workerConfig().d1_databases ?? [];
    expect(database).toMatchObject({ binding: "DB", database_name: expect.any(String) });
  });

  it("deploys with the migrations: the deploy script the button and Workers Builds run", () => {
    expect(packageJson.scripts.deploy).toBe("node scripts/deploy.ts");
    expect(packageJson.scripts.build).toBe("node scripts/build.ts");
  });

  it("describes each variable and secret its form asks for", () => {
    const asked = [...Object.keys(workerConfig().vars ?? {}), ...askedSecrets()];
    expect(askedSecrets()).toEqual(["SETUP_CODE", "DELETION_KEY"]);
    for (const name of asked) {
      expect(packageJson.cloudflare.bindings[name]?.description, name).toMatch(/\S/);
    }
    expect(Object.keys(packageJson.cloudflare.bindings).toSorted()).toEqual(asked.toSorted());
  });
});

describe("the settings the build and the Worker both read", () => {
  it("are the environment's, else wrangler.jsonc's, and left out when empty", () => {
    const vars = { SITE_URL: "https://file.example", GITHUB_REPO: "", NOTIFY_TO: "a@b.example" };
    expect(sharedSettings({}, vars)).toEqual({ SITE_URL: "https://file.example" });
    expect(sharedSettings({ SITE_URL: " https://env.example ", GITHUB_REPO: "o/r" }, vars)).toEqual(
      { SITE_URL: "https://env.example", GITHUB_REPO: "o/r" },
    );
    expect(sharedSettings({ SITE_URL: "" }, { SITE_URL: " " })).toEqual({});
  });

  it("reach the build from wrangler.jsonc, except a copy for this computer's", () => {
    const vars = { SITE_URL: "https://file.example" };
    expect(buildEnvironment({ PATH: "/bin" }, vars)).toEqual({
      PATH: "/bin",
      SITE_URL: "https://file.example",
    });
    expect(buildEnvironment({ RINK_LOCAL_BUILD: "1" }, vars)).toEqual({ RINK_LOCAL_BUILD: "1" });
  });
});

const config = (database: Record<string, string>): WorkerConfig => ({
  ...workerConfig(),
  d1_databases: [{ binding: "DB", ...database }],
  vars: { SITE_URL: "https://skate.example", GITHUB_REPO: "" },
});

/** A wrangler that records each command, answers `d1 list` with `databases`, fails `failing`. */
function fakeWrangler(databases: string[], failing?: string) {
  const calls: string[] = [];
  const wrangler: Wrangler = async (args) => {
    const command = args.join(" ");
    calls.push(command);
    if (failing && command.startsWith(failing)) throw new Error(`wrangler ${failing} failed`);
    if (command === "d1 list --json") {
      return `notice\n${JSON.stringify(databases.map((name) => ({ name, uuid: "x" })))}\n`;
    }
    return "";
  };
  return { calls, wrangler };
}

describe("npm run deploy", () => {
  it("makes the database on a first deploy, migrates it, then deploys with the site's address", async () => {
    const { calls, wrangler } = fakeWrangler(["another-site"]);
    const said: string[] = [];
    await deploy(wrangler, config({ database_name: "rink-inbox" }), {}, (line) => said.push(line));
    expect(calls).toEqual([
      "d1 list --json",
      "d1 create rink-inbox --update-config=false",
      "d1 migrations apply DB --remote",
      "deploy --var SITE_URL:https://skate.example",
    ]);
    expect(said).toEqual(["No D1 database named rink-inbox in this account yet: creating it."]);
  });

  it("finds the database by its name after, and hands the build variables to the Worker", async () => {
    const { calls, wrangler } = fakeWrangler(["rink-inbox"]);
    const env = { SITE_URL: "https://www.skate.example", GITHUB_REPO: "rink/site" };
    await deploy(wrangler, config({ database_name: "rink-inbox" }), env, () => {});
    expect(calls).toEqual([
      "d1 list --json",
      "d1 migrations apply DB --remote",
      "deploy --var SITE_URL:https://www.skate.example --var GITHUB_REPO:rink/site",
    ]);
  });

  it("asks nothing of the account when the file names the database's id (the button's copy)", async () => {
    const { calls, wrangler } = fakeWrangler([]);
    const withId = config({ database_name: "rink-inbox", database_id: "1234" });
    await deploy(wrangler, withId, {}, () => {});
    expect(calls[0]).toBe("d1 migrations apply DB --remote");
  });

  it("deploys nothing when the migrations fail", async () => {
    const { calls, wrangler } = fakeWrangler(["rink-inbox"], "d1 migrations");
    await expect(
      deploy(wrangler, config({ database_name: "rink-inbox" }), {}, () => {}),
    ).rejects.toThrow("wrangler d1 migrations failed");
    expect(calls.some((call) => call.startsWith("deploy"))).toBe(false);
  });
});
