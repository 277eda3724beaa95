// /inbox/: the owner reads and answers the forms' submissions, exports the signups, deletes a
// person's data on request and empties the spam, signed in by an emailed link (auth.ts). The
// same routes on Node and on the Worker. Every answer: its own strict policy (no script, one
// stylesheet), never cached (but that stylesheet, named by its hash), never indexed. Every
// change is a POST from this site's own pages (another origin gets 403) by a signed-in owner
// (else 401), and is logged with its address.
import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { bodyLimit } from "../body-limit.ts";
import { formOfKind } from "../forms/accepted-forms.ts";
import { originIsHost } from "../forms/form-endpoint.ts";
import type { Mailer } from "../forms/notify.ts";
import type { RateDecision } from "../forms/rate-limit.ts";
import { subscriberKey } from "../forms/subscriber-key.ts";
import { thisWeek } from "../insights/report.ts";
import type { InsightsStore } from "../insights/store.ts";
import { escapingLog } from "../log-text.ts";
import { headline } from "../updates/update.ts";
import {
  askForLink,
  endAllSessions,
  endSession,
  issueLink,
  linkMinutes,
  ownerAddress,
  redeemLink,
  sessionDays,
  sessionOwner,
  signInCeilingWords,
} from "./auth.ts";
import { findList, onList, submissionsCsv } from "./csv.ts";
import type { Deletions } from "./deletions.ts";
import { deletedPage, forgetPage } from "./forget-pages.tsx";
import { homePage } from "./home-page.tsx";
import { inboxPage } from "./inbox-page.tsx";
import { mountInsightsRoutes } from "./insights-routes.ts";
import {
  badLinkPage,
  confirmLinkPage,
  linkSentPage,
  messagePage,
  pleaseSignInPage,
  signInPage,
} from "./pages.tsx";
import { cookieOf, isLocal, type OwnerEnv } from "./session.ts";
import type { InboxView, OwnerStore } from "./store.ts";
import { stylesheet, stylesheetPath } from "./stylesheet.ts";
import { mountUpdateRoutes, type UpdatesDeps } from "./update-routes.ts";

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
  /**
   * Keeps a task running after the answer (the sign-in email), so that the answer takes the
   * same time for every address. Node's process lives on by itself; a Worker's waitUntil.
   */
  background?: (c: Context, task: Promise<unknown>) => void;
  /** Where deletions are remembered for restores; without it they are not recorded. */
  deletions?: Deletions;
  /** "Post an update" at /inbox/updates (update-routes.ts); absent, no such pages. */
  updates?: UpdatesDeps;
  /** Whether the editor's GitHub App is set up: the home says so when it is not. */
  editorConnected?: boolean;
  /**
   * The site's own counts (insights/): "How the site is doing" at /inbox/insights and the
   * home's line for this week. Absent, neither.
   */
  insights?: InsightsStore;
  now?: () => Date;
  log?: (message: string) => void;
}

/** The largest body an inbox form sends is a few hundred bytes; nothing bigger is read. */
export const ownerMaxBodyBytes = 8 * 1024;

const ownerHeaders: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  // The sign-in link's token is in a URL: it must never leave this site in a Referer. Not
  // no-referrer, under which Chromium sends "Origin: null" with the inbox's own forms.
  "Referrer-Policy": "same-origin",
};

/** Whether a browser page of this very site sent the request (Origin, or Fetch metadata). */
function sameOrigin(c: Context): boolean {
  const origin = c.req.header("origin");
  // "null" (a privacy setting, a sandboxed frame) says nothing: Fetch metadata decides.
  if (origin && origin !== "null") return originIsHost(origin, c.req.header("host"));
  return c.req.header("sec-fetch-site") === "same-origin";
}

/**
 * Whether a change comes from a form of a page in the browser's own window, where the browser
 * says so (Fetch metadata, which browsers send together: Sec-Fetch-Site, -Mode, -Dest): a
 * script's fetch (Mode cors or same-origin, Dest empty), even from this site's own origin (the
 * editor at /admin runs others' code), or a form in a frame, is not. A client that sends no
 * Sec-Fetch-Site (an older browser; Node's fetch, which says Mode cors and nothing else) is
 * judged by its Origin alone.
 */
export function formNavigation(c: Context): boolean {
  if (c.req.header("sec-fetch-site") === undefined) return true;
  return (
    c.req.header("sec-fetch-mode") === "navigate" && c.req.header("sec-fetch-dest") === "document"
  );
}

/**
 * Whether a read under /inbox/ (a page, a CSV) is for the browser's own window, where the
 * browser says so (Fetch metadata): a link, the address bar or a redirect (`Sec-Fetch-Mode:
 * navigate`, `Sec-Fetch-Dest: document`), or a download link (`<a download>`, as the CSV links
 * are: Chromium 150 sends Mode navigate with Dest empty). A script's fetch (Mode cors or
 * same-origin), even from this site's own origin, and a frame (Dest iframe) are not. A client
 * that sends no Sec-Fetch-Site (an older browser, curl; Node's fetch) is answered as before.
 */
