// The signed-in owner's download of the signups, spreadsheet-safe (csv.ts), as `npm run inbox
// -- export newsletter` writes it: GET /inbox/export/newsletter.csv, everyone with both lists'
// words, or ?list=email or ?list=text for only the people on that list; logged. Mounted by
// ownerRoutes (routes.ts).
import type { Hono } from "hono";
import { formOfKind } from "../forms/accepted-forms.ts";
import { findList, onList, submissionsCsv } from "./csv.ts";
import type { OwnerRouteHelpers } from "./route-helpers.ts";
import type { OwnerEnv } from "./session.ts";

export function mountExportRoutes(
  app: Hono<OwnerEnv>,
  { store, signedIn, audit, now }: OwnerRouteHelpers,
) {
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
}
