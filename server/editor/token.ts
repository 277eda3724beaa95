// The GitHub App's installation token, minted on the server with Octokit's auth-app (it signs
// the app's JWT, RS256, and asks GitHub for the token): for the one repository, with the
// contents permission only, kept until five minutes before it expires (GitHub's last an hour).
// It never leaves the server: not in an answer, not in a log line.
import { createAppAuth } from "@octokit/auth-app";
import { request } from "@octokit/request";
import type { EditorGithub } from "./settings.ts";

/** A token this close to its expiry is not used: a new one is asked for. */
export const renewBeforeMs = 5 * 60_000;

export interface InstallationToken {
  /** The kept token, or a new one when it is near its expiry. */
  get(): Promise<string>;
  /** Drop the kept token (GitHub answered 401 to it), so the next call asks for a new one. */
  forget(): void;
}

export function installationToken(
  github: EditorGithub,
  now: () => number = Date.now,
): InstallationToken {
  const auth = createAppAuth({
    appId: github.appId,
    privateKey: github.privateKey,
    installationId: github.installationId,
    request: request.defaults({ baseUrl: github.apiUrl }),
  });
  const name = github.repo.split("/")[1] as string;
  let kept: { token: string; expiresAt: number } | undefined;
  let asking: Promise<string> | undefined;
  const get = async () => {
    if (kept && kept.expiresAt - renewBeforeMs > now()) return kept.token;
    // Requests at the same moment share one ask.
    asking ??= (async () => {
      try {
        const answer = await auth({
          type: "installation",
          repositoryNames: [name],
          permissions: { contents: "write" },
          // auth-app's own cache would hand back a token without our renewal margin.
          refresh: true,
        });
        kept = { token: answer.token, expiresAt: Date.parse(answer.expiresAt) };
        return answer.token;
      } finally {
        asking = undefined;
      }
    })();
    return asking;
  };
  return {
    get,
    forget: () => {
      kept = undefined;
    },
  };
}
