// The editor's configuration as the build writes it (build-admin.ts): admin/config.yml with the
// repository from GITHUB_REPO, the same setting the server's proxy reads (server/editor/).

/**
 * The editor's configuration with `repo` set to GITHUB_REPO ("owner/name"); as written when
 * unset. A value that is not "owner/name" stops the build.
 */
export function editorConfig(config: string, repo: string | undefined): string {
  const wanted = repo?.trim();
  if (!wanted) return config;
  if (!/^[\w.-]{1,100}\/[\w.-]{1,100}$/.test(wanted)) {
    throw new Error(
      `build-admin: GITHUB_REPO must be the repository as "owner/name", not "${wanted}"`,
    );
  }
  const line = /^ {2}repo: OWNER\/REPOSITORY$/m;
  if (!line.test(config))
    throw new Error("build-admin: admin/config.yml has no `repo: OWNER/REPOSITORY` line");
  return config.replace(line, `  repo: ${wanted}`);
}
