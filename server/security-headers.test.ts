import { describe, expect, it } from "vitest";
import {
  assetPolicy,
  contentSecurityPolicy,
  headersFileProblems,
  headersFor,
  immutableCache,
  parseHeadersFile,
  renderHeadersFile,
  revalidateCache,
} from "./security-headers.ts";

const page = (path: string, script: string) => ({
  path,
  scriptHashes: [`sha256-${script}`],
  styleHashes: [],
});
const pages = [page("/", "home"), page("/about/", "about"), page("/404/", "notfound")];
const policyOf = (script: string) =>
  contentSecurityPolicy({ scriptHashes: [`sha256-${script}`], styleHashes: [], formsOrigin: null });

describe("the _headers file", () => {
  const text = renderHeadersFile({ pages, formsOrigin: null });
  const rules = parseHeadersFile(text);

  it("gives each page exactly its own policy, with and without the trailing slash", () => {
    for (const [path, script] of [
      ["/", "home"],
      ["/about", "about"],
      ["/about/", "about"],
      ["/about/index.html", "about"],
    ] as const) {
      const headers = headersFor(rules, path);
      const csp = Object.entries(headers).filter(([k]) => /^content-security-policy$/i.test(k));
      expect(csp, path).toEqual([["Content-Security-Policy", policyOf(script)]]);
      expect(headers["Cache-Control"], path).toBe(revalidateCache);
    }
  });

  it("puts the not-found page's policy on every other path, so a 404 answer carries it", () => {
    for (const path of ["/nope", "/about/team", "/404", "/404/"]) {
      expect(headersFor(rules, path)["Content-Security-Policy"], path).toBe(policyOf("notfound"));
    }
  });

  it("caches hashed assets for a year, replacing the pages' revalidation", () => {
    expect(headersFor(rules, "/assets/app-1.js")["Cache-Control"]).toBe(immutableCache);
    // As Cloudflare Pages reads it: the asset rule detaches the wildcard's value first.
    expect(text).toMatch(/\/assets\/\*\n {2}! Cache-Control\n {2}Cache-Control: /);
  });

  it("gives assets no page's policy, so a photo opened on its own shows (no script, no frame)", () => {
    const policy = headersFor(rules, "/assets/photos/rink-floor-1600.0a1b2c3d.jpg")[
      "Content-Security-Policy"
    ];
    expect(policy).toBe(assetPolicy);
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain("script-src");
    expect(text).toMatch(
      / {2}! Content-Security-Policy\n {2}Content-Security-Policy: default-src 'none'; img-src 'self'/,
    );
  });

  it("detaches the wildcard's policy before each page's own (Pages would join both)", () => {
    const about = text
      .split("\n\n")
      .find((block) => block.startsWith("/about/\n"))
      ?.trim();
    expect(about?.split("\n")).toEqual([
      "/about/",
      "  ! Content-Security-Policy",
      `  Content-Security-Policy: ${policyOf("about")}`,
    ]);
  });

  it("takes an extra static page with the headers it is given, for both URL forms", () => {
    const adminCsp = "default-src 'self'; script-src 'self' https://unpkg.example";
    const withAdmin = parseHeadersFile(
      renderHeadersFile({
        pages,
        formsOrigin: null,
        staticPages: [
          {
            path: "/admin/",
            headers: { "Content-Security-Policy": adminCsp, "X-Robots-Tag": "noindex" },
          },
        ],
      }),
    );
    expect(headersFor(withAdmin, "/admin")["Content-Security-Policy"]).toBe(adminCsp);
    expect(headersFor(withAdmin, "/admin/")["Content-Security-Policy"]).toBe(adminCsp);
    expect(headersFor(withAdmin, "/admin/")["X-Robots-Tag"]).toBe("noindex");
    expect(headersFor(withAdmin, "/about")["Content-Security-Policy"]).toBe(policyOf("about"));
  });

  it("refuses to be written without the not-found page", () => {
    expect(() => renderHeadersFile({ pages: pages.slice(0, 2), formsOrigin: null })).toThrow(
      /not-found page/,
    );
  });
});

describe("the static hosts' limits", () => {
  it("passes the file as the build writes it", () => {
    expect(headersFileProblems(renderHeadersFile({ pages, formsOrigin: null }))).toEqual([]);
  });

  it("names a line of 2,000 characters or more, which Pages would drop", () => {
    const long = page("/long/", "x".repeat(2_000));
    const problems = headersFileProblems(
      renderHeadersFile({ pages: [...pages, long], formsOrigin: null }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^line \d+ \(Content-Security-Policy\) is \d{4} characters; Cloudflare Pages drops lines of 2000 or more$/,
    );
    const justUnder = `/x\n  X: ${"a".repeat(1_994)}`;
    expect(justUnder.split("\n")[1]).toHaveLength(1_999);
    expect(headersFileProblems(justUnder)).toEqual([]);
    expect(headersFileProblems(`${justUnder}a`)).toHaveLength(1);
  });

  it("counts the rules: 100 are read, the 101st is not", () => {
    const rulesText = (n: number) =>
      Array.from({ length: n }, (_, i) => `/p${i}\n  X-N: ${i}`).join("\n\n");
    expect(headersFileProblems(rulesText(100))).toEqual([]);
    expect(headersFileProblems(`# a comment\n${rulesText(101)}`)).toEqual([
      "101 rules; Cloudflare Pages reads at most 100",
    ]);
  });
});
