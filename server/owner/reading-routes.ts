// What the owner reads at /inbox/ itself: signed out, the sign-in page (or why no link can be
// emailed); signed in, the owner's home (home-page.tsx), or with a view or a search
// (?view=messages|signups|spam, ?q=) the submissions of that kind (inbox-page.tsx). Mounted by
// ownerRoutes (routes.ts).
import type { Hono } from "hono";
import { thisWeek } from "../insights/report.ts";
import type { InsightsStore } from "../insights/store.ts";
import { headline } from "../updates/update.ts";
import { homePage } from "./home-page.tsx";
import { inboxPage } from "./inbox-page.tsx";
import type { OwnerRouteHelpers } from "./route-helpers.ts";
import type { OwnerEnv } from "./session.ts";
import type { InboxView } from "./store.ts";
import type { UpdatesDeps } from "./update-routes.ts";

interface ReadingHelpers extends OwnerRouteHelpers {
  /** "Post an update" (update-routes.ts): the home's door to it, what the site shows now. */
  updates?: UpdatesDeps | undefined;
  /** The site's own counts: the home's line for this week. */
  insights?: InsightsStore | undefined;
  editorConnected: boolean;
  /** The sign-in page, or where no link can be emailed, why (sign-in-routes.ts). */
  signInAnswer(requestUrl: string): Promise<string>;
}

export function mountReadingRoutes(app: Hono<OwnerEnv>, helpers: ReadingHelpers) {
  const { store, currentOwner, now, updates, insights, editorConnected } = helpers;

  /** What the home says: the counts, the update the site shows now, what is not connected. */
  async function homeData() {
    const [counts, current, week] = await Promise.all([
      store.counts(),
      updates ? updates.store.current(now().toISOString()) : null,
      insights ? thisWeek(insights, now()) : null,
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
      editorConnected,
    };
  }

  app.get("/inbox/", async (c) => {
    const owner = await currentOwner(c);
    if (!owner) return c.html(await helpers.signInAnswer(c.req.url));
    // The owner's home at /inbox/ itself; a view or a search is the list.
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
      // The signups say per number whether it confirmed by YES, or why its confirmation
      // text was not sent.
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
        updates: Boolean(updates),
        ...(optOuts ? { optOuts } : {}),
        ...(dropped ? { dropped } : {}),
        now: now(),
      }),
    );
  });
}
