// The proxy's guard (guard.ts): what the editor may read and commit, and the message that names
// the owner. The queries are Sveltia CMS 0.221.1's own (its GitHub backend), as it sends them.
import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readEach } from "../settings.ts";
import { checkGraphql, editablePath, oneOperation, ownerMessage } from "./guard.ts";
import { editorGithubOf, graphqlUrl, parsePrivateKey } from "./settings.ts";

const repo = "sugarcreek/rink-site";
const site = { repo, branch: "main" };
const owner = "owner@sugarcreekskate.example";

const lastCommit = `query($owner: String!, $repo: String!, $branch: String!) { repository(owner: $owner, name: $repo) { ref(qualifiedName: $branch) { target { ... on Commit { history(first: 1) { nodes { oid message } } } } } } }`;
const commitMutation = `mutation($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid committedDate file_0: file(path: "content/sessions.yml") { oid } } } }`;

const commit = (
  paths: { add?: string[]; remove?: string[] },
  headline = "Content: sessions changed in the editor",
) => ({
  query: commitMutation,
  variables: {
    input: {
      branch: { repositoryNameWithOwner: repo, branchName: "main" },
      expectedHeadOid: "a".repeat(40),
      fileChanges: {
        additions: (paths.add ?? []).map((path) => ({ path, contents: "dGV4dA==" })),
        deletions: (paths.remove ?? []).map((path) => ({ path })),
      },
      message: { headline },
    },
  },
});

describe("the paths the editor may change", () => {
  it("are the owner's files under content/, photos included", () => {
    for (const path of [
      "content/sessions.yml",
      "content/photos/rink floor.jpg",
      "content/a/b/c.md",
    ]) {
      expect(editablePath(path), path).toBe(true);
    }
  });

  it("are nothing else, however the path is dressed", () => {
    for (const path of [
      "server/routes.ts",
      "content",
      "content/",
      "/content/sessions.yml",
      "content/../server/routes.ts",
      "content/./sessions.yml",
      "content//sessions.yml",
      "content\\..\\server.ts",
      "Content/sessions.yml",
      "content/x\u0000.yml",
      `content/${"a".repeat(400)}`,
      42,
      undefined,
    ]) {
      expect(editablePath(path), String(path)).toBe(false);
    }
  });
});

describe("the commit message", () => {
  it("names the signed-in owner", () => {
    expect(ownerMessage("Content: sessions / sessions changed in the editor", owner)).toBe(
      `Content: sessions / sessions changed in the editor by ${owner}`,
    );
    expect(ownerMessage('Upload "content/photos/a.jpg"', owner)).toBe(
      `Content: Upload "content/photos/a.jpg" by ${owner}`,
    );
  });

  it("is one line of bounded length, whatever the editor sent", () => {
    const message = ownerMessage(`a\nb\r\n${"x".repeat(10_000)}`, owner);
    expect(message).not.toMatch(/[\r\n]/);
    expect(message.length).toBeLessThan(300);
    expect(ownerMessage(undefined, owner)).toBe(`Content: changed in the editor by ${owner}`);
  });
});

