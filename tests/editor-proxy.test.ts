// The editor's sign-in and proxy (server/editor/) on both homes, against the GitHub stand-in
// (tests/support/github-stand-in.ts): no session, 401 and the sign-in; with the owner's
// session, the editor's page opens signed in (without it, the page sends to the owner's
// sign-in), the editor reads the repository and a content/ commit lands in the stand-in's
// repository naming the owner; a commit touching server/, or a content file the site cannot be
// built from, is refused and the repository is unchanged; GitHub gets the document the proxy
// parsed, printed from its tree (two texts another lexer reads as a second commit come out as
// the one commit), only the owner's files, only on the site's branch; a photo a page shows is
// not deleted (the page named), one nothing shows is; a save of three 20,000-key
// files is refused at once while the server answers others; a token GitHub no longer takes is
// dropped; the installation token (for the one repository, contents only) never appears in an
// answer or the server's log.
import { createHash } from "node:crypto";
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHash } from "../server/owner/auth.ts";
import { ownerStore } from "../server/owner/store.ts";
import { adminHeaders } from "../server/security-headers.ts";
import { fakeSite, tempDir } from "./support/fake-site.ts";
import { type GithubStandIn, standInRepo, startGithubStandIn } from "./support/github-stand-in.ts";
import { edgeTarget, type InboxTarget, nodeTarget, ownerAddress } from "./support/inbox-targets.ts";

const lastCommitQuery = `query($owner: String!, $repo: String!, $branch: String!) { repository(owner: $owner, name: $repo) { ref(qualifiedName: $branch) { target { ... on Commit { history(first: 1) { nodes { oid message } } } } } } }`;
const commitMutation = `mutation($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid committedDate file_0: file(path: "content/sessions.yml") { oid } } } }`;
const [repoOwner, repoName] = standInRepo.split("/") as [string, string];
/** A JPEG's first bytes: enough for the proxy, which reads a photo's start only. */
const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
const unusedPhoto = "content/photos/old-flyer.jpg";

