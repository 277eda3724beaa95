// The form endpoint under Node, in process: what the shared protocol suite
// (tests/inbox-protocol.test.ts, against the Node server and the Worker) cannot reach from
// outside, a storage that fails.
import { afterAll, describe, expect, it } from "vitest";
import { fakeSite, tempDir } from "../tests/support/fake-site.ts";
import { createApp } from "./app.ts";
import { openInbox } from "./inbox.ts";

const dir = tempDir();
const siteDir = fakeSite(dir.path);
const inbox = openInbox(":memory:");
afterAll(() => {
  inbox.close();
  dir.remove();
});

const contact = {
  name: "Pat Skater",
  email: "pat@example.com",
  subject: "birthday-party",
  message: "Party for 12 on Saturday?",
};

const json = (body: unknown) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", Accept: "application/json" },
  body: JSON.stringify(body),
});

describe("a storage failure", () => {
  it("answers a storage failure 500 in Formspree's shape, without details", async () => {
    const logged: string[] = [];
    const broken = createApp({
      siteDir,
      log: (message) => logged.push(message),
      inbox: {
        ...inbox,
        insert: () => {
          throw new Error("SQLITE_FULL: database or disk is full at /secret/path");
        },
        insertMany: () => {
          throw new Error("SQLITE_FULL: database or disk is full at /secret/path");
        },
      },
    });
    const res = await broken.request("/f/contact", json(contact));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      errors: [{ message: "The submission could not be saved. Please try again later." }],
    });
    expect(text).not.toMatch(/secret|SQLITE|at /);
    expect(logged).toEqual([expect.stringContaining("SQLITE_FULL")]);
  });
});
