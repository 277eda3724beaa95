// What the signed-in owner changes in the inbox, each a same-origin form's POST, logged: a
// submission marked handled (or new again), a person's data deleted on request (asked at GET
// /inbox/forget, done by its POST; forget-pages.tsx), the spam emptied. Mounted by ownerRoutes
// (routes.ts).
import type { Context, Hono } from "hono";
import type { Deletions } from "./deletions.ts";
import { deletedPage, forgetPage } from "./forget-pages.tsx";
import { messagePage } from "./pages.tsx";
import type { OwnerRouteHelpers } from "./route-helpers.ts";
import type { OwnerEnv } from "./session.ts";

interface ChangingHelpers extends OwnerRouteHelpers {
  /** Where deletions are remembered for restores; without it they are not recorded. */
  deletions?: Deletions | undefined;
}

export function mountChangingRoutes(app: Hono<OwnerEnv>, helpers: ChangingHelpers) {
  const { store, signedIn, audit, now, log, deletions } = helpers;

  /** A submission asked for by its number that is not in the inbox (any more). */
  const gone = (c: Context<OwnerEnv>) =>
    c.html(
      messagePage("Not found", "That submission is not in the inbox any more.", c.get("owner")),
      404,
    );

  app.post("/inbox/handled/:id", signedIn, async (c) => {
    const form = await c.req.parseBody();
    const id = Number(c.req.param("id"));
    const handled = form.handled === "1";
    if (
      !Number.isInteger(id) ||
      !(await store.setHandled(id, handled ? now().toISOString() : null))
    ) {
      return gone(c);
    }
    const back =
      typeof form.back === "string" && form.back.startsWith("/inbox/") ? form.back : "/inbox/";
    return c.redirect(back, 303);
  });

  // A deletion is asked for from one of the person's submissions, by its number: their email
  // and phone never appear in a URL (a browser's history, a log).

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
    if (deletions) await deletions.record(person, now());
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
}
