// /inbox/: the owner reads and answers the forms' submissions, exports the signups, deletes a
// person's data on request and empties the spam, signed in by an emailed link (auth.ts). The
// same routes on Node and on the Worker. Every answer: its own strict policy (no script, one
// stylesheet), never cached, never indexed. Every change is a POST from this site's own pages
// (another origin gets 403) by a signed-in owner (else 401), and is logged with its address.
import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { InboxEnv } from "../app-env.ts";
import { findList, onList, submissionsCsv } from "../csv.ts";
import { originIsHost } from "../form-endpoint.ts";
import { formOfKind } from "../inbox-forms.ts";
import type { Mailer } from "../notify.ts";
import type { RateDecision } from "../rate-limit.ts";
import { subscriberKey } from "../subscriber-key.ts";
import {
  endSession,
  issueLink,
  linkMinutes,
  ownerAddress,
  redeemLink,
  sessionDays,
  sessionOwner,
} from "./auth.ts";
import {
  badLinkPage,
  confirmLinkPage,
  forgetPage,
  inboxPage,
  linkSentPage,
  messagePage,
  pleaseSignInPage,
  signInPage,
  stylesheet,
} from "./pages.ts";
import type { InboxView, OwnerStore, Person } from "./store.ts";

export interface OwnerDeps {
  store: OwnerStore;
  /** The addresses that may sign in (OWNER_EMAILS, else NOTIFY_TO). */
  owners: readonly string[];
  /** Sends one email to one address; no sign-in without it. */
  sendTo?: Mailer["sendTo"];
  /** The site's public address, for the emailed link; a request's own only on localhost. */
  siteUrl?: string;
  /** Sign-in requests a minute per client. */
  limiter: { take(key: string): RateDecision | Promise<RateDecision> };
  now?: () => Date;
  log?: (message: string) => void;
}

type OwnerEnv = InboxEnv & { Variables: InboxEnv["Variables"] & { owner: string } };

const cookieName = "rink_owner";
/** Links an address may be sent in 15 minutes: a typo'd form resent, not a mailbomb. */
const linksPerWindow = 3;

const ownerHeaders: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  // The sign-in link's token is in a URL: it must never leave this site in a Referer. Not
  // no-referrer, under which Chromium sends "Origin: null" with the inbox's own forms.
  "Referrer-Policy": "same-origin",
};

const isLocal = (url: URL) => url.hostname === "localhost" || url.hostname === "127.0.0.1";

/** Whether a browser page of this very site sent the request (Origin, or Fetch metadata). */
function sameOrigin(c: Context): boolean {
  const origin = c.req.header("origin");
  // "null" (a privacy setting, a sandboxed frame) says nothing: Fetch metadata decides.
  if (origin && origin !== "null") return originIsHost(origin, c.req.header("host"));
  return c.req.header("sec-fetch-site") === "same-origin";
}

