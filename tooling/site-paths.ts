// The paths of the pages the build makes (app/site-pages.ts), written for the server as
// server/insights/site-paths-built.ts: the pages' beacon counts only these (server/ never imports
// app/, and the Worker's bundle takes no file the build leaves in build/). `npm run build` writes
// it when the list changed (finish-build.ts); its test fails while the copy is out of date.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { sitePages } from "../app/site-pages.ts";
import { projectRoot } from "./project.ts";

export const sitePathsModule = resolve(projectRoot, "server/insights/site-paths-built.ts");

/** Every page a visitor can land on: the site's, the forms' thank-you pages; not the 404. */
export const builtPaths = (): string[] =>
  sitePages.filter((page) => page.kind !== "not-found").map((page) => page.path);

export function sitePathsModuleText(paths: readonly string[] = builtPaths()): string {
  return `// Written by the build (tooling/site-paths.ts) from app/site-pages.ts: do not edit.

/** The paths of the pages the build makes, the only ones the beacon counts. */
export const sitePaths: readonly string[] = ${JSON.stringify(paths, null, 2).replace(/\n\]$/, ",\n]")};
`;
}

/** Writes the module when the pages changed; whether it did. */
export function writeSitePaths(): boolean {
  const text = sitePathsModuleText();
  let current = "";
  try {
    current = readFileSync(sitePathsModule, "utf8");
  } catch {
    // Not there yet: written below.
  }
  if (current === text) return false;
  writeFileSync(sitePathsModule, text);
  return true;
}
