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
import { execFileSync } from "node:child_process";
import { generateKeyPairSync, randomBytes, verify } from "node:crypto";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { dirname, join } from "node:path";
import { fixtureContentDir } from "./build.ts";
import { tempDir } from "./fake-site.ts";
import { freePort } from "./server.ts";

export const standInAppId = "424242";
export const standInInstallationId = "31337";
export const standInRepo = "sugarcreek/rink-site";
const branchName = "main";

export interface TokenRequest {
  repositories?: string[];
  permissions?: Record<string, string>;
}

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

const base64url = (data: string) => Buffer.from(data, "base64url");

// ---- GraphQL, as much of the language as the editor's queries use (spec sections 2 and 6) ----

type Value = unknown;
interface Field {
  alias?: string;
  name: string;
  args: Record<string, Value>;
  selections?: Selection[];
}
type Selection = Field | { on: string; selections: Selection[] };

function parseDocument(source: string, variables: Record<string, Value>) {
  const tokens = source.match(
    /"(?:\\.|[^"\\])*"|\.\.\.|[$]?[_A-Za-z][_0-9A-Za-z]*|-?\d+(?:\.\d+)?|[{}()[\]:!=@]/g,
  );
  if (!tokens) throw new Error("Empty document");
  let i = 0;
  const peek = () => tokens[i];
  const take = (expected?: string) => {
    const token = tokens[i++];
    if (token === undefined || (expected !== undefined && token !== expected)) {
      throw new Error(
        `Parse error: expected ${expected ?? "a token"}, found ${token ?? "the end"}`,
      );
    }
    return token;
  };
  const value = (): Value => {
    const token = take();
    if (token.startsWith("$")) return variables[token.slice(1)];
    if (token.startsWith('"')) return JSON.parse(token);
    if (/^-?\d/.test(token)) return Number(token);
    if (token === "true" || token === "false") return token === "true";
    if (token === "null") return null;
    if (token === "[") {
      const list: Value[] = [];
      while (peek() !== "]") list.push(value());
      take("]");
      return list;
    }
    if (token === "{") {
      const object: Record<string, Value> = {};
      while (peek() !== "}") {
        const key = take();
        take(":");
        object[key] = value();
      }
      take("}");
      return object;
    }
    return token;
  };
  const selectionSet = (): Selection[] => {
    take("{");
    const list: Selection[] = [];
    while (peek() !== "}") {
      if (peek() === "...") {
        take("...");
        take("on");
        const on = take();
        list.push({ on, selections: selectionSet() });
        continue;
      }
      let name = take();
      let alias: string | undefined;
      if (peek() === ":") {
        take(":");
        alias = name;
        name = take();
      }
      const args: Record<string, Value> = {};
      if (peek() === "(") {
        take("(");
        while (peek() !== ")") {
          const key = take();
          take(":");
          args[key] = value();
        }
        take(")");
      }
      list.push({
        ...(alias ? { alias } : {}),
        name,
        args,
        ...(peek() === "{" ? { selections: selectionSet() } : {}),
      });
    }
    take("}");
    return list;
  };
  let kind = "query";
  if (peek() === "query" || peek() === "mutation") {
    kind = take();
    if (peek() !== "(" && peek() !== "{") take();
    if (peek() === "(") {
      while (take() !== ")") {
        /* the variables' definitions: their values come with the request */
      }
    }
  }
  const selections = selectionSet();
  if (i !== tokens.length) throw new Error("One operation per document, please");
  return { kind, selections };
}

/** CreateCommitOnBranchInput, as far as the stand-in reads it. */
interface CommitInput {
  branch?: { repositoryNameWithOwner?: string; branchName?: string };
  expectedHeadOid?: string;
  fileChanges?: {
    additions?: { path: string; contents: string }[];
    deletions?: { path: string }[];
  };
  message?: { headline?: string };
}

type Resolved = { __typename: string; [field: string]: unknown } | null;

function execute(object: Resolved, selections: Selection[]): Record<string, unknown> | null {
  if (!object) return null;
  const out: Record<string, unknown> = {};
  for (const selection of selections) {
    if ("on" in selection) {
      if (selection.on === object.__typename)
        Object.assign(out, execute(object, selection.selections));
      continue;
    }
    const raw = object[selection.name];
    if (raw === undefined)
      throw new Error(`Field '${selection.name}' doesn't exist on type '${object.__typename}'`);
    const value = typeof raw === "function" ? raw(selection.args) : raw;
    const key = selection.alias ?? selection.name;
    if (!selection.selections) out[key] = value;
    else if (Array.isArray(value))
      out[key] = value.map((v) => execute(v as Resolved, selection.selections as Selection[]));
    else out[key] = execute(value as Resolved, selection.selections);
  }
  return out;
}