export function ownerRoutes(deps: OwnerDeps) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? ((message: string) => console.log(message));
  const app = new Hono<OwnerEnv>();

  const audit = async (email: string, action: string, detail = "") => {
    const at = now().toISOString();
    await store.log(at, email, action, detail);
    log(`inbox: ${at} ${email} ${action}${detail ? ` ${detail}` : ""}`);
  };

  // The paths are whole (/inbox/…): this app is mounted at the root beside the site, so that
  // /inbox/ itself, with its slash, is the inbox.
  app.get("/inbox", (c) => c.redirect("/inbox/", 301));

  app.use("/inbox/*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(ownerHeaders)) c.res.headers.set(name, value);
  });

  // A change from another site's page (a forged form): refused before anything else.
  app.use("/inbox/*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && !sameOrigin(c)) {
      return c.html(
        messagePage("Not allowed", "This request did not come from the inbox's own pages."),
        403,
      );
    }
    return next();
  });

  const signedIn: MiddlewareHandler<OwnerEnv> = async (c, next) => {
    const owner = await sessionOwner(store, getCookie(c, cookieName), now());
    if (!owner) return c.html(pleaseSignInPage(), 401);
    c.set("owner", owner);
    return next();
  };

  app.get("/inbox/inbox.css", (c) =>
    c.body(stylesheet, 200, { "Content-Type": "text/css; charset=utf-8" }),
  );

  app.get("/inbox/", async (c) => {
    const owner = await sessionOwner(store, getCookie(c, cookieName), now());
    if (!owner) return c.html(signInPage());
    const requested = c.req.query("view");
    const view: InboxView =
      requested === "signups" || requested === "spam" ? requested : "messages";
    const search = (c.req.query("q") ?? "").slice(0, 100);
    const [counts, rows] = await Promise.all([store.counts(), store.list(view, search, 200)]);
    return c.html(inboxPage({ email: owner, view, search, counts, rows }));
  });

  app.post("/inbox/sign-in", async (c) => {
    const client = subscriberKey(c.get("client")?.address ?? "unknown");
    const decision = await deps.limiter.take(`sign-in ${client}`);
    if (!decision.ok) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return c.html(signInPage("Too many tries. Please wait a minute and try again."), 429);
    }
    const form = await c.req.parseBody();
    const typed = typeof form.email === "string" ? form.email.slice(0, 254) : "";
    const email = ownerAddress(deps.owners, typed);
    // The same answer either way: the page never tells who is an owner.
    if (email) {
      const since = new Date(now().getTime() - linkMinutes * 60_000).toISOString();
      const url = new URL(c.req.url);
      const site = deps.siteUrl ?? (isLocal(url) ? url.origin : undefined);
      if (!deps.sendTo || !site) {
        log("inbox: a sign-in link was asked for, but email or SITE_URL is not set up");
      } else if ((await store.linksSince(email, since)) < linksPerWindow) {
        const token = await issueLink(store, email, now());
        const link = `${site.replace(/\/$/, "")}/inbox/auth?token=${token}`;
        await deps.sendTo(email, {
          subject: "Your sign-in link for the rink's inbox",
          text: `Open this link to sign in to the inbox. It works once, within ${linkMinutes} minutes:\n\n${link}\n\nIf you did not ask for it, ignore this email: nobody can sign in without it.\n`,
        });
        await audit(email, "link sent");
      }
    }
    return c.html(linkSentPage());
  });

  app.get("/inbox/auth", (c) => {
    const token = c.req.query("token") ?? "";
    return token ? c.html(confirmLinkPage(token.slice(0, 100))) : c.html(badLinkPage(), 400);
  });

  app.post("/inbox/auth", async (c) => {
    const form = await c.req.parseBody();
    const token = typeof form.token === "string" ? form.token : "";
    const used = await redeemLink(store, token, now());
    if (!used) return c.html(badLinkPage(), 400);
    const secure = !isLocal(new URL(c.req.url));
    setCookie(c, cookieName, used.session, {
      path: "/inbox",
      httpOnly: true,
      secure,
      sameSite: "Strict",
      maxAge: sessionDays * 86_400,
    });
    await audit(used.email, "signed in");
    return c.redirect("/inbox/", 303);
  });

  app.post("/inbox/sign-out", async (c) => {
    const token = getCookie(c, cookieName);
    const owner = await sessionOwner(store, token, now());
    if (token) await endSession(store, token, now());
    deleteCookie(c, cookieName, { path: "/inbox" });
    if (owner) await audit(owner, "signed out");
    return c.html(messagePage("Signed out", "You are signed out of the inbox on this device."));
  });

  app.post("/inbox/handled/:id", signedIn, async (c) => {
    const form = await c.req.parseBody();
    const id = Number(c.req.param("id"));
    const handled = form.handled === "1";
    if (
      !Number.isInteger(id) ||
      !(await store.setHandled(id, handled ? now().toISOString() : null))
    ) {
      const text = "That submission is not in the inbox any more.";
      return c.html(messagePage("Not found", text, c.get("owner")), 404);
    }
    const back =
      typeof form.back === "string" && form.back.startsWith("/inbox/") ? form.back : "/inbox/";
    return c.redirect(back, 303);
  });

  app.get("/inbox/export/newsletter.csv", signedIn, async (c) => {
    const form = formOfKind("newsletter");
    if (!form) return c.notFound();
    // ?list=email or ?list=text: only the people on that list; else everyone, with both.
    const list = findList(form, c.req.query("list") ?? "");
    const rows = onList(await store.byForm(form.kind), list);
    await audit(c.get("owner"), "exported signups", `${list?.name ?? "all"}, ${rows.length} rows`);
    const day = now().toISOString().slice(0, 10);
    const what = list ? list.name.toLowerCase().replaceAll(" ", "-") : "newsletter-signups";
    return c.body(submissionsCsv(form, rows), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${what}-${day}.csv"`,
    });
  });

  const personOf = (email: unknown, phone: unknown): Person => ({
    email: typeof email === "string" ? email.slice(0, 254) : "",
    phone: typeof phone === "string" ? phone.slice(0, 40) : "",
  });

  app.get("/inbox/forget", signedIn, async (c) => {
    const person = personOf(c.req.query("email"), c.req.query("phone"));
    if (!person.email && !person.phone) return c.redirect("/inbox/", 303);
    return c.html(forgetPage(person, await store.findPerson(person), c.get("owner")));
  });

  app.post("/inbox/forget", signedIn, async (c) => {
    const form = await c.req.parseBody();
    const person = personOf(form.email, form.phone);
    if (!person.email && !person.phone) return c.redirect("/inbox/", 303);
    const deleted = await store.forgetPerson(person);
    // The log names the request, not the person: their data is what was asked to go.
    await audit(c.get("owner"), "deleted a person's data", `${deleted} submissions`);
    const what = `${deleted} ${deleted === 1 ? "submission" : "submissions"}`;
    return c.html(
      messagePage(
        "Deleted",
        `Deleted ${what}. Nothing with that email or phone is left in the inbox.`,
        c.get("owner"),
      ),
    );
  });

  app.post("/inbox/spam/empty", signedIn, async (c) => {
    const deleted = await store.emptySpam();
    await audit(c.get("owner"), "emptied spam", `${deleted} submissions`);
    return c.redirect("/inbox/?view=spam", 303);
  });

  return app;
}
