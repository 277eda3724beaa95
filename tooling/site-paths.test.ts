import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sitePaths } from "../server/insights/site-paths-built.ts";
import { builtPaths, sitePathsModule, sitePathsModuleText } from "./site-paths.ts";

describe("the pages' paths the server counts", () => {
  it("are the build's pages, as app/site-pages.ts lists them (npm run build writes the copy)", () => {
    expect(readFileSync(sitePathsModule, "utf8")).toBe(sitePathsModuleText());
    expect(sitePaths).toContain("/parties");
    expect(sitePaths).toContain("/contact/thanks");
    expect(sitePaths).not.toContain("/404");
    expect(sitePaths).toEqual(builtPaths());
  });
});
