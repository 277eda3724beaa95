// Signing in and out of the owner's area (the rules are auth.ts's): a link asked for at
// /inbox/sign-in and emailed to an owner address, shown at GET /inbox/auth and used by its
// button (POST /inbox/auth: the session's cookie, and the known device's), signing out this
// device or every device of the address. Where the site cannot email a link at all, the
// sign-in says so and what to do, the same for every address. Mounted by ownerRoutes
// (routes.ts); the first run's sign-in at /setup (first-run-routes.ts) sets the same cookies.
import type { Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { honeypotField } from "../../rink/forms/form-ids.ts";
import type { Mailer } from "../forms/notify.ts";
import type { RateDecision } from "../forms/rate-limit.ts";
import { subscriberKey } from "../forms/subscriber-key.ts";
import {
  askForLink,
  deviceDays,
  endAllSessions,
  endSession,
  issueLink,
  knownDevice,
  linkMinutes,
  ownerExists,
  ownerNamed,
  redeemLink,
  rememberDevice,
  sessionDays,
  signInCeilingWords,
} from "./auth.ts";
import {
  badLinkPage,
  cannotSendPage,
  confirmLinkPage,
  linkSentPage,
  messagePage,
  signInPage,
} from "./pages.tsx";
import type { OwnerRouteHelpers } from "./route-helpers.ts";
import { cookieOf, deviceCookieOf, isLocal, type OwnerEnv } from "./session.ts";
import type { OwnerStore } from "./store.ts";
import { type HostHelp, hostHelp } from "./words.ts";

/** What signing in needs from the host (part of routes.ts's OwnerDeps). */
export interface SignInDeps {
  /**
   * The addresses the settings let sign in (OWNER_EMAILS, else NOTIFY_TO); the owner the first
   * run added (the owners' table) may too.
   */
  owners: readonly string[];
  /** Sends one email to one address; no sign-in without it. */
  sendTo?: Mailer["sendTo"];
  /** The site's public address, for the emailed link; a request's own only on localhost. */
  siteUrl?: string;
  /** Sign-in requests a minute per client. */
  limiter: { take(key: string): RateDecision | Promise<RateDecision> };
  /**
   * Keeps a task running after the answer (the sign-in email), so that the answer takes the
   * same time for every address. Node's process lives on by itself; a Worker's waitUntil.
   */
  background?: (c: Context, task: Promise<unknown>) => void;
  /** How a setting is set and what sends email on this host, for the owner's words. */
  hostHelp?: HostHelp;
}

type SignInHelpers = OwnerRouteHelpers & SignInDeps;

/**
 * The address a link to this site starts with: SITE_URL, or on localhost the request's own
 * origin (never another request's Host, which anyone sets); undefined when there is none.
 */
export function siteOf(siteUrl: string | undefined, requestUrl: string): string | undefined {
  const url = new URL(requestUrl);
  return (siteUrl ?? (isLocal(url) ? url.origin : undefined))?.replace(/\/$/, "");
}

/**
 * The sign-in page: the form, or where the site cannot email a link at all (no mailer, or no
 * address to link to), the page saying so and what to do, the same for every address.
 */
export async function signInAnswer(
  helpers: SignInHelpers,
  requestUrl: string,
  note?: string,
): Promise<string> {
  const site = siteOf(helpers.siteUrl, requestUrl);
  if (helpers.sendTo && site) return signInPage(note);
  return cannotSendPage(
    helpers.sendTo ? "siteUrl" : "email",
    helpers.hostHelp ?? hostHelp.anyHost,
    await ownerExists(helpers.store, helpers.owners),
  );
}

/** Cookie attributes both cookies share: this site only, no script, no other site's request. */
const cookieAttributes = (c: Context) => {
  const { path, secure } = cookieOf(c);
  return { path, httpOnly: true, secure, sameSite: "Strict" } as const;
};

/**
 * Signs this browser in as `email` with the session `session` (auth.ts's openSession): its
 * cookie, and the known device's when the browser is not one for this address yet.
 */
export async function setSignInCookies(
  c: Context,
  store: OwnerStore,
  email: string,
  session: string,
  now: Date,
) {
  const cookie = cookieAttributes(c);
  setCookie(c, cookieOf(c).name, session, { ...cookie, maxAge: sessionDays * 86_400 });
  const device = deviceCookieOf(c);
  const fresh = await rememberDevice(store, email, getCookie(c, device.name), now);
  if (fresh) setCookie(c, device.name, fresh, { ...cookie, maxAge: deviceDays * 86_400 });
}

export function mountSignInRoutes(app: Hono<OwnerEnv>, helpers: SignInHelpers) {
  mountAsk(app, helpers);
  mountLinkUse(app, helpers);
  mountSignOut(app, helpers);
}

/**
 * Makes the link and emails it, after the answer, so the answer takes the same time, and is
 * the same page, for every address: an owner's, a stranger's, with a slow or failing mailer.
 * A failure is logged, never shown. `device`: the known device's token that asked, if any.
 */
async function sendLink(
  helpers: SignInHelpers,
  email: string,
  client: string,
  requestUrl: string,
  device: string | undefined,
) {
  const { store, now, audit, sendTo } = helpers;
  // The ask was answered with the page saying so when either is missing (signInAnswer).
  const site = siteOf(helpers.siteUrl, requestUrl);
  if (!sendTo || !site) return;
  const token = await issueLink(store, email, client, now(), device);
  if (!token) return;
  const link = `${site}/inbox/auth?token=${token}`;
  await sendTo(email, {
    subject: "Your sign-in link for the rink's inbox",
    text: `Open this link to sign in to the inbox. It works once, within ${linkMinutes} minutes:\n\n${link}\n\nIf you did not ask for it, ignore this email: nobody can sign in without it.\n`,
  });
  await audit(email, "link sent");
}

/** POST /inbox/sign-in: a link asked for, the same answer for every address. */
function mountAsk(app: Hono<OwnerEnv>, helpers: SignInHelpers) {
  const { store, now, log } = helpers;
  app.post("/inbox/sign-in", async (c) => {
    const client = subscriberKey(c.get("client")?.address ?? "unknown");
    const decision = await helpers.limiter.take(`sign-in ${client}`);
    if (!decision.ok) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return c.html(signInPage("Too many tries. Please wait a minute and try again."), 429);
    }
    // No email, or no address for the link: the page says so, whatever address was typed.
    if (!helpers.sendTo || !siteOf(helpers.siteUrl, c.req.url)) {
      return c.html(await signInAnswer(helpers, c.req.url));
    }
    const form = await c.req.parseBody();
    // The spam trap filled (ui/honeypot.tsx): a bot, answered as a person is, asks for nothing
    // and spends none of an address's asks (the owner's own stay theirs).
    if (typeof form[honeypotField] === "string" && form[honeypotField] !== "") {
      return c.html(linkSentPage());
    }
    const typed = typeof form.email === "string" ? form.email.slice(0, 254) : "";
    const email = await ownerNamed(store, helpers.owners, typed);
    // A browser that signed in as this owner before asks past every ceiling strangers' asks
    // share (its own bounds are issueLink's); its cookie is looked up whatever was typed.
    const cookie = getCookie(c, deviceCookieOf(c).name);
    const deviceOf = await knownDevice(store, cookie, now());
    const device =
      email !== undefined && deviceOf?.toLowerCase() === email.toLowerCase() ? cookie : undefined;
    // The ceilings, counted for whatever address was typed (the same answer for all), per
    // client but for the hour's across clients: a stranger's asks keep no one else's link back.
    const ceiling = typed.trim() && !device ? await askForLink(store, typed, client, now()) : null;
    if (ceiling) return c.html(signInPage(signInCeilingWords[ceiling]), 429);
    if (email) {
      const sending = sendLink(helpers, email, client, c.req.url, device).catch((error) => {
        log(
          `inbox: a sign-in link could not be sent: ${error instanceof Error ? error.message : error}`,
        );
      });
      helpers.background?.(c, sending);
    }
    return c.html(linkSentPage());
  });
}