// ---- the server ----

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
  const repoDir = join(dir.path, "repo");
  mkdirSync(repoDir);
  const gitEnv = {
    ...process.env,
    GIT_AUTHOR_NAME: "Stand-in",
    GIT_AUTHOR_EMAIL: "stand-in@example.invalid",
    GIT_COMMITTER_NAME: "GitHub",
    GIT_COMMITTER_EMAIL: "noreply@github.com",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
  };
  const git = (
    args: string[],
    options: { input?: Buffer | string; env?: Record<string, string> } = {},
  ) =>
    execFileSync("git", args, {
      cwd: repoDir,
      env: { ...gitEnv, ...options.env },
      ...(options.input !== undefined ? { input: options.input } : {}),
      maxBuffer: 64 * 1024 * 1024,
    });
  const gitText = (...args: string[]) => git(args).toString("utf8").trim();

  // The repository: the fixture content, and code beside it that the editor must not touch.
  git(["init", "-q", "-b", branchName]);
  cpSync(fixtureContentDir, join(repoDir, "content"), { recursive: true });
  mkdirSync(join(repoDir, "server"));
  writeFileSync(join(repoDir, "server/routes.ts"), "// the server's code\n");
  for (const [path, contents] of Object.entries(options.files ?? {})) {
    mkdirSync(dirname(join(repoDir, path)), { recursive: true });
    writeFileSync(join(repoDir, path), contents);
  }
  git(["add", "-A"]);
  git(["commit", "-q", "-m", "The site as deployed"]);

  const tokens = new Map<string, { expiresAt: number; repositories: string[] }>();
  const tokenRequests: TokenRequest[] = [];
  const requests: GithubStandIn["requests"] = [];
  const graphqlBodies: GithubStandIn["graphql"] = [];
  // What the app was granted when installed: the editor asks for no more than contents.
  const granted: Record<string, string> = { contents: "write", metadata: "read" };
  const level = { read: 1, write: 2 } as Record<string, number>;
  const [repoOwner, repoName] = standInRepo.split("/") as [string, string];

  /** GitHub's check of an app's JWT (docs: "Generating a JSON Web Token for a GitHub App"). */
  const jwtValid = (jwt: string): boolean => {
    const [head, body, signature] = jwt.split(".");
    if (!head || !body || !signature) return false;
    try {
      const header = JSON.parse(base64url(head).toString("utf8"));
      const claims = JSON.parse(base64url(body).toString("utf8"));
      const now = Math.floor(Date.now() / 1000);
      return (
        header.alg === "RS256" &&
        verify("RSA-SHA256", Buffer.from(`${head}.${body}`), publicKey, base64url(signature)) &&
        String(claims.iss) === standInAppId &&
        typeof claims.iat === "number" &&
        claims.iat <= now &&
        typeof claims.exp === "number" &&
        claims.exp > now &&
        claims.exp <= now + 600
      );
    } catch {
      return false;
    }
  };

  const head = (ref: string): string | undefined => {
    try {
      return gitText(
        "rev-parse",
        "--verify",
        "-q",
        `refs/heads/${ref.replace(/^refs\/heads\//, "")}^{commit}`,
      );
    } catch {
      return undefined;
    }
  };

  const commitObject = (oid: string): Resolved => {
    const [message = "", date = "", name = "", email = ""] = gitText(
      "show",
      "-s",
      "--format=%B%x00%cI%x00%an%x00%ae",
      oid,
    ).split("\0");
    return {
      __typename: "Commit",
      oid,
      message: message.trim(),
      committedDate: date,
      author: { __typename: "GitActor", name, email, avatarUrl: "", user: null },
      history: ({ first = 100, path }: { first?: number; path?: string }) => ({
        __typename: "CommitHistoryConnection",
        nodes: gitText(
          "log",
          `--max-count=${first}`,
          "--format=%H",
          oid,
          ...(path ? ["--", path] : []),
        )
          .split("\n")
          .filter(Boolean)
          .map(commitObject),
      }),
      file: ({ path }: { path: string }) => {
        try {
          return { __typename: "TreeEntry", oid: gitText("rev-parse", `${oid}:${path}`), path };
        } catch {
          return null;
        }
      },
    };
  };

  const objectOf = (oid: string): Resolved => {
    let type: string;
    try {
      type = gitText("cat-file", "-t", oid);
    } catch {
      return null;
    }
    if (type === "commit") return commitObject(oid);
    if (type !== "blob") return null;
    const bytes = git(["cat-file", "blob", oid]);
    return {
      __typename: "Blob",
      oid,
      byteSize: bytes.length,
      text: bytes.toString("utf8"),
      isTruncated: false,
    };
  };

  const repository = (): Resolved => ({
    __typename: "Repository",
    nameWithOwner: standInRepo,
    defaultBranchRef: { __typename: "Ref", name: branchName },
    ref: ({ qualifiedName }: { qualifiedName: string }) => {
      const oid = head(qualifiedName);
      return oid ? { __typename: "Ref", name: qualifiedName, target: commitObject(oid) } : null;
    },
    object: ({ oid, expression }: { oid?: string; expression?: string }) => {
      if (oid) return objectOf(oid);
      try {
        return expression ? objectOf(gitText("rev-parse", expression)) : null;
      } catch {
        return null;
      }
    },
  });

  /** createCommitOnBranch (GraphQL reference, "Commits"): a commit on the branch's head. */
  const createCommitOnBranch = ({ input }: { input: CommitInput }) => {
    const branch = input.branch ?? {};
    if (String(branch.repositoryNameWithOwner).toLowerCase() !== standInRepo) {
      throw new Error(
        `Could not resolve to a Repository with the name '${branch.repositoryNameWithOwner}'.`,
      );
    }
    const current = head(String(branch.branchName));
    if (!current) throw new Error(`A ref named "${branch.branchName}" does not exist.`);
    if (input.expectedHeadOid !== current) {
      throw new Error(
        `Expected branch to point to "${input.expectedHeadOid}" but it did not. Pull and try again.`,
      );
    }
    const headline = input.message?.headline;
    if (typeof headline !== "string" || headline === "")
      throw new Error("A commit message headline is required.");
    const index = { GIT_INDEX_FILE: join(dir.path, "index") };
    git(["read-tree", current], { env: index });
    for (const { path, contents } of input.fileChanges?.additions ?? []) {
      const blob = git(["hash-object", "-w", "--stdin"], { input: Buffer.from(contents, "base64") })
        .toString()
        .trim();
      git(["update-index", "--add", "--cacheinfo", `100644,${blob},${path}`], { env: index });
    }
    for (const { path } of input.fileChanges?.deletions ?? []) {
      git(["update-index", "--force-remove", path], { env: index });
    }
    const tree = git(["write-tree"], { env: index }).toString().trim();
    const oid = git(["commit-tree", tree, "-p", current, "-m", headline], {
      env: {
        GIT_AUTHOR_NAME: "rink-editor[bot]",
        GIT_AUTHOR_EMAIL: "bot@users.noreply.github.com",
      },
    })
      .toString()
      .trim();
    git(["update-ref", `refs/heads/${branch.branchName}`, oid, current]);
    return { __typename: "CreateCommitOnBranchPayload", commit: commitObject(oid) };
  };

  const answer = (
    res: ServerResponse,
    status: number,
    body: unknown,
    type = "application/json; charset=utf-8",
  ) => {
    res.writeHead(status, { "Content-Type": type });
    res.end(typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body));
  };
  const badCredentials = {
    message: "Bad credentials",
    documentation_url: "https://docs.github.com/rest",
    status: "401",
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const authorization = req.headers.authorization;
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      ...(authorization ? { authorization } : {}),
    });
    const [scheme, credential = ""] = (authorization ?? "").split(" ");

    const minting = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(url.pathname);
    if (minting && req.method === "POST") {
      if (scheme?.toLowerCase() !== "bearer" || !jwtValid(credential)) {
        return answer(res, 401, {
          message: "A JSON web token could not be decoded",
          documentation_url: "https://docs.github.com/rest",
        });
      }
      if (minting[1] !== standInInstallationId) return answer(res, 404, { message: "Not Found" });
      const asked: TokenRequest = body.length ? JSON.parse(body.toString("utf8")) : {};
      tokenRequests.push(asked);
      const repositories = asked.repositories ?? [repoName];
      if (repositories.some((name) => name !== repoName)) {
        return answer(res, 422, {
          message:
            "There is at least one repository that does not exist or is not accessible to the parent installation.",
        });
      }
      const beyond = Object.entries(asked.permissions ?? {}).some(
        ([name, wanted]) => !granted[name] || (level[wanted] ?? 3) > (level[granted[name]] ?? 0),
      );
      if (beyond) {
        return answer(res, 422, {
          message: "The permissions requested are not granted to this installation.",
          documentation_url: "https://docs.github.com/rest",
        });
      }
      const token = `ghs_${randomBytes(27).toString("base64url")}`;
      const expiresAt = Date.now() + 3_600_000;
      tokens.set(token, { expiresAt, repositories });
      return answer(res, 201, {
        token,
        expires_at: new Date(expiresAt).toISOString().replace(/\.\d+Z$/, "Z"),
        permissions: asked.permissions ?? granted,
        repository_selection: "selected",
        repositories: repositories.map((name) => ({ name, full_name: `${repoOwner}/${name}` })),
      });
    }

    // Everything else: an installation token that is current.
    const held =
      (scheme === "token" || scheme?.toLowerCase() === "bearer") && tokens.get(credential);
    if (!held || held.expiresAt <= Date.now()) return answer(res, 401, badCredentials);

    if (url.pathname === "/graphql" && req.method === "POST") {
      let data: unknown = null;
      try {
        const { query, variables = {} } = JSON.parse(body.toString("utf8"));
        graphqlBodies.push({ query, variables });
        const document = parseDocument(query, variables);
        const root: Resolved =
          document.kind === "mutation"
            ? { __typename: "Mutation", createCommitOnBranch }
            : {
                __typename: "Query",
                repository: ({ owner, name }: { owner: string; name: string }) =>
                  `${owner}/${name}`.toLowerCase() === standInRepo &&
                  held.repositories.includes(name)
                    ? repository()
                    : null,
              };
        data = execute(root, document.selections);
      } catch (error) {
        return answer(res, 200, {
          data: null,
          errors: [{ message: error instanceof Error ? error.message : String(error) }],
        });
      }
      return answer(res, 200, { data });
    }

    const rest = /^\/repos\/([^/]+)\/([^/]+)\/git\/(trees|blobs)\/([^/]+)$/.exec(url.pathname);
    if (rest && req.method === "GET") {
      const [, owner, name, kind, ref] = rest as unknown as [
        string,
        string,
        string,
        string,
        string,
      ];
      if (`${owner}/${name}`.toLowerCase() !== standInRepo || !held.repositories.includes(name)) {
        return answer(res, 404, { message: "Not Found" });
      }
      if (kind === "trees") {
        const oid = head(ref) ?? ref;
        let listing: string;
        try {
          listing = gitText(
            "ls-tree",
            "-l",
            ...(url.searchParams.get("recursive") ? ["-r", "-t"] : []),
            oid,
          );
        } catch {
          return answer(res, 404, { message: "Not Found" });
        }
        const tree = listing
          .split("\n")
          .filter(Boolean)
          .map((line) => {
            const [meta = "", path = ""] = line.split("\t");
            const [mode, type, sha, size] = meta.split(/\s+/);
            return { path, mode, type, sha, ...(type === "blob" ? { size: Number(size) } : {}) };
          });
        return answer(res, 200, {
          sha: gitText("rev-parse", `${oid}^{tree}`),
          tree,
          truncated: false,
        });
      }
      const blob = objectOf(ref);
      if (blob?.__typename !== "Blob") return answer(res, 404, { message: "Not Found" });
      const bytes = git(["cat-file", "blob", ref]);
      if ((req.headers.accept ?? "").includes("raw"))
        return answer(res, 200, bytes, "application/octet-stream");
      return answer(res, 200, {
        sha: ref,
        size: bytes.length,
        encoding: "base64",
        content: bytes.toString("base64"),
      });
    }
    // GitHub's answer to an installation token on a user's own endpoints.
    if (url.pathname === "/user")
      return answer(res, 403, { message: "Resource not accessible by integration" });
    return answer(res, 404, { message: "Not Found" });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      try {
        handle(req, res, Buffer.concat(chunks));
      } catch (error) {
        answer(res, 500, { message: String(error) });
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
    tokenRequests,
    tokens: () => [...tokens.keys()],
    requests,
    graphql: graphqlBodies,
    revokeTokens: () => {
      for (const held of tokens.values()) held.expiresAt = 0;
    },
    git: (...args) => gitText(...args),
    commits: () =>
      gitText("log", "--format=%x01%H%x00%s", "--name-only", branchName)
        .split("\u0001")
        .filter(Boolean)
        .map((entry) => {
          const [line = "", ...files] = entry.trim().split("\n");
          const [oid = "", subject = ""] = line.split("\0");
          return { oid, subject, files: files.filter(Boolean) };
        }),
    file: (path) => gitText("show", `${branchName}:${path}`),
    bytes: (path) => git(["cat-file", "blob", `${branchName}:${path}`]),
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      dir.remove();
    },
  };
}