describe("a GraphQL request through the proxy", () => {
  it("reads this repository with Sveltia's queries", () => {
    const checked = checkGraphql(
      { query: lastCommit, variables: { owner: "sugarcreek", repo: "rink-site", branch: "main" } },
      site,
      owner,
    );
    // GitHub gets the same document printed from graphql-js's tree (it was the text as sent).
    expect(checked).toEqual({
      forward: {
        query:
          "query ($owner: String!, $repo: String!, $branch: String!) { repository(owner: $owner, name: $repo) { ref(qualifiedName: $branch) { target { ... on Commit { history(first: 1) { nodes { oid message } } } } } } }",
        variables: { owner: "sugarcreek", repo: "rink-site", branch: "main" },
      },
    });
  });

  it("reads no other repository, nor anything beside the repository", () => {
    const other = checkGraphql(
      { query: lastCommit, variables: { owner: "someone", repo: "else", branch: "main" } },
      site,
      owner,
    );
    expect(other).toEqual({
      refuse: { status: 403, message: `The site's editor reads only the repository ${repo}.` },
    });
    for (const query of [
      'query { repository(owner: "someone", name: "else") { id } }',
      "query($owner: String!, $repo: String!) { viewer { login } repository(owner: $owner, name: $repo) { id } }",
      "query($owner: String!, $repo: String!) { r: repository(owner: $owner, name: $repo) { id } }",
    ]) {
      const checked = checkGraphql(
        { query, variables: { owner: "sugarcreek", repo: "rink-site" } },
        site,
        owner,
      );
      expect("refuse" in checked && checked.refuse.status, query).toBe(403);
    }
  });

  it("commits changes under content/ with the owner named in the message", () => {
    const checked = checkGraphql(
      commit({ add: ["content/sessions.yml"], remove: ["content/photos/old.jpg"] }),
      site,
      owner,
    );
    if (!("forward" in checked)) throw new Error(JSON.stringify(checked));
    const input = checked.forward.variables.input as Record<string, unknown>;
    expect(input.message).toEqual({
      headline: `Content: sessions changed in the editor by ${owner}`,
    });
    expect(input.fileChanges).toEqual(
      commit({ add: ["content/sessions.yml"], remove: ["content/photos/old.jpg"] }).variables.input
        .fileChanges,
    );
    expect(checked.forward.query).toBe(
      'mutation ($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid committedDate file_0: file(path: "content/sessions.yml") { oid } } } }',
    );
    expect(input.branch).toEqual({ repositoryNameWithOwner: repo, branchName: "main" });
  });

  it("forwards only what graphql-js read, printed from its tree: no comment, no block string", () => {
    // Two texts a lexer other than graphql-js may read as a second commit (issue 42): a comment
    // ended by a lone CR (graphql-js ends it there, graphql-ruby's rule only at LF), and a block
    // string """a"""" (graphql-js ends it at the first """; a longest-match lexer reads on).
    const second =
      'evil: createCommitOnBranch(input: {branch: {repositoryNameWithOwner: "sugarcreek/rink-site", branchName: "main"}, fileChanges: {additions: [{path: "package.json", contents: "e30="}]}}) { commit { oid } }';
    const baits = [
      `mutation($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid a: file(path: # x\r"""\n} } ${second} # \n""") { oid } } } }`,
      `mutation($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid a: file(path: """a"""") { oid } b: file(path: "${second.replaceAll('"', '\\"')}") { oid } } } }`,
    ];
    for (const query of baits) {
      const checked = checkGraphql(
        { ...commit({ add: ["content/sessions.yml"] }), query },
        site,
        owner,
      );
      if (!("forward" in checked)) {
        expect(checked, query).toMatchObject({ refuse: { status: 403 } });
        continue;
      }
      const sent = checked.forward.query;
      // Outside its ordinary strings the text is plain tokens: no comment, no block string, no
      // line break, so any lexer reads the one mutation graphql-js read.
      const code = sent.replace(/"(?:\\.|[^"\\])*"/g, '""');
      expect(code, query).not.toMatch(/#|"""|[\r\n]/);
      expect(code.match(/createCommitOnBranch\(/g), query).toHaveLength(1);
      expect(oneOperation(sent)?.fields).toEqual([
        { name: "createCommitOnBranch", args: "input: $input" },
      ]);
      expect(oneOperation(sent)?.printed).toBe(sent);
    }
  });

  it("refuses a variable it did not declare the editor's way: a default, another type, another name", () => {
    const input = commit({ add: ["content/sessions.yml"] });
    for (const query of [
      'mutation($input: CreateCommitOnBranchInput! = {expectedHeadOid: """a""""}) { createCommitOnBranch(input: $input) { commit { oid } } }',
      "mutation($input: CreateCommitOnBranchInput!, $x: String) { createCommitOnBranch(input: $input) { commit { oid } } }",
      "mutation($input: CreateRefInput!) { createCommitOnBranch(input: $input) { commit { oid } } }",
      "mutation($input: CreateCommitOnBranchInput! @deprecated) { createCommitOnBranch(input: $input) { commit { oid } } }",
    ]) {
      expect(checkGraphql({ ...input, query }, site, owner), query).toMatchObject({
        refuse: { status: 403 },
      });
    }
    const variables = { owner: "sugarcreek", repo: "rink-site", branch: "main" };
    for (const query of [
      'query($owner: String!, $repo: String!, $branch: String! = "x") { repository(owner: $owner, name: $repo) { id } }',
      "query($owner: String!, $repo: String!, $branch: ID!) { repository(owner: $owner, name: $repo) { id } }",
      "query($owner: String!, $repo: String!, $other: String!) { repository(owner: $owner, name: $repo) { id } }",
    ]) {
      expect(checkGraphql({ query, variables }, site, owner), query).toMatchObject({
        refuse: { status: 403 },
      });
    }
    // Only the declared variables go on, each as text.
    const read = checkGraphql(
      { query: lastCommit, variables: { ...variables, extra: { a: 1 } } },
      site,
      owner,
    );
    expect("forward" in read && read.forward.variables).toEqual(variables);
    expect(
      checkGraphql({ query: lastCommit, variables: { ...variables, branch: 1 } }, site, owner),
    ).toMatchObject({ refuse: { status: 403 } });
  });

  it("commits only to the site's branch, each path once, with GitHub's own kind of head", () => {
    const other = commit({ add: ["content/sessions.yml"] });
    other.variables.input.branch.branchName = "gh-pages";
    expect(checkGraphql(other, site, owner)).toEqual({
      refuse: {
        status: 403,
        message: `The site's editor commits only to the branch main of the repository ${repo}.`,
      },
    });
    expect(
      checkGraphql(
        commit({ add: ["content/photos/a.jpg"], remove: ["content/photos/a.jpg"] }),
        site,
        owner,
      ),
    ).toEqual({
      refuse: {
        status: 400,
        message: "The commit names content/photos/a.jpg twice: save it once.",
      },
    });
    const head = commit({ add: ["content/sessions.yml"] });
    head.variables.input.expectedHeadOid = "main";
    expect(checkGraphql(head, site, owner)).toMatchObject({ refuse: { status: 400 } });
  });

  it("refuses a commit that adds, changes or deletes anything outside content/", () => {
    for (const paths of [
      { add: ["content/sessions.yml", "server/routes.ts"] },
      { remove: ["server/routes.ts"] },
      { add: ["content/../wrangler.jsonc"] },
      { add: [".github/workflows/deploy.yml"] },
    ]) {
      const checked = checkGraphql(commit(paths), site, owner);
      expect(checked, JSON.stringify(paths)).toMatchObject({ refuse: { status: 403 } });
      if ("refuse" in checked)
        expect(checked.refuse.message).toMatch(/only the site's content \(files under content\/\)/);
    }
  });

  it("refuses a commit to another repository, and any other mutation", () => {
    const elsewhere = commit({ add: ["content/sessions.yml"] });
    elsewhere.variables.input.branch.repositoryNameWithOwner = "someone/else";
    expect(checkGraphql(elsewhere, site, owner)).toMatchObject({ refuse: { status: 403 } });
    for (const query of [
      "mutation($input: CreateRefInput!) { createRef(input: $input) { ref { id } } }",
      'mutation($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid } } deleteRef(input: {refId: "x"}) { clientMutationId } }',
      `${commitMutation} query { viewer { login } }`,
      `${commitMutation} fragment F on Commit { oid }`,
      "subscription { x }",
      "mutation($input: CreateCommitOnBranchInput!) @skip(if: true) { createCommitOnBranch(input: $input) { commit { oid } } }",
    ]) {
      const checked = checkGraphql(
        { ...commit({ add: ["content/sessions.yml"] }), query },
        site,
        owner,
      );
      expect("refuse" in checked && checked.refuse.status, query).toBe(403);
    }
  });

  it("refuses inputs the editor never sends, with a clear message", () => {
    const withId = commit({ add: ["content/sessions.yml"] });
    (withId.variables.input.branch as Record<string, unknown>).id = "BRANCH_ID";
    expect(checkGraphql(withId, site, owner)).toMatchObject({ refuse: { status: 403 } });
    expect(checkGraphql(commit({}), site, owner)).toEqual({
      refuse: { status: 400, message: "The commit changes nothing." },
    });
    expect(checkGraphql("nope", site, owner)).toMatchObject({ refuse: { status: 400 } });
    expect(checkGraphql({ query: 'query { "unclosed', variables: {} }, site, owner)).toMatchObject({
      refuse: { status: 403 },
    });
  });

  it("reads a large document in linear time, and refuses one nested past reason at once", () => {
    const fragments = Array.from(
      { length: 5_000 },
      (_, i) => `content_${i}: object(oid: "${i}") { ... on Blob { text isTruncated } }`,
    ).join(" ");
    const query = `query($owner: String!, $repo: String!) { repository(owner: $owner, name: $repo) { ${fragments} } }`;
    const started = performance.now();
    expect(oneOperation(query)?.fields).toEqual([
      { name: "repository", args: "owner: $owner, name: $repo" },
    ]);
    const variables = { owner: "sugarcreek", repo: "rink-site" };
    const nested = `query { ${"a { ".repeat(30_000)}${"} ".repeat(30_000)}}`;
    expect(checkGraphql({ query: nested, variables }, site, owner)).toMatchObject({
      refuse: { status: 403 },
    });
    const tooMany = `query { ${"a ".repeat(300_000)}}`;
    expect(checkGraphql({ query: tooMany, variables }, site, owner)).toMatchObject({
      refuse: { status: 403 },
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("the editor's settings", () => {
  // A key as GitHub hands it out (PKCS#1), and the same key as PKCS#8.
  const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString().trim();
  const pkcs8 = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();

  it("take the private key as a PEM file, or on one line with \\n escapes, as PKCS#8", () => {
    expect(parsePrivateKey(key)).toBe(pkcs8);
    expect(parsePrivateKey(key.replaceAll("\n", "\\n"))).toBe(pkcs8);
    expect(parsePrivateKey(pkcs8)).toBe(pkcs8);
    expect(createPrivateKey(parsePrivateKey(key) as string).asymmetricKeyType).toBe("rsa");
    expect(parsePrivateKey("ghp_notakey")).toBeNull();
    const { refused } = readEach({
      GITHUB_APP_PRIVATE_KEY: "ghp_notakey",
      GITHUB_REPO: "no-slash",
    });
    expect(refused.get("GITHUB_APP_PRIVATE_KEY")).toMatch(/private key/);
    expect(refused.get("GITHUB_REPO")).toBe('must be the repository as "owner/name"');
  });

  it("connect the editor with all four given, leave it not connected with none, and name what is missing", () => {
    const all = readEach({
      GITHUB_APP_ID: "12345",
      GITHUB_APP_PRIVATE_KEY: key.replaceAll("\n", "\\n"),
      GITHUB_APP_INSTALLATION_ID: "678",
      GITHUB_REPO: repo,
    }).settings;
    expect(editorGithubOf(all).github).toEqual({
      appId: "12345",
      privateKey: pkcs8,
      installationId: "678",
      repo,
      branch: "main",
      apiUrl: "https://api.github.com",
    });
    expect(editorGithubOf(readEach({}).settings)).toEqual({ missing: [] });
    expect(editorGithubOf(readEach({ GITHUB_APP_ID: "12345" }).settings).missing).toEqual([
      "GITHUB_APP_PRIVATE_KEY",
      "GITHUB_APP_INSTALLATION_ID",
      "GITHUB_REPO",
    ]);
  });
});

describe("GitHub's GraphQL address", () => {
  it("is /graphql beside github.com's REST API, and /api/graphql on GitHub Enterprise Server", () => {
    expect(graphqlUrl("https://api.github.com")).toBe("https://api.github.com/graphql");
    expect(graphqlUrl("https://git.example.com/api/v3")).toBe(
      "https://git.example.com/api/graphql",
    );
  });

  it("is https, or http only to a stand-in on 127.0.0.1", () => {
    expect(readEach({ GITHUB_API_URL: "http://127.0.0.1:8080" }).refused.size).toBe(0);
    // The scheme as parsed decides, so plain http in capitals is plain http too.
    for (const url of [
      "http://api.github.com",
      "HTTP://api.github.com",
      "Http://api.github.com/",
      "HTTP://127.0.0.1.example.com",
      "http://localhost:8080",
      "http://127.0.0.1.example.com",
    ]) {
      expect(readEach({ GITHUB_API_URL: url }).refused.get("GITHUB_API_URL"), url).toMatch(
        /http:\/\/ only for 127\.0\.0\.1/,
      );
    }
  });
});