/** GET /inbox/auth shows the link's button; POST uses it: the session, a known device. */
function mountLinkUse(app: Hono<OwnerEnv>, { store, audit, now }: SignInHelpers) {
  app.get("/inbox/auth", (c) => {
    const token = c.req.query("token") ?? "";
    return token ? c.html(confirmLinkPage(token.slice(0, 100))) : c.html(badLinkPage(), 400);
  });

  app.post("/inbox/auth", async (c) => {
    const form = await c.req.parseBody();
    const token = typeof form.token === "string" ? form.token : "";
    const used = await redeemLink(store, token, now());
    if (!used) return c.html(badLinkPage(), 400);
    await setSignInCookies(c, store, used.email, used.session, now());
    await audit(used.email, "signed in");
    return c.redirect("/inbox/", 303);
  });
}

/** Signing out this device (it stays a known device), or every one (none stays known). */
function mountSignOut(app: Hono<OwnerEnv>, helpers: SignInHelpers) {
  const { store, signedIn, currentOwner, audit, now } = helpers;
  app.post("/inbox/sign-out", async (c) => {
    const { name, path, secure } = cookieOf(c);
    const token = getCookie(c, name);
    const owner = await currentOwner(c);
    if (token) await endSession(store, token, now());
    deleteCookie(c, name, { path, secure });
    if (owner) await audit(owner, "signed out");
    return c.html(messagePage("Signed out", "You are signed out of the inbox on this device."));
  });

  // For a lost phone: every session of this address ends, this one included.
  app.post("/inbox/sign-out-everywhere", signedIn, async (c) => {
    const { name, path, secure } = cookieOf(c);
    await endAllSessions(store, c.get("owner"), now());
    deleteCookie(c, name, { path, secure });
    const device = deviceCookieOf(c);
    deleteCookie(c, device.name, { path: device.path, secure: device.secure });
    await audit(c.get("owner"), "signed out everywhere");
    const text = "You are signed out of the inbox on every phone and computer.";
    return c.html(messagePage("Signed out everywhere", text));
  });
}
