// The editor at /admin/ (Sveltia CMS) without a GitHub account (issue 33, decision 018), the
// same on Node and on the Worker:
//   /admin/          the editor's page, once the editor is connected: with the owner's session
//                    (the emailed link's), the built page, marked for editor-init.js to open
//                    the editor signed in (issue 42); without, a 303 to the owner's sign-in.
//   /admin/sign-in   what "Sign In with GitHub" opens (the config's base_url/auth_endpoint):
//                    with the owner's session (the emailed link's, owner/auth.ts), it hands the
//                    editor a placeholder token by Sveltia's popup handshake; without, it sends
//                    the owner to the sign-in.
//   /admin/api/v3/…  GitHub's REST API as far as the editor reads it (api_root), and
//   /admin/api/graphql  GitHub's GraphQL API (graphql_api_root): the owner's session required
//                    (401 otherwise, and the editor shows its sign-in), forwarded with the GitHub
//                    App's installation token, which never leaves the server (github-calls.ts);
//                    reads of the one repository, and commits of the owner's files only (guard.ts).
import type { Context } from "hono";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { bodyLimit } from "../body-limit.ts";
import type { ServerEnv } from "../env.ts";
import { originIsHost } from "../forms/form-endpoint.ts";
import { sessionOwner } from "../owner/auth.ts";
import { cookieOf } from "../owner/session.ts";
import type { OwnerStore } from "../owner/store.ts";
import { type GithubCalls, githubCalls } from "./github-calls.ts";
import { checkGraphql, type Refusal } from "./guard.ts";
import { type EditorGithub, graphqlUrl } from "./settings.ts";
import { type InstallationToken, installationToken } from "./token.ts";

export interface EditorDeps {
  /** The GitHub App and repository; absent, the editor is not connected. */
  github?: EditorGithub | undefined;
  /** The owner's sessions, as the owner's pages keep them. */
  store: OwnerStore;
  owners: readonly string[];
  now?: () => Date;
  log?: (message: string) => void;
}

/**
 * The largest commit the editor may send, refused before it is read: a save with a photo or
 * two as the editor makes them (WebP, 1600 px: a couple of hundred KB each, base64 in JSON).
 * Each MB read costs the Worker about 6.5 ms of its 10 (docs/benchmarks.md).
 */
export const editorMaxBodyBytes = 2 * 1024 * 1024;

/** What the editor holds as its "token": not a secret, only a sign that the session is open. */
export const placeholderToken = "site-session";

/** Where the owner signs in by the emailed link. */
export const ownerSignInPath = "/inbox/";

const notConnected =
  "The site's editor is not connected to GitHub yet. Your developer sets it up once (docs/deploy.md, “The editor”).";
const signInFirst =
  "Please sign in to the site first (the emailed link), then open the editor again from your home page.";

/**
 * The mark the editor's page reads (admin/editor-init.js): served with the owner's session, so
 * the editor may sign in by that session at once. Not a secret, not the session: only the page's
 * own script reads it, within the minute it loads; the proxy still asks for the session.
 */
export const openedMark = { name: "rink_editor", value: "opened", maxAgeSeconds: 300 } as const;

const apiHeaders: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
};

/** The popup's side of Sveltia's handshake (its auth.js: the same one Decap's uses). */
const handshake = `(() => {
  const opener = window.opener;
  if (!opener) return;
  const answer = 'authorization:github:success:' + JSON.stringify({ token: "${placeholderToken}", provider: "github" });
  window.addEventListener("message", (event) => {
    if (event.origin === location.origin && event.data === "authorizing:github") {
      opener.postMessage(answer, location.origin);
    }
  });
  opener.postMessage("authorizing:github", location.origin);
})();`;

let handshakeHash: Promise<string> | undefined;
const hashOf = async (text: string) => {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
};

const page = (title: string, body: string, script = "") => `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body><main><h1>${title}</h1>${body}</main>${script ? `<script>${script}</script>` : ""}</body>
</html>`;

/** Whether a page of this very site sent the request (Origin, or Fetch metadata). */
function sameOrigin(c: Context): boolean {
  const origin = c.req.header("origin");
  if (origin && origin !== "null") return originIsHost(origin, c.req.header("host"));
  return c.req.header("sec-fetch-site") === "same-origin";
}

