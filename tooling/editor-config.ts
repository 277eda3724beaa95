// The editor's configuration as the build writes it (build-admin.ts): the one made from the
// schema (tooling/editor/config.ts) with the repository from GITHUB_REPO and the branch from
// GITHUB_BRANCH, the settings the server's proxy reads (server/editor/), which commits to that
// branch only.
import { branchPattern } from "../server/editor/settings.ts";

/**
 * The editor's configuration with `repo` set to GITHUB_REPO ("owner/name"); as written when
 * unset. A value that is not "owner/name" stops the build.
 */
export function editorConfig(
  config: string,
  repo: string | undefined,
  branch?: string | undefined,
): string {
  const onBranch = branchOf(config, branch);
  const wanted = repo?.trim();
  if (!wanted) return onBranch;
  if (!/^[\w.-]{1,100}\/[\w.-]{1,100}$/.test(wanted)) {
    throw new Error(
      `build-admin: GITHUB_REPO must be the repository as "owner/name", not "${wanted}"`,
    );
  }
  const line = /^ {2}repo: OWNER\/REPOSITORY$/m;
  if (!line.test(onBranch))
    throw new Error("build-admin: the editor's configuration has no `repo: OWNER/REPOSITORY` line");
  return onBranch.replace(line, `  repo: ${wanted}`);
}

/** The branch line set to GITHUB_BRANCH (the server's pattern, branchPattern); as written when unset. */
function branchOf(config: string, branch: string | undefined): string {
  const wanted = branch?.trim();
  if (!wanted) return config;
  if (!branchPattern.test(wanted)) {
    throw new Error(
      `build-admin: GITHUB_BRANCH must be a branch's name, like main, not "${wanted}"`,
    );
  }
  const line = /^ {2}branch: main$/m;
  if (!line.test(config))
    throw new Error("build-admin: the editor's configuration has no `branch: main` line");
  return config.replace(line, `  branch: ${wanted}`);
}
