// "How the site is doing" in the owner's area (page.ts), the same on Node and on the Worker:
//   GET  /inbox/insights           the page, from the store's reads (report.ts)
//   POST /inbox/insights/summary   the Monday email on or off for this owner (on=1 or 0), then
//                                  303 to the page
// Mounted inside ownerRoutes, so behind its session, same-origin and Fetch-metadata checks,
// body limit and headers.
import type { Hono } from "hono";
import { insightsReport } from "../insights/report.ts";
import type { InsightsStore } from "../insights/store.ts";
import { insightsPath } from "../insights/words.ts";
import { insightsPage } from "./insights-page.tsx";
import type { OwnerRouteHelpers } from "./route-helpers.ts";
import type { OwnerEnv } from "./session.ts";

/** routes.ts's helpers for every group of the owner's routes, with the counts' store. */
interface RouteHelpers extends Pick<OwnerRouteHelpers, "signedIn" | "audit" | "now"> {
  store: InsightsStore;
}

export function mountInsightsRoutes(
  app: Hono<OwnerEnv>,
  { store, signedIn, audit, now }: RouteHelpers,
) {
  app.get(insightsPath, signedIn, async (c) => {
    const owner = c.get("owner");
    const [report, off] = await Promise.all([insightsReport(store, now()), store.summaryOff()]);
    return c.html(insightsPage({ email: owner, report, summaryOn: !off.includes(owner) }));
  });

  app.post(`${insightsPath}/summary`, signedIn, async (c) => {
    const owner = c.get("owner");
    const on = (await c.req.parseBody()).on === "1";
    await store.setSummary(owner, on, now().toISOString());
    await audit(owner, on ? "turned the Monday email on" : "turned the Monday email off");
    return c.redirect(insightsPath, 303);
  });
}