export function editorRoutes(deps: EditorDeps) {
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? ((message: string) => console.log(message));
  const { github } = deps;
  const token: InstallationToken | undefined = github ? installationToken(github) : undefined;
  const [repoOwner = "", repoName = ""] = github?.repo.split("/") ?? [];
  const site = { repo: github?.repo ?? "", branch: github?.branch ?? "" };
  const app = new Hono<ServerEnv & { Variables: { owner: string } }>();

  const owner = (c: Context) =>
    sessionOwner(deps.store, getCookie(c, cookieOf(c).name), now(), deps.owners);

  // The editor's page is the owner's: served only with the session, so the owner opens the
  // editor from the home page's "Edit the site" signed in, and a stranger meets the emailed-link
  // sign-in, not GitHub's. Only when the editor is connected: without the GitHub App it cannot
  // save through the site, and the page stays a developer's (its local-repository workflow).
  if (token) {
    app.get("/admin", (c) => {
      c.header("Cache-Control", "no-store");
      return c.redirect("/admin/", 301);
    });
    const editorPage = async (c: Context, next: () => Promise<void>) => {
      if (!(await owner(c))) {
        c.header("Cache-Control", "no-store");
        return c.redirect(ownerSignInPath, 303);
      }
      // The built page (Node's static files, the Worker's assets: each host's next answer).
      await next();
      // A copy: the answer may be a fetched one, whose headers cannot be changed.
      c.res = new Response(c.res.body, c.res);
      // Kept by no one: the page is the owner's only while the session lasts.
      c.res.headers.set("Cache-Control", "no-store");
      if (c.res.status === 200) {
        const { name, value, maxAgeSeconds } = openedMark;
        c.res.headers.append(
          "Set-Cookie",
          `${name}=${value}; Path=/admin/; Max-Age=${maxAgeSeconds}; SameSite=Strict${cookieOf(c).secure ? "; Secure" : ""}`,
        );
      }
    };
    app.get("/admin/", editorPage);
    app.get("/admin/index.html", editorPage);
  }

  app.get("/admin/sign-in", async (c) => {
    const email = await owner(c);
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
    c.header("Referrer-Policy", "same-origin");
    if (!email) return c.redirect(ownerSignInPath, 303);
    // The popup must keep its opener (the editor's page): not same-origin here.
    c.header("Cross-Origin-Opener-Policy", "unsafe-none");
    if (!token) {
      c.header(
        "Content-Security-Policy",
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
      return c.html(page("The site's editor is not connected", `<p>${notConnected}</p>`));
    }
    handshakeHash ??= hashOf(handshake);
    c.header(
      "Content-Security-Policy",
      `default-src 'none'; script-src '${await handshakeHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    return c.html(
      page(
        "Signing in to the site's editor",
        "<p>This window closes by itself. If it stays open, close it and press “Sign In with GitHub” again.</p>",
        handshake,
      ),
    );
  });

  app.use("/admin/api/*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(apiHeaders)) c.res.headers.set(name, value);
  });

  // Every call: the owner's session, and GitHub connected.
  app.use("/admin/api/*", async (c, next) => {
    const email = await owner(c);
    if (!email) return c.json({ message: signInFirst }, 401);
    if (!token) return c.json({ message: notConnected }, 404);
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && !sameOrigin(c)) {
      return c.json({ message: "Only the site's own editor may send changes." }, 403);
    }
    c.set("owner", email);
    return next();
  });

  const refuse = (c: Context, email: string, refusal: Refusal) => {
    log(`editor: ${email} refused: ${refusal.message}`);
    return c.json({ message: refusal.message }, refusal.status);
  };

  // GitHub's calls, made only past the guard above, which answers 404 while the editor is not
  // connected (no GitHub App, no token): there, they are always set.
  const calls = (github && token ? githubCalls(github, token, log) : undefined) as GithubCalls;

  const ownRepo = (c: Context) =>
    c.req.param("owner")?.toLowerCase() === repoOwner.toLowerCase() &&
    c.req.param("repo")?.toLowerCase() === repoName.toLowerCase();

  // The REST calls Sveltia makes: who is signed in, whether they may write, the tree, a blob.
  app.get("/admin/api/v3/user", (c) => {
    const email = c.get("owner");
    return c.json({ id: 1, login: email, name: email, email, avatar_url: "", html_url: "" });
  });
  app.get("/admin/api/v3/repos/:owner/:repo/collaborators/:login", (c) => {
    if (!ownRepo(c))
      return refuse(c, c.get("owner"), {
        status: 403,
        message: `The site's editor reads only the repository ${github?.repo}.`,
      });
    return c.req.param("login").toLowerCase() === c.get("owner").toLowerCase()
      ? c.body(null, 204)
      : c.json({ message: "Not Found" }, 404);
  });
  const gitObject = /^[\w.-]{1,100}$/;
  app.get("/admin/api/v3/repos/:owner/:repo/git/:kind{trees|blobs}/:ref", async (c) => {
    const ref = c.req.param("ref");
    if (!ownRepo(c) || !gitObject.test(ref) || ref.includes("..")) {
      return refuse(c, c.get("owner"), {
        status: 403,
        message: `The site's editor reads only the repository ${github?.repo}.`,
      });
    }
    const kind = c.req.param("kind");
    const query = kind === "trees" && c.req.query("recursive") ? "?recursive=1" : "";
    const accept = c.req.header("accept")?.includes("raw")
      ? "application/vnd.github.raw"
      : undefined;
    return calls.forward(
      `${github?.apiUrl}/repos/${repoOwner}/${repoName}/git/${kind}/${ref}${query}`,
      {
        method: "GET",
        ...(accept ? { accept } : {}),
      },
    );
  });

  app.post(
    "/admin/api/graphql",
    bodyLimit({
      maxSize: editorMaxBodyBytes,
      onError: (c) =>
        c.json(
          { message: "That is too much to save at once: please save fewer or smaller photos." },
          413,
        ),
    }),
    async (c) => {
      const email = c.get("owner");
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.json({ message: "A GraphQL request is JSON." }, 400);
      }
      const checked = checkGraphql(body, site, email);
      if ("refuse" in checked) return refuse(c, email, checked.refuse);
      const { changes } = checked;
      // Only the owner's files, and what the owner saves must build: checked here, not
      // discovered by the host's build. The schema and a YAML reader are set up on the first
      // save (about 50 ms here), not at each start (decision 024).
      if (changes) {
        const {
          contentProblems,
          deletedPhotos,
          notSavedMessage,
          ownersFilesRefusal,
          photoFilesToRead,
          photosInUseRefusal,
        } = await import("./content-check.ts");
        const notTheOwners = ownersFilesRefusal(changes);
        if (notTheOwners) return refuse(c, email, notTheOwners);
        const problems = contentProblems(changes);
        if (problems.length > 0) {
          return refuse(c, email, { status: 422, message: notSavedMessage(problems) });
        }
        // A photo a page still shows is not deleted: the pages that show it are read as they
        // are on the branch (one request, only on a save that deletes a photo), with this
        // save's own changes to them, and named to the owner.
        if (deletedPhotos(changes).length > 0) {
          const toRead = photoFilesToRead(changes);
          const onBranch = toRead.length > 0 ? await calls.branchTexts(toRead) : {};
          if (onBranch instanceof Response) return onBranch;
          const inUse = photosInUseRefusal(changes, onBranch);
          if (inUse) return refuse(c, email, inUse);
        }
      }
      const answer = await calls.forward(graphqlUrl(github?.apiUrl ?? ""), {
        method: "POST",
        body: JSON.stringify(checked.forward),
      });
      if (changes) {
        const count = changes.additions.length + changes.deletions.length;
        log(
          `editor: ${email} committed ${count} file(s) under content/ (GitHub answered ${answer.status})`,
        );
      }
      return answer;
    },
  );

  // Anything else under the proxy: not a call the editor needs.
  app.all("/admin/api/*", (c) =>
    refuse(c, c.get("owner"), {
      status: 403,
      message: "The site's editor does not need that call to GitHub, so the site does not make it.",
    }),
  );
  return app;
}
