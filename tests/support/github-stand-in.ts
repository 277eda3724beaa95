// GitHub as far as the editor's proxy (server/editor/) and Sveltia CMS use it, written from
// GitHub's docs, as a real HTTP server on 127.0.0.1 holding a small git repository on disk
// (the git CLI): a GitHub App's installation token (POST /app/installations/{id}/access_tokens,
// for a JWT signed RS256 by the app's key, iss its id, expiring within 10 minutes), and, for
// that token only, the REST git data reads (trees, blobs) and GraphQL: the repository's refs,
// commits and their history, blobs' text, files' oids, and createCommitOnBranch (its expected
// head checked, its additions and deletions committed). A wrong, expired or revoked token: 401,
// "Bad credentials", as GitHub answers; a JWT that expires more than 10 minutes ahead or was
// issued in the future, or a token asked with permissions the app was not granted, refused as
// GitHub refuses them. The app's key pair is made here, at test time.
//
// Here: the server, its routing and what the tests read back. The app's JWT check and tokens are
// in github-app-tokens.ts, the repository on disk in github-repository.ts, the GraphQL language
// in github-graphql.ts, the git data reads and GitHub's error bodies in github-rest.ts.
import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { tempDir } from "./fake-site.ts";
import { appTokens, type TokenRequest } from "./github-app-tokens.ts";
import { execute, parseDocument, type Resolved } from "./github-graphql.ts";
import { gitRepository } from "./github-repository.ts";
import { badCredentials, type Reply, restReply } from "./github-rest.ts";
import { freePort } from "./server.ts";

export const standInAppId = "424242";
export const standInInstallationId = "31337";
export const standInRepo = "sugarcreek/rink-site";
const branchName = "main";

export interface GithubStandIn {
  /** GITHUB_API_URL for the site. */
  url: string;
  /** The server's settings that point it here (the app, its key with "\n" escapes, the repo). */
  settings: Record<string, string>;
  /** The bodies of the installation-token requests, in order. */
  tokenRequests: TokenRequest[];
  /** The installation tokens issued so far (to prove none reaches a browser or a log). */
  tokens(): string[];
  /** Every request's method, path and Authorization header. */
  requests: { method: string; path: string; authorization?: string }[];
  /** Every GraphQL request's body as received: the query's text and its variables. */
  graphql: { query: string; variables: Record<string, unknown> }[];
  /** Revoke every installation token issued so far (GitHub then answers 401 to them). */
  revokeTokens(): void;
  /** `git` in the repository: its output, trimmed. */
  git(...args: string[]): string;
  /** The branch's commits, newest first: oid, subject, the files each changed. */
  commits(): { oid: string; subject: string; files: string[] }[];
  /** A file's text on the branch now. */
  file(path: string): string;
  /** A file's bytes on the branch now (a photo). */
  bytes(path: string): Buffer;
  close(): Promise<void>;
}

/**
 * `files`: more of the site as deployed, beside the fixture content (paths in the repository,
 * like a photo no page shows: content/photos/old-flyer.jpg).
 */
export async function startGithubStandIn(
  options: { files?: Record<string, Buffer | string> } = {},
): Promise<GithubStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  // As GitHub hands it out: PKCS#1 PEM.
  const pem = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
  const dir = tempDir("rink-github-");
  const repo = gitRepository(dir.path, {
    nameWithOwner: standInRepo,
    branch: branchName,
    ...(options.files ? { files: options.files } : {}),
  });
  const app = appTokens({
    appId: standInAppId,
    installationId: standInInstallationId,
    publicKey,
    nameWithOwner: standInRepo,
  });
  const requests: GithubStandIn["requests"] = [];
  const graphqlBodies: GithubStandIn["graphql"] = [];

  const handle = (req: IncomingMessage, body: Buffer): Reply => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const authorization = req.headers.authorization;
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      ...(authorization ? { authorization } : {}),
    });

    const minting = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(url.pathname);
    if (minting && req.method === "POST") return app.mint(authorization, minting[1] ?? "", body);

    // Everything else: an installation token that is current.
    const held = app.held(authorization);
    if (!held) return badCredentials;

    if (url.pathname === "/graphql" && req.method === "POST") {
      let data: unknown = null;
      try {
        const { query, variables = {} } = JSON.parse(body.toString("utf8"));
        graphqlBodies.push({ query, variables });
        const document = parseDocument(query, variables);
        const root: Resolved =
          document.kind === "mutation"
            ? { __typename: "Mutation", createCommitOnBranch: repo.createCommitOnBranch }
            : {
                __typename: "Query",
                repository: ({ owner, name }: { owner: string; name: string }) =>
                  `${owner}/${name}`.toLowerCase() === standInRepo &&
                  held.repositories.includes(name)
                    ? repo.repository()
                    : null,
              };
        data = execute(root, document.selections);
      } catch (error) {
        return {
          status: 200,
          body: {
            data: null,
            errors: [{ message: error instanceof Error ? error.message : String(error) }],
          },
        };
      }
      return { status: 200, body: { data } };
    }

    return restReply(repo, standInRepo, held.repositories, {
      method: req.method,
      url,
      accept: req.headers.accept,
    });
  };

  const answer = (res: ServerResponse, { status, body, type }: Reply) => {
    res.writeHead(status, { "Content-Type": type ?? "application/json; charset=utf-8" });
    res.end(typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      try {
        answer(res, handle(req, Buffer.concat(chunks)));
      } catch (error) {
        answer(res, { status: 500, body: { message: String(error) } });
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    settings: {
      GITHUB_APP_ID: standInAppId,
      GITHUB_APP_PRIVATE_KEY: pem.trim().replaceAll("\n", "\\n"),
      GITHUB_APP_INSTALLATION_ID: standInInstallationId,
      GITHUB_REPO: standInRepo,
      GITHUB_API_URL: url,
    },
    tokenRequests: app.tokenRequests,
    tokens: app.tokens,
    requests,
    graphql: graphqlBodies,
    revokeTokens: app.revoke,
    git: (...args) => repo.gitText(...args),
    commits: repo.commits,
    file: repo.file,
    bytes: repo.bytes,
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      dir.remove();
    },
  };
}
