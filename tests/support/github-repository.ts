// The GitHub stand-in's repository (github-stand-in.ts): a small git repository on disk, run
// through the git CLI, holding the fixture content and code beside it that the editor must not
// touch; read as GitHub's GraphQL objects (the repository, its refs, commits and their history,
// blobs, files' oids) and changed by createCommitOnBranch, as GitHub's GraphQL reference says.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fixtureContentDir } from "./build.ts";
import type { Resolved } from "./github-graphql.ts";

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

export type Repository = ReturnType<typeof gitRepository>;

/**
 * The repository `nameWithOwner` (lower case), in `dir`/repo, its one branch `branch` holding
 * the site as deployed: the fixture content, a `server/` file and `files` (paths in the
 * repository, like a photo no page shows: content/photos/old-flyer.jpg).
 */
export function gitRepository(
  dir: string,
  {
    nameWithOwner,
    branch: branchName,
    files = {},
  }: { nameWithOwner: string; branch: string; files?: Record<string, Buffer | string> },
) {
  const repoDir = join(dir, "repo");
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
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(repoDir, path)), { recursive: true });
    writeFileSync(join(repoDir, path), contents);
  }
  git(["add", "-A"]);
  git(["commit", "-q", "-m", "The site as deployed"]);

  /** A branch's head commit (`ref` with or without refs/heads/), if the branch exists. */
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

  /** A commit or a blob by its oid, as GraphQL's `object` gives it (null for anything else). */
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
    nameWithOwner,
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
    if (String(branch.repositoryNameWithOwner).toLowerCase() !== nameWithOwner) {
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
    const index = { GIT_INDEX_FILE: join(dir, "index") };
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

  return {
    git,
    gitText,
    head,
    objectOf,
    repository,
    createCommitOnBranch,
    /** The branch's commits, newest first: oid, subject, the files each changed. */
    commits: () =>
      gitText("log", "--format=%x01%H%x00%s", "--name-only", branchName)
        .split("\u0001")
        .filter(Boolean)
        .map((entry) => {
          const [line = "", ...files] = entry.trim().split("\n");
          const [oid = "", subject = ""] = line.split("\0");
          return { oid, subject, files: files.filter(Boolean) };
        }),
    /** A file's text on the branch now. */
    file: (path: string) => gitText("show", `${branchName}:${path}`),
    /** A file's bytes on the branch now (a photo). */
    bytes: (path: string) => git(["cat-file", "blob", `${branchName}:${path}`]),
  };
}
