// The editor's sign-in and proxy in process (routes.ts), for what needs no GitHub: not
// connected, a clear message and never a 5xx; a body too large, not JSON, or from another
// origin refused with a message. The proxy against GitHub's stand-in, on both hosts, is
// tests/editor-proxy.test.ts.
import { describe, expect, it } from "vitest";
import { tokenHash } from "../owner/auth.ts";
import type { OwnerStore } from "../owner/store.ts";
import { editorMaxBodyBytes, editorRoutes } from "./routes.ts";

const owner = "owner@sugarcreekskate.example";
const session = "s".repeat(43);
const sessionHash = await tokenHash(session);
const store = {
  sessionEmail: async (hash: string) => (hash === sessionHash ? owner : undefined),
  revokeSessionsOf: async () => {},
} as unknown as OwnerStore;
const cookie = `rink_owner=${session}`;
const lines: string[] = [];
const log = (line: string) => lines.push(line);

const notConnected = editorRoutes({ store, owners: [owner], log });
const connected = editorRoutes({
  store,
  owners: [owner],
  log,
  // Never reached: every request here is refused before GitHub is asked.
  github: {
    appId: "1",
    privateKey: "unused",
    installationId: "2",
    repo: "sugarcreek/rink-site",
    branch: "main",
    apiUrl: "http://127.0.0.1:9",
  },
});
const at = (path: string) => `http://127.0.0.1:3000${path}`;

describe("the editor not connected to GitHub", () => {
  it("tells the signed-in owner so in the sign-in window, with no script", async () => {
    const res = await notConnected.request(at("/admin/sign-in?provider=github"), {
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("The site's editor is not connected to GitHub yet.");
    expect(page).not.toContain("<script");
    expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
  });

  it("answers the editor's calls with that message, never a 5xx; without a session, 401", async () => {
    const res = await notConnected.request(at("/admin/api/v3/user"), {
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toMatch(/not connected to GitHub yet/);
    const anonymous = await notConnected.request(at("/admin/api/v3/user"));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("cache-control")).toBe("no-store");
  });
});

describe("a change the proxy refuses before GitHub", () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    connected.request(at("/admin/api/graphql"), {
      method: "POST",
      headers: {
        Cookie: cookie,
        Host: "127.0.0.1:3000",
        Origin: "http://127.0.0.1:3000",
        "Content-Type": "application/json",
        ...headers,
      },
      body,
    });

  it("from another site's page: 403", async () => {
    const res = await post("{}", { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("Only the site's own editor may send changes.");
  });

  it("not JSON: 400; over the size bound: 413, each with a message", async () => {
    const broken = await post("{not json");
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe("A GraphQL request is JSON.");
    const huge = await post("x".repeat(editorMaxBodyBytes + 1));
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toMatch(/too much to save at once/);
  });

  it("another method or endpoint: 403, logged with the owner's address", async () => {
    const res = await connected.request(at("/admin/api/v3/repos/sugarcreek/rink-site/contents/x"), {
      method: "DELETE",
      headers: { Cookie: cookie, Origin: "http://127.0.0.1:3000", Host: "127.0.0.1:3000" },
    });
    expect(res.status).toBe(403);
    expect(lines.at(-1)).toMatch(new RegExp(`^editor: ${owner} refused: `));
  });
});