describe.for([
  ["Node", nodeTarget],
  ["Workers", edgeTarget],
] as const)("the editor's proxy on %s", { timeout: 30_000 }, ([, start]) => {
  let github: GithubStandIn;
  let target: InboxTarget;
  let cookie = "";
  const answers: string[] = [];
  const site = tempDir("rink-editor-proxy-site-");

  beforeAll(async () => {
    // A photo no page shows beside the fixture's, which pages do show.
    github = await startGithubStandIn({ files: { [unusedPhoto]: jpegStart } });
    // The fake site, with the editor's page and its headers as the build writes them.
    const siteDir = fakeSite(site.path);
    mkdirSync(join(siteDir, "admin"));
    writeFileSync(join(siteDir, "admin/index.html"), "<!DOCTYPE html><title>Site editor</title>");
    writeFileSync(join(siteDir, "admin/config.yml"), "backend:\n  name: github\n");
    appendFileSync(
      join(siteDir, "_headers"),
      `\n/admin/\n${Object.entries(adminHeaders)
        .map(([name, value]) => `  ! ${name}\n  ${name}: ${value}\n`)
        .join("")}`,
    );
    target = await start(github.settings, { siteDir });
    const session = "s".repeat(43);
    const now = new Date();
    await ownerStore(target.sql).addSession(
      await tokenHash(session),
      ownerAddress,
      now.toISOString(),
      new Date(now.getTime() + 86_400_000).toISOString(),
    );
    cookie = `rink_owner=${session}`;
  }, 90_000);
  afterAll(async () => {
    await target?.stop();
    await github?.close();
    site.remove();
  });

  /** As the editor's page asks: its fetch, same origin, the placeholder token, maybe the cookie. */
  async function ask(
    path: string,
    init: { body?: unknown; cookie?: string; accept?: string } = {},
  ) {
    const headers = new Headers({
      Authorization: "token site-session",
      Accept: init.accept ?? "application/json",
      "Sec-Fetch-Site": "same-origin",
      "Sec-Fetch-Mode": "cors",
      "Sec-Fetch-Dest": "empty",
    });
    if (init.cookie) headers.set("Cookie", init.cookie);
    const post = init.body !== undefined;
    if (post) {
      headers.set("Origin", target.url);
      headers.set("Content-Type", "application/json");
    }
    const res = await fetch(`${target.url}${path}`, {
      method: post ? "POST" : "GET",
      headers,
      redirect: "manual",
      ...(post ? { body: JSON.stringify(init.body) } : {}),
    });
    const text = await res.text();
    answers.push(text, JSON.stringify([...res.headers]));
    return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
  }
  const graphql = (body: unknown, withCookie = true) =>
    ask("/admin/api/graphql", { body, ...(withCookie ? { cookie } : {}) });
  const commit = (paths: string[], text: string) => ({
    query: commitMutation,
    variables: {
      input: {
        branch: { repositoryNameWithOwner: standInRepo, branchName: "main" },
        expectedHeadOid: github.git("rev-parse", "main"),
        fileChanges: {
          additions: paths.map((path) => ({
            path,
            contents: Buffer.from(text).toString("base64"),
          })),
          deletions: [] as { path: string }[],
        },
        message: { headline: "Content: sessions / sessions changed in the editor" },
      },
    },
  });

  it("without the owner's session: 401 with a message, and the sign-in sends to the owner's sign-in", async () => {
    for (const path of [
      "/admin/api/v3/user",
      `/admin/api/v3/repos/${standInRepo}/git/trees/main`,
    ]) {
      const res = await ask(path);
      expect(res.status, path).toBe(401);
      expect(res.json().message).toMatch(/sign in to the site first/);
    }
    const write = await graphql(commit(["content/sessions.yml"], "x"), false);
    expect(write.status).toBe(401);
    const signIn = await fetch(`${target.url}/admin/sign-in?provider=github&site_id=x`, {
      redirect: "manual",
    });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get("location")).toBe("/inbox/");
  });

  it("serves the editor's page only with the owner's session, marked to open signed in", async () => {
    const page = (path: string, withCookie: boolean) =>
      fetch(`${target.url}${path}`, {
        redirect: "manual",
        headers: withCookie ? { Cookie: cookie } : {},
      });
    // Signed out: the emailed-link sign-in, never the editor's own (GitHub's) sign-in.
    for (const path of ["/admin/", "/admin/index.html"]) {
      const res = await page(path, false);
      expect(res.status, path).toBe(303);
      expect(res.headers.get("location"), path).toBe("/inbox/");
      expect(res.headers.get("set-cookie"), path).toBeNull();
    }
    const bare = await page("/admin", false);
    expect(bare.status).toBe(301);
    expect(bare.headers.get("location")).toBe("/admin/");

    const res = await page("/admin/", true);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<title>Site editor</title>");
    expect(res.headers.get("cache-control")).toBe("no-store");
    // The page keeps its own policy (the build's _headers), on either host.
    expect(res.headers.get("content-security-policy")).toBe(
      adminHeaders["Content-Security-Policy"],
    );
    expect(res.headers.get("set-cookie")).toBe(
      "rink_editor=opened; Path=/admin/; Max-Age=300; SameSite=Strict",
    );
    // The page's own files stay plain static answers (free on the Worker).
    const config = await page("/admin/config.yml", false);
    expect(config.status).toBe(200);
    expect(await config.text()).toContain("name: github");
  });

  it("signs the editor in with the session: the popup's handshake, its script allowed by its hash", async () => {
    const res = await fetch(
      `${target.url}/admin/sign-in?provider=github&site_id=x&scope=repo,user`,
      {
        headers: { Cookie: cookie },
      },
    );
    expect(res.status).toBe(200);
    const page = await res.text();
    answers.push(page);
    const script = /<script>([\s\S]*)<\/script>/.exec(page)?.[1] ?? "";
    expect(script).toContain('token: "site-session", provider: "github"');
    expect(script).toContain("authorization:github:success:");
    const hash = createHash("sha256").update(script).digest("base64");
    expect(res.headers.get("content-security-policy")).toContain(`script-src 'sha256-${hash}'`);
    expect(res.headers.get("cross-origin-opener-policy")).toBe("unsafe-none");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers who is signed in itself, and reads the repository through GitHub", async () => {
    const user = await ask("/admin/api/v3/user", { cookie });
    expect(user.status).toBe(200);
    expect(user.json()).toMatchObject({ login: ownerAddress, email: ownerAddress });
    const collaborator = await ask(
      `/admin/api/v3/repos/${standInRepo}/collaborators/${encodeURIComponent(ownerAddress)}`,
      { cookie },
    );
    expect(collaborator.status).toBe(204);

    const last = await graphql({
      query: lastCommitQuery,
      variables: { owner: repoOwner, repo: repoName, branch: "main" },
    });
    expect(last.status).toBe(200);
    expect(last.json().data.repository.ref.target.history.nodes[0].oid).toBe(
      github.git("rev-parse", "main"),
    );
    const tree = await ask(`/admin/api/v3/repos/${standInRepo}/git/trees/main?recursive=1`, {
      cookie,
    });
    expect(tree.status).toBe(200);
    const entry = tree.json().tree.find((e: { path: string }) => e.path === "content/sessions.yml");
    expect(entry?.type).toBe("blob");
    const blob = await ask(`/admin/api/v3/repos/${standInRepo}/git/blobs/${entry.sha}`, {
      cookie,
      accept: "application/vnd.github.raw",
    });
    expect(blob.status).toBe(200);
    expect(blob.text).toBe(`${github.file("content/sessions.yml")}\n`);
    expect(github.tokenRequests.at(-1)).toEqual({
      repositories: [repoName],
      permissions: { contents: "write" },
    });
  });

  it("commits a change under content/ with the owner named", async () => {
    const before = github.commits().length;
    // A file the site builds from (content-check.ts refuses one it cannot: below).
    const changed = `${github.file("content/sessions.yml")}\n# changed in the editor\n`;
    const res = await graphql(commit(["content/sessions.yml"], changed));
    expect(res.status).toBe(200);
    expect(res.json().errors).toBeUndefined();
    const commits = github.commits();
    expect(commits).toHaveLength(before + 1);
    expect(commits[0]).toMatchObject({
      subject: `Content: sessions / sessions changed in the editor by ${ownerAddress}`,
      files: ["content/sessions.yml"],
    });
    expect(res.json().data.createCommitOnBranch.commit.oid).toBe(commits[0]?.oid);
    expect(github.file("content/sessions.yml")).toBe(changed.trimEnd());
  });

  it("refuses a content file the site cannot be built from, saying what to mend, leaving the repository unchanged", async () => {
    const head = github.git("rev-parse", "main");
    const events = github
      .file("content/events.yml")
      .replace(
        "    repeats: monthly\n    week: second\n    weekday: tuesday\n",
        "    repeats: weekly\n",
      );
    const line = events.split("\n").indexOf("  - id: homeschool-skate") + 1;
    const refused = await graphql(commit(["content/events.yml"], events));
    expect(refused.status).toBe(422);
    expect(refused.json().message).toBe(
      `Not saved: please fix this first, then save again. content/events.yml:${line}:5 events[0].weekday (“Homeschool skate”): a repeating event needs its day of the week.`,
    );
    expect(github.git("rev-parse", "main")).toBe(head);
  });

  it("refuses to delete a photo a page shows, naming the page; deletes one nothing shows", async () => {
    const head = github.git("rev-parse", "main");
    const deleting = (paths: string[], additions: { path: string; text: string }[] = []) => {
      const body = commit([], "");
      body.variables.input.fileChanges = {
        additions: additions.map(({ path, text }) => ({
          path,
          contents: Buffer.from(text).toString("base64"),
        })),
        deletions: paths.map((path) => ({ path })),
      };
      return body;
    };
    const asked = github.graphql.length;
    const inUse = await graphql(deleting(["content/photos/mirror-ball.jpg"]));
    expect(inUse.status).toBe(422);
    expect(inUse.json().message).toBe(
      "Not saved: the photo mirror-ball.jpg is used on the About page's gallery and the Events page (“Christian skate”). Take it off there first, then delete it.",
    );
    // One read of the pages' files on the branch, and no commit.
    expect(github.graphql.slice(asked)).toHaveLength(1);
    expect(github.graphql.at(-1)?.query).toContain('object(expression: "main:content/photos.yml")');
    expect(github.git("rev-parse", "main")).toBe(head);

    const two = await graphql(
      deleting(["content/photos/rink-floor.jpg", "content/photos/party-room.jpg"]),
    );
    expect(two.status).toBe(422);
    expect(two.json().message).toBe(
      "Not saved: the photo rink-floor.jpg is used on the Home page and the About page's gallery; the photo party-room.jpg is used on the Parties page. Take them off there first, then delete them.",
    );
    expect(github.git("rev-parse", "main")).toBe(head);

    // Taken off the event in the same save, but still in the gallery: refused all the same.
    const events = github.file("content/events.yml");
    const withoutPhoto = events.replace(
      / {4}photo:\n {6}image: photos\/mirror-ball\.jpg\n {6}alt: .*\n/,
      "",
    );
    expect(withoutPhoto).not.toContain("mirror-ball");
    const stillInGallery = await graphql(
      deleting(
        ["content/photos/mirror-ball.jpg"],
        [{ path: "content/events.yml", text: withoutPhoto }],
      ),
    );
    expect(stillInGallery.status).toBe(422);
    expect(stillInGallery.json().message).toBe(
      "Not saved: the photo mirror-ball.jpg is used on the About page's gallery. Take it off there first, then delete it.",
    );
    expect(github.git("rev-parse", "main")).toBe(head);

    // A photo nothing shows: deleted, one commit.
    const unused = await graphql(deleting([unusedPhoto]));
    expect(unused.status).toBe(200);
    expect(unused.json().errors).toBeUndefined();
    expect(github.commits()[0]?.files).toEqual([unusedPhoto]);

    // Taken off every page and deleted in one save: committed together.
    const photos = github
      .file("content/photos.yml")
      .replace(/ {2}- image: photos\/mirror-ball\.jpg\n( {4}.*\n)+/, "");
    expect(photos).not.toContain("mirror-ball");
    const offEverywhere = await graphql(
      deleting(
        ["content/photos/mirror-ball.jpg"],
        [
          { path: "content/events.yml", text: withoutPhoto },
          { path: "content/photos.yml", text: photos },
        ],
      ),
    );
    expect(offEverywhere.status).toBe(200);
    expect(offEverywhere.json().errors).toBeUndefined();
    expect(github.commits()[0]?.files.sort()).toEqual([
      "content/events.yml",
      "content/photos.yml",
      "content/photos/mirror-ball.jpg",
    ]);
  });

  it("refuses a commit touching server/, and other calls, leaving the repository unchanged", async () => {
    const head = github.git("rev-parse", "main");
    const refused = await graphql(commit(["content/sessions.yml", "server/routes.ts"], "boom"));
    expect(refused.status).toBe(403);
    expect(refused.json().message).toBe(
      "The site's editor changes only the site's content (files under content/), not server/routes.ts.",
    );
    const ref = await graphql({
      query: "mutation($input: CreateRefInput!) { createRef(input: $input) { ref { id } } }",
      variables: { input: { name: "refs/heads/evil", oid: head } },
    });
    expect(ref.status).toBe(403);
    const elsewhere = await ask("/admin/api/v3/repos/someone/else/git/trees/main", { cookie });
    expect(elsewhere.status).toBe(403);
    const other = await ask(`/admin/api/v3/repos/${standInRepo}/contents/server/routes.ts`, {
      cookie,
    });
    expect(other.status).toBe(403);
    expect(github.git("rev-parse", "main")).toBe(head);
    expect(github.file("server/routes.ts")).toBe("// the server's code");
  });

  it("sends GitHub the commit it read, printed from its tree, never a second one hidden in the text", async () => {
    // A comment ended by a lone CR, and a block string """a"""": graphql-js reads one commit of
    // content/sessions.yml, a lexer that reads them otherwise a second commit of package.json.
    const second =
      'evil: createCommitOnBranch(input: {branch: {repositoryNameWithOwner: "sugarcreek/rink-site", branchName: "main"}, fileChanges: {additions: [{path: "package.json", contents: "e30="}]}}) { commit { oid } }';
    const baits = [
      `mutation($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid a: file(path: # x\r"""\n} } ${second} # \n""") { oid } } } }`,
      `mutation($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid a: file(path: """a"""") { oid } b: file(path: "${second.replaceAll('"', '\\"')}") { oid } } } }`,
      // A commit in a variable's default value: refused (the guard reads every definition).
      `mutation($input: CreateCommitOnBranchInput!, $x: CreateCommitOnBranchInput = {fileChanges: {additions: [{path: "package.json", contents: "e30="}]}}) { createCommitOnBranch(input: $input) { commit { oid } } }`,
    ];
    const received = github.graphql.length;
    for (const query of baits) {
      const changed = `${github.file("content/sessions.yml")}\n# bait ${baits.indexOf(query)}\n`;
      const res = await graphql({ ...commit(["content/sessions.yml"], changed), query });
      expect([200, 403], query).toContain(res.status);
    }
    const sent = github.graphql.slice(received);
    expect(sent.length).toBeGreaterThan(0);
    for (const { query, variables } of sent) {
      const code = query.replace(/"(?:\\.|[^"\\])*"/g, '""');
      expect(code).not.toMatch(/#|"""|[\r\n]/);
      expect(code.match(/createCommitOnBranch\(/g)).toHaveLength(1);
      expect(Object.keys(variables)).toEqual(["input"]);
    }
    // Every commit since the site as deployed (the stand-in's first) touched content/ only.
    for (const { files } of github.commits().slice(0, -1)) {
      expect(
        files.every((file) => file.startsWith("content/")),
        files.join(),
      ).toBe(true);
    }
  });

  it("commits only the owner's files, only to the site's branch", async () => {
    const head = github.git("rev-parse", "main");
    for (const [path, message] of [
      [
        "content/.gitattributes",
        "The site's editor changes only the site's content files and its photos (content/photos/, JPEG, PNG, WebP, AVIF or GIF), not content/.gitattributes.",
      ],
      [
        "content/photos/run.sh",
        "The site's editor changes only the site's content files and its photos (content/photos/, JPEG, PNG, WebP, AVIF or GIF), not content/photos/run.sh.",
      ],
    ] as const) {
      const res = await graphql(commit([path], "* text eol=crlf\n"));
      expect(res.status, path).toBe(403);
      expect(res.json().message).toBe(message);
    }
    const elsewhere = commit(["content/sessions.yml"], github.file("content/sessions.yml"));
    elsewhere.variables.input.branch.branchName = "gh-pages";
    const branch = await graphql(elsewhere);
    expect(branch.status).toBe(403);
    expect(branch.json().message).toBe(
      `The site's editor commits only to the branch main of the repository ${standInRepo}.`,
    );
    expect(github.git("rev-parse", "main")).toBe(head);
  });

  it("refuses three 20,000-key files in a second, answering others meanwhile", async () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `k${i}: ${i}`).join("\n");
    const files = ["content/sessions.yml", "content/rink.yml", "content/parties.yml"];
    const started = performance.now();
    const [save, health] = await Promise.all([
      graphql(commit(files, keys)).then((res) => ({ res, ms: performance.now() - started })),
      fetch(`${target.url}/healthz`).then((res) => ({ res, ms: performance.now() - started })),
    ]);
    expect(save.res.status).toBe(422);
    expect(save.res.json().message).toMatch(/the file is longer than a content file can be/);
    expect(save.ms).toBeLessThan(1_000);
    expect(health.res.status).toBe(200);
    expect(health.ms).toBeLessThan(1_000);
  });

  it("drops a token GitHub no longer takes, and asks for a new one at once", async () => {
    const asked = github.tokenRequests.length;
    github.revokeTokens();
    const read = {
      query: lastCommitQuery,
      variables: { owner: repoOwner, repo: repoName, branch: "main" },
    };
    const res = await graphql(read);
    expect(res.status).toBe(200);
    expect(res.json().data.repository.ref.target.history.nodes[0].oid).toBe(
      github.git("rev-parse", "main"),
    );
    expect(github.tokenRequests.length).toBe(asked + 1);
  });

  it("never shows the installation token in an answer or the log", () => {
    const tokens = github.tokens();
    expect(tokens.length).toBeGreaterThan(0);
    const output = target.output();
    // wrangler dev at --log-level info shows the Worker's errors, not its console.log lines
    // (Workers Logs keep both): the owner's actions are read in Node's log.
    if (target.platform === "node") {
      expect(output).toContain(`editor: ${ownerAddress} committed 1 file(s) under content/`);
      expect(output).toContain(`editor: ${ownerAddress} refused:`);
    }
    for (const token of tokens) {
      expect(output).not.toContain(token);
      for (const answer of answers) expect(answer).not.toContain(token);
    }
    // Every call GitHub got carried the token, none the browser's placeholder.
    expect(github.requests.some((r) => r.authorization === "token site-session")).toBe(false);
  });
});
