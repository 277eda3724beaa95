// The installation token (token.ts) against GitHub's stand-in: asked for the one repository
// with contents only, by a JWT the stand-in checks as GitHub does; kept while it has more than
// five minutes left, then asked for again, or at once when dropped; a wrong key gets no token.
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../tests/support/github-stand-in.ts";
import { readEach } from "../settings.ts";
import { editorGithubOf } from "./settings.ts";
import { installationToken, renewBeforeMs } from "./token.ts";

describe("the GitHub App's installation token", () => {
  let github: GithubStandIn;
  beforeAll(async () => {
    github = await startGithubStandIn();
  });
  afterAll(() => github?.close());

  const app = () => {
    const connection = editorGithubOf(readEach(github.settings).settings).github;
    if (!connection) throw new Error("the stand-in's settings do not connect the editor");
    return connection;
  };

  it("is asked for the one repository, contents only, and kept until five minutes before it expires", async () => {
    let now = Date.now();
    const token = installationToken(app(), () => now);
    const first = await token.get();
    expect(first).toMatch(/^ghs_/);
    expect(github.tokenRequests.at(-1)).toEqual({
      repositories: ["rink-site"],
      permissions: { contents: "write" },
    });
    const asked = github.tokenRequests.length;
    now += 3_600_000 - renewBeforeMs - 60_000;
    expect(await token.get()).toBe(first);
    expect(github.tokenRequests).toHaveLength(asked);
    now += 120_000;
    const second = await token.get();
    expect(second).not.toBe(first);
    expect(github.tokenRequests).toHaveLength(asked + 1);
  });

  it("is asked for again once dropped (GitHub answered 401 to it)", async () => {
    const token = installationToken(app());
    const first = await token.get();
    expect(await token.get()).toBe(first);
    token.forget();
    expect(await token.get()).not.toBe(first);
  });

  it("is refused for a JWT signed with another key", async () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ type: "pkcs8", format: "pem" })
      .toString();
    const before = github.tokens().length;
    await expect(installationToken({ ...app(), privateKey: other }).get()).rejects.toMatchObject({
      status: 401,
    });
    expect(github.tokens()).toHaveLength(before);
  });
});
