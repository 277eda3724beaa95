import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { editorConfigText } from "./editor/config.ts";
import { editorConfig } from "./editor-config.ts";

// The configuration the build generates (tooling/editor/), before its repository and branch.
const config = editorConfigText();

describe("the editor's configuration as built", () => {
  it("works on GITHUB_REPO, and signs in and reaches GitHub through the site", () => {
    const backend = parse(editorConfig(config, " sugarcreek/rink-site ")).backend;
    expect(backend).toMatchObject({
      name: "github",
      repo: "sugarcreek/rink-site",
      auth_endpoint: "admin/sign-in",
      include_credentials: true,
    });
    // The page's origin (editor-init.js), never GitHub's own sign-in or API.
    expect(backend.base_url).toBeUndefined();
    expect(backend.api_root).toBeUndefined();
    expect(backend.branch).toBe("main");
  });

  it("commits to GITHUB_BRANCH, the branch the server's proxy lets it write", () => {
    expect(parse(editorConfig(config, "sugarcreek/rink-site", "live")).backend.branch).toBe("live");
    expect(() => editorConfig(config, "sugarcreek/rink-site", "a b")).toThrow(
      "GITHUB_BRANCH must be a branch's name",
    );
  });

  it("is left as written without GITHUB_REPO, and stops the build on a value that is not owner/name", () => {
    expect(editorConfig(config, undefined)).toBe(config);
    expect(editorConfig(config, "")).toBe(config);
    expect(() => editorConfig(config, "https://github.com/a/b")).toThrow(
      'GITHUB_REPO must be the repository as "owner/name"',
    );
  });
});
