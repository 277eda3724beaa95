// The site's first run at /setup (decision 028; the rules: first-run.ts): while no owner exists,
// the setup code and an email address make that address the owner, signed in on the spot with
// the cookies an emailed link gives (sign-in-routes.ts), no email needed; a welcome email goes
// where one can be sent, and being in never hangs on it. Once an owner exists (the settings
// name one, or the first run added one), /setup answers 404 for good, whatever SETUP_CODE says.
// Mounted by ownerRoutes (routes.ts), behind the same guard, headers and body limit as /inbox/.
import type { Context, Hono } from "hono";
import { isEmail } from "../../rink/forms/validate.ts";
import { subscriberKey } from "../forms/subscriber-key.ts";
import { openSession, ownerExists } from "./auth.ts";
import { countSetupTry, sameCode, setupCodeMaxLength } from "./first-run.ts";
import { noSetupCodePage, type SetupForm, setupClosedPage, setupPage } from "./first-run-pages.tsx";
import type { OwnerRouteHelpers } from "./route-helpers.ts";
import type { OwnerEnv } from "./session.ts";
import { type SignInDeps, setSignInCookies, siteOf } from "./sign-in-routes.ts";
import { hostHelp, firstRunWords as words } from "./words.ts";

/** What the first run needs from the host (part of routes.ts's OwnerDeps). */
export interface FirstRunDeps {
  /** SETUP_CODE; unset, /setup says how to set it. */
  code?: string | undefined;
  /** The host was given a SETUP_CODE its rule refused (too short): read as unset. */
  codeRefused?: boolean;
}

type FirstRunHelpers = OwnerRouteHelpers & SignInDeps & { firstRun: FirstRunDeps };

const field = (form: Record<string, unknown>, name: string, max: number) => {
  const value = form[name];
  return typeof value === "string" ? value.slice(0, max).trim() : "";
};

export function mountFirstRun(app: Hono<OwnerEnv>, helpers: FirstRunHelpers) {
  const { store, owners, firstRun } = helpers;
  const closed = async (c: Context) => c.html(await setupClosedPage(), 404);
  const noCode = async (c: Context) =>
    c.html(
      await noSetupCodePage(helpers.hostHelp ?? hostHelp.anyHost, firstRun.codeRefused ?? false),
    );

  app.get(words.path, async (c) => {
    if (await ownerExists(store, owners)) return closed(c);
    if (!firstRun.code) return noCode(c);
    return c.html(await setupPage());
  });

  app.post(words.path, async (c) => {
    if (await ownerExists(store, owners)) return closed(c);
    const code = firstRun.code;
    if (!code) return noCode(c);
    const client = subscriberKey(c.get("client")?.address ?? "unknown");
    const decision = await helpers.limiter.take(`setup ${client}`);
    if (!decision.ok) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return c.html(await setupPage({ note: words.tooManyNow }), 429);
    }
    const form = await c.req.parseBody();
    const email = field(form, "email", 254);
    // The address first, and a try of the code counted only with a good one: a typo in it
    // spends none of the client's tries.
    if (!isEmail(email)) return answer(c, { email, errors: { email: words.badEmail } }, 400);
    const ceiling = await countSetupTry(store, client, helpers.now());
    if (ceiling) return answer(c, { email, note: words.tooMany[ceiling] }, 429);
    if (!(await sameCode(field(form, "code", setupCodeMaxLength), code))) {
      helpers.log("setup: a wrong setup code was typed");
      return answer(c, { email, errors: { code: words.wrongCode } }, 400);
    }
    return becomeOwner(c, helpers, email);
  });
}

const answer = async (c: Context, form: SetupForm, status: 400 | 429) =>
  c.html(await setupPage(form), status);

/**
 * The right code: `email` is the owner (unless another first run just finished: then this one
 * is closed too), signed in on this browser, sent a welcome where email can be sent.
 */
async function becomeOwner(c: Context, helpers: FirstRunHelpers, email: string) {
  const { store, now, audit, log } = helpers;
  if (!(await store.addFirstOwner(email, now().toISOString(), "setup code"))) {
    return c.html(await setupClosedPage(), 404);
  }
  await setSignInCookies(c, store, email, await openSession(store, email, now()), now());
  await audit(email, "set up the site", "setup code");
  const site = siteOf(helpers.siteUrl, c.req.url);
  if (helpers.sendTo && site) {
    const welcome = helpers
      .sendTo(email, { subject: words.welcomeSubject, text: words.welcome(`${site}/inbox/`) })
      .catch(() => log("setup: the welcome email could not be sent; the owner is signed in"));
    helpers.background?.(c, welcome);
  }
  return c.redirect("/inbox/", 303);
}
