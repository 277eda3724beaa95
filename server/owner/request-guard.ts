// Which requests the owner's area answers at all, checked before anything else and before a
// body is read: a change only from a form of this site's own pages in the browser's own window,
// a read (a page, a CSV) only as a page of that window, the stylesheet excepted. A forged form
// of another site, a script's fetch (even from this site's origin: the editor at /admin runs
// others' code) or a frame gets a 403 in plain words.
import type { Context, MiddlewareHandler } from "hono";
import { originIsHost } from "../forms/form-endpoint.ts";
import { messagePage } from "./pages.tsx";
import { stylesheetPath } from "./stylesheet.ts";

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

/**
 * A change from another site's page (a forged form), or not from a form in the browser's
 * window (a script's request), refused; a read likewise, but for the stylesheet (the same for
 * everyone, loaded as a style): a script of this site's origin cannot fetch the inbox's pages
 * or its CSV.
 */
export const requestGuard: MiddlewareHandler = async (c, next) => {
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
};
