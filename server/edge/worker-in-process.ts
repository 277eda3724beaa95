// The Worker called in process with stand-in bindings, for the settings tests
// (worker-settings.test.ts, worker-twilio-settings.test.ts): no request there may reach the
// database, and anything else the Worker is asked goes to an empty site.
import worker from "./worker.ts";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };

/** The bindings: `base` (the service's own settings), then `vars` over it. */
export const bindingsWith = (base: Record<string, string>) => (vars: Record<string, string>) => ({
  // Any use of the database here would be a failure of the test's premise.
  DB: {
    prepare() {
      throw new Error("no database in this test");
    },
  },
  ASSETS: { fetch: async () => new Response("Not found", { status: 404 }) },
  ...base,
  ...vars,
});

/** A text POST to `path`: a webhook that is there refuses it for its type (415). */
export const postText = (path: string, env: object) =>
  worker.fetch(
    new Request(`https://rink.example${path}`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "hello",
    }),
    env as never,
    ctx as never,
  );
