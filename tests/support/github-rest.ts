// The GitHub stand-in's REST answers (github-stand-in.ts): a reply's shape, GitHub's error
// bodies, and the routes an installation token reaches besides GraphQL: the git data reads
// (GET /repos/{owner}/{repo}/git/trees/{ref}, ?recursive, and git/blobs/{sha}, as JSON or raw)
// and the user's own endpoint, which GitHub refuses to an installation.
import type { Repository } from "./github-repository.ts";

/** What the stand-in answers: a status and a JSON body, or bytes of another type. */
export interface Reply {
  status: number;
  body: unknown;
  type?: string;
}

export const notFound: Reply = { status: 404, body: { message: "Not Found" } };
export const badCredentials: Reply = {
  status: 401,
  body: {
    message: "Bad credentials",
    documentation_url: "https://docs.github.com/rest",
    status: "401",
  },
};

/**
 * A REST request made with a current installation token for `repositories` (by name): the git
 * data reads of `repo` (named `nameWithOwner`), /user, or 404.
 */
export function restReply(
  repo: Repository,
  nameWithOwner: string,
  repositories: string[],
  request: { method: string | undefined; url: URL; accept: string | undefined },
): Reply {
  const { url } = request;
  const rest = /^\/repos\/([^/]+)\/([^/]+)\/git\/(trees|blobs)\/([^/]+)$/.exec(url.pathname);
  if (rest && request.method === "GET") {
    const [, owner, name, kind, ref] = rest as unknown as [string, string, string, string, string];
    if (`${owner}/${name}`.toLowerCase() !== nameWithOwner || !repositories.includes(name)) {
      return notFound;
    }
    if (kind === "trees") {
      const oid = repo.head(ref) ?? ref;
      let listing: string;
      try {
        listing = repo.gitText(
          "ls-tree",
          "-l",
          ...(url.searchParams.get("recursive") ? ["-r", "-t"] : []),
          oid,
        );
      } catch {
        return notFound;
      }
      const tree = listing
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [meta = "", path = ""] = line.split("\t");
          const [mode, type, sha, size] = meta.split(/\s+/);
          return { path, mode, type, sha, ...(type === "blob" ? { size: Number(size) } : {}) };
        });
      return {
        status: 200,
        body: { sha: repo.gitText("rev-parse", `${oid}^{tree}`), tree, truncated: false },
      };
    }
    const blob = repo.objectOf(ref);
    if (blob?.__typename !== "Blob") return notFound;
    const bytes = repo.git(["cat-file", "blob", ref]);
    if ((request.accept ?? "").includes("raw"))
      return { status: 200, body: bytes, type: "application/octet-stream" };
    return {
      status: 200,
      body: { sha: ref, size: bytes.length, encoding: "base64", content: bytes.toString("base64") },
    };
  }
  // GitHub's answer to an installation token on a user's own endpoints.
  if (url.pathname === "/user")
    return { status: 403, body: { message: "Resource not accessible by integration" } };
  return notFound;
}
