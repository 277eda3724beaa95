// Signing in to the owner's area as the owner does: the address typed and sent with Enter,
// the emailed link opened, "Sign in" pressed. For owner-inbox.spec.ts and owner-updates.spec.ts.
import type { Page } from "@playwright/test";
import { homeWords } from "../../../server/owner/words.ts";
import { type InboxTarget, ownerAddress } from "../inbox-targets.ts";
import { expect } from "./fixtures.ts";

export const signInSubject = "Your sign-in link for the rink's inbox";

/** The sign-in link in an email's text; "" when there is none. */
export const signInLink = (text = "") =>
  /https?:\/\/\S+\/inbox\/auth\?token=\S+/.exec(text)?.[0] ?? "";

/**
 * Asks `origin`'s inbox for a link for `owner` by keyboard, opens the one `emailedLink` finds
 * (once the email has come) and signs in: the page is then the owner's home (issue 33).
 */
export async function signInAsOwner(
  page: Page,
  origin: string,
  owner: string,
  emailedLink: () => Promise<string>,
) {
  await page.goto(`${origin}/inbox/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the inbox");
  await page.getByLabel("Your email").fill(owner);
  await page.getByLabel("Your email").press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
  const link = await emailedLink();
  expect(link.startsWith(`${origin}/inbox/auth?token=`)).toBe(true);
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(homeWords.heading);
}

/**
 * Signs in to an inbox target of the spec's own (tests/support/inbox-targets.ts) as its owner,
 * with the link of the email this sign-in asked for: a target signed in to before holds that
 * sign-in's email, its link used (owner-updates.spec.ts signs in again after a restart).
 */
export function signInToTarget(page: Page, target: InboxTarget) {
  const links = () => target.mails().filter((m) => m.subject === signInSubject);
  const before = links().length;
  return signInAsOwner(page, target.url, ownerAddress, async () => {
    await expect.poll(() => links().length).toBeGreaterThan(before);
    return signInLink(links().at(-1)?.text);
  });
}
