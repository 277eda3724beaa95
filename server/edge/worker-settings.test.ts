// The Worker reads its variables and secrets as the Node server reads its environment
// (settings.ts): where Node refuses to start, the Worker says so and leaves that part off. In
// process, with stand-in bindings: no request here reaches the database.
import { afterEach, describe, expect, it, vi } from "vitest";
import { workerConfig } from "../../tooling/wrangler.ts";
import { defaultRateLimitPerMinute } from "../forms/form-endpoint.ts";
import { bindingsWith, postText } from "./worker-in-process.ts";

const bindings = bindingsWith({
  NEWSLETTER_SERVICE: "kit",
  KIT_API_KEY: "kit-test-key",
  KIT_FORM_ID: "4242",
  SITE_URL: "https://rink.example",
});
// Text, not JSON: a webhook whose secret is accepted is refused next for its type (415).
const hook = (secret: string, env: ReturnType<typeof bindings>) =>
  postText(`/hooks/kit/${secret}`, env);

afterEach(() => vi.restoreAllMocks());

describe("the Worker's settings", () => {
  it("holds Kit's webhook secret to Node's rule (24+ letters, digits, - or _): a weaker one turns the webhook off, and says why", async () => {
    const said = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const weak of ["short", "abcdefghijklmnopqrstuvw", "has spaces in it, 24 chars+"]) {
      const res = await hook(encodeURIComponent(weak), bindings({ KIT_WEBHOOK_SECRET: weak }));
      expect(res.status, weak).toBe(404);
      expect(said.mock.calls.flat().join("\n")).toContain(
        "KIT_WEBHOOK_SECRET must be at least 24 letters, digits, - or _",
      );
      said.mockClear();
    }
    const strong = "abcdefghijklmnopqrstuvwx";
    expect((await hook(strong, bindings({ KIT_WEBHOOK_SECRET: strong }))).status).toBe(415);
    expect(
      (await hook("another-secret-of-24-chars", bindings({ KIT_WEBHOOK_SECRET: strong }))).status,
    ).toBe(403);
    expect(said).not.toHaveBeenCalled();
  });

  it("limits the forms as Node does by default: wrangler.jsonc's binding holds the one figure (5 a minute)", () => {
    // Cloudflare reads the binding's limit from wrangler.jsonc, which cannot import it.
    const binding = workerConfig().ratelimits?.find((r) => r.name === "FORM_LIMIT");
    expect(binding?.simple).toEqual({ limit: defaultRateLimitPerMinute, period: 60 });
  });
});