export function pageNavigation(c: Context): boolean {
  if (c.req.header("sec-fetch-site") === undefined) return true;
  const dest = c.req.header("sec-fetch-dest");
  return c.req.header("sec-fetch-mode") === "navigate" && (dest === "document" || dest === "empty");
}

export function ownerRoutes(deps: OwnerDeps) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? escapingLog((message) => console.log(message));
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
    // The stylesheet, the same for everyone and named by its hash, is kept (stylesheet.ts).
    if (c.req.path === stylesheetPath && c.res.ok) {
      c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
    }
  });

  // A change from another site's page (a forged form), or not from a form in the browser's
  // window (a script's request): refused before anything else, and before its body is read.
  // A read likewise, but for the stylesheet (the same for everyone, loaded as a style): a
  // script of this site's origin (the editor at /admin runs others' code) cannot fetch the
  // inbox's pages or its CSV.
  app.use("/inbox/*", async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") {
      if (c.req.path === stylesheetPath || pageNavigation(c)) return next();
      return c.text(
        "The inbox opens only as a page in the browser's own window, not to a script or inside another page.",
        403,
      );
    }
    if (!sameOrigin(c)) {
      return c.html(
        messagePage("Not allowed", "This request did not come from the inbox's own pages."),
        403,
      );
    }
    if (!formNavigation(c)) {
      const text =
        "Changes to the inbox are made only with its own buttons and forms, on a page of the inbox open in the browser, not by a script or from inside another page. Open the inbox and try again there.";
      return c.html(messagePage("Not allowed", text), 403);
    }
    return next();
  });

  // Every form here is a few fields: a larger body is refused (413) before it is read, by its
  // Content-Length, or as soon as a chunked one passes the limit.
  app.use(
    "/inbox/*",
    bodyLimit({
      maxSize: ownerMaxBodyBytes,
      onError: (c) => {
        const text = "That request is larger than any of the inbox's forms sends.";
        return c.html(messagePage("Too large", text), 413);
      },
    }),
  );

  const currentOwner = (c: Context) =>
    sessionOwner(store, getCookie(c, cookieOf(c).name), now(), deps.owners);

  /** What the home says: the counts, the update the site shows now, what is not connected. */
  async function homeData() {
    const updates = deps.updates;
    const [counts, current, week] = await Promise.all([
      store.counts(),
      updates ? updates.store.current(now().toISOString()) : null,
      deps.insights ? thisWeek(deps.insights, now()) : null,
    ]);
    return {
      counts,
      thisWeek: week,
      updates: Boolean(updates),
      live: current
        ? { update: current, headline: headline(current.kind, current.date, current.hours?.[0]) }
        : null,
      listsNotConnected: updates
        ? (["email", "text"] as const).filter((list) => !updates.services[list])
        : [],
      editorConnected: deps.editorConnected ?? false,
    };
  }

  const signedIn: MiddlewareHandler<OwnerEnv> = async (c, next) => {
    const owner = await currentOwner(c);
    if (!owner) return c.html(pleaseSignInPage(), 401);
    c.set("owner", owner);
    return next();
  };

  app.get(stylesheetPath, (c) =>
    c.body(stylesheet, 200, { "Content-Type": "text/css; charset=utf-8" }),
  );

  app.get("/inbox/", async (c) => {
    const owner = await currentOwner(c);
    if (!owner) return c.html(signInPage());
    // The owner's home (home-page.tsx) at /inbox/ itself; a view or a search is the list.
    if (c.req.query("view") === undefined && c.req.query("q") === undefined) {
      return c.html(homePage({ email: owner, ...(await homeData()) }));
    }
    const requested = c.req.query("view");
    const view: InboxView =
      requested === "signups" || requested === "spam" ? requested : "messages";
    const search = (c.req.query("q") ?? "").slice(0, 100);
    const [counts, rows, optOuts, dropped] = await Promise.all([
      store.counts(),
      store.list(view, search, 200),
      // The signups say per number whether it confirmed by YES (issue 31), or whether its
      // confirmation could not go within a day and was dropped (issue 42).
      view === "signups" ? store.optOuts() : undefined,
      view === "signups" ? store.droppedConfirmations() : undefined,
    ]);
    return c.html(
      inboxPage({
        email: owner,
        view,
        search,
        counts,
        rows,
        updates: Boolean(deps.updates),
        ...(optOuts ? { optOuts } : {}),
        ...(dropped ? { dropped } : {}),
      }),
    );
  });

  // The link is made and emailed after the answer, so the answer takes the same time, and
  // is the same page, for every address: an owner's, a stranger's, with a slow or failing
  // mailer. A failure is logged, never shown.
  async function sendLink(email: string, client: string, requestUrl: string) {
    const url = new URL(requestUrl);
    const site = deps.siteUrl ?? (isLocal(url) ? url.origin : undefined);
    if (!deps.sendTo || !site) {
      log("inbox: a sign-in link was asked for, but email or SITE_URL is not set up");
      return;
    }
    const token = await issueLink(store, email, client, now());
    if (!token) return;
    const link = `${site.replace(/\/$/, "")}/inbox/auth?token=${token}`;
    await deps.sendTo(email, {
      subject: "Your sign-in link for the rink's inbox",
      text: `Open this link to sign in to the inbox. It works once, within ${linkMinutes} minutes:\n\n${link}\n\nIf you did not ask for it, ignore this email: nobody can sign in without it.\n`,
    });
    await audit(email, "link sent");
  }

  app.post("/inbox/sign-in", async (c) => {
    const client = subscriberKey(c.get("client")?.address ?? "unknown");
    const decision = await deps.limiter.take(`sign-in ${client}`);
    if (!decision.ok) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return c.html(signInPage("Too many tries. Please wait a minute and try again."), 429);
    }
    const form = await c.req.parseBody();
    const typed = typeof form.email === "string" ? form.email.slice(0, 254) : "";
    // The ceilings, counted for whatever address was typed (the same answer for all), per
    // client but for the hour's across clients: a stranger's asks keep no one else's link back.
    const ceiling = typed.trim() ? await askForLink(store, typed, client, now()) : null;
    if (ceiling) return c.html(signInPage(signInCeilingWords[ceiling]), 429);
    const email = ownerAddress(deps.owners, typed);
    if (email) {
      const sending = sendLink(email, client, c.req.url).catch((error) => {
        log(
          `inbox: a sign-in link could not be sent: ${error instanceof Error ? error.message : error}`,
        );
      });
      deps.background?.(c, sending);
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
    const { name, path, secure } = cookieOf(c);
    setCookie(c, name, used.session, {
      path,
      httpOnly: true,
      secure,
      sameSite: "Strict",
      maxAge: sessionDays * 86_400,
    });
    await audit(used.email, "signed in");
    return c.redirect("/inbox/", 303);
  });

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
    await audit(c.get("owner"), "signed out everywhere");
    const text = "You are signed out of the inbox on every phone and computer.";
    return c.html(messagePage("Signed out everywhere", text));
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
    // Who left a list since (an unsubscribe, a bounce, a STOP) is shown so, and not on it.
    const optOuts = await store.optOuts();
    const rows = onList(await store.byForm(form.kind), list, optOuts);
    await audit(c.get("owner"), "exported signups", `${list?.name ?? "all"}, ${rows.length} rows`);
    const day = now().toISOString().slice(0, 10);
    const what = list ? list.name.toLowerCase().replaceAll(" ", "-") : "newsletter-signups";
    return c.body(submissionsCsv(form, rows, undefined, optOuts), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${what}-${day}.csv"`,
    });
  });

  // A deletion is asked for from one of the person's submissions, by its number: their email
  // and phone never appear in a URL (a browser's history, a log).
  const gone = (c: Context<OwnerEnv>) =>
    c.html(
      messagePage("Not found", "That submission is not in the inbox any more.", c.get("owner")),
      404,
    );

  /** The person of submission `id` (a form's or a query's text), while it is in the inbox. */
  const personFrom = async (idText: unknown) => {
    const id = Number(idText);
    const person = Number.isSafeInteger(id) ? await store.personOf(id) : undefined;
    return person && { id, person };
  };

  app.get("/inbox/forget", signedIn, async (c) => {
    const found = await personFrom(c.req.query("id"));
    if (!found) return gone(c);
    const { id, person } = found;
    return c.html(forgetPage(id, person, await store.findPerson(person), c.get("owner")));
  });

  app.post("/inbox/forget", signedIn, async (c) => {
    const found = await personFrom((await c.req.parseBody()).id);
    if (!found) return gone(c);
    const { person } = found;
    const deleted = await store.forgetPerson(person);
    if (deps.deletions) await deps.deletions.record(person, now());
    else log("inbox: DELETION_KEY is not set, so this deletion is not remembered for a restore");
    const total = deleted.messages + deleted.signups + deleted.spam;
    // The log names the request, not the person: their data is what was asked to go.
    await audit(c.get("owner"), "deleted a person's data", `${total} submissions`);
    return c.html(deletedPage(deleted, c.get("owner")));
  });

  app.post("/inbox/spam/empty", signedIn, async (c) => {
    const deleted = await store.emptySpam();
    await audit(c.get("owner"), "emptied spam", `${deleted} submissions`);
    return c.redirect("/inbox/?view=spam", 303);
  });

  if (deps.insights) mountInsightsRoutes(app, { store: deps.insights, signedIn, audit, now });

  if (deps.updates) {
    mountUpdateRoutes(app, {
      updates: deps.updates,
      signedIn,
      audit,
      now,
      ...(deps.background ? { background: deps.background } : {}),
    });
  }

  return app;
}
