// The proxy's calls to GitHub (routes.ts): made with the GitHub App's installation token
// (token.ts), which never leaves the server, renewed once when GitHub no longer takes it; what
// GitHub answers handed on with its status, type and body only; and the one read the proxy
// makes of its own, the branch's texts of the pages a deleted photo may be on.
import { type EditorGithub, graphqlUrl } from "./settings.ts";
import type { InstallationToken } from "./token.ts";

/** A call to GitHub: fetch's, with the type of answer wanted (GitHub's JSON by default). */
export type GithubInit = RequestInit & { accept?: string };

export type GithubCalls = ReturnType<typeof githubCalls>;

export function githubCalls(
  github: EditorGithub,
  token: InstallationToken,
  log: (message: string) => void,
) {
  const [repoOwner = "", repoName = ""] = github.repo.split("/");

  /** GitHub's answer, or the editor's message when GitHub could not be asked. */
  const askGithub = async (url: string, init: GithubInit): Promise<Response> => {
    let bearer: string;
    try {
      bearer = await token.get();
    } catch (error) {
      const status = (error as { status?: number }).status;
      log(`editor: GitHub refused the app's installation token${status ? ` (${status})` : ""}`);
      return Response.json(
        {
          message:
            "The site's editor could not sign in to GitHub: the GitHub App's settings may be wrong (docs/deploy.md, “The editor”).",
        },
        { status: 502 },
      );
    }
    try {
      return await fetch(url, {
        ...init,
        headers: {
          Accept: init.accept ?? "application/vnd.github+json",
          Authorization: `token ${bearer}`,
          "User-Agent": "rink-site-editor",
          "X-GitHub-Api-Version": "2022-11-28",
          ...(init.body ? { "Content-Type": "application/json" } : {}),
        },
      });
    } catch {
      log("editor: GitHub could not be reached");
      return Response.json(
        { message: "GitHub could not be reached. Please try again in a minute." },
        { status: 502 },
      );
    }
  };

  /** GitHub's answer, the token renewed once if GitHub no longer takes it. */
  const callGithub = async (url: string, init: GithubInit) => {
    const answer = await askGithub(url, init);
    // A kept token GitHub no longer takes (revoked, the app reinstalled): dropped, and the call
    // made once more with a new one. A 401 did nothing at GitHub, so a commit is not doubled.
    if (answer.status !== 401) return answer;
    token.forget();
    await answer.body?.cancel();
    return askGithub(url, init);
  };

  return {
    /** GitHub's answer as it is (status, type, body); no header of GitHub's beyond its type. */
    async forward(url: string, init: GithubInit) {
      const answer = await callGithub(url, init);
      const type = answer.headers.get("content-type");
      return new Response(answer.body, {
        status: answer.status,
        headers: type ? { "Content-Type": type } : {},
      });
    },

    /**
     * The texts of `paths` on the site's branch, in one GraphQL request (one subrequest on the
     * Worker), written here from the site's own settings and the proxy's own list of paths: a
     * file the branch does not have is null. GitHub's answer instead when it could not be read.
     */
    async branchTexts(paths: readonly string[]): Promise<Record<string, string | null> | Response> {
      // The branch and the paths are plain words (settings.ts's branchPattern, content-check's
      // list), each written as a quoted GraphQL string.
      const fields = paths
        .map(
          (path, i) =>
            `f${i}: object(expression: ${JSON.stringify(`${github.branch}:${path}`)}) { ... on Blob { text } }`,
        )
        .join(" ");
      const answer = await callGithub(graphqlUrl(github.apiUrl), {
        method: "POST",
        body: JSON.stringify({
          query: `query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { ${fields} } }`,
          variables: { owner: repoOwner, name: repoName },
        }),
      });
      const couldNotRead = () =>
        Response.json(
          {
            message:
              "Not saved: the site could not check with GitHub whether the photo is still used. Please try again in a minute.",
          },
          { status: 502 },
        );
      if (!answer.ok) {
        log(`editor: GitHub answered ${answer.status} to the read of the photos' pages`);
        await answer.body?.cancel();
        return couldNotRead();
      }
      let read: { data?: { repository?: Record<string, { text?: unknown } | null> | null } };
      try {
        read = await answer.json();
      } catch {
        return couldNotRead();
      }
      const repository = read.data?.repository;
      if (!repository) return couldNotRead();
      return Object.fromEntries(
        paths.map((path, i) => {
          const text = repository[`f${i}`]?.text;
          return [path, typeof text === "string" ? text : null];
        }),
      );
    },
  };
}
