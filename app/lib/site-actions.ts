// The actions that matter to the rink, as the page's parts say them to its beacon
// (app/browser/beacon.ts, issue 45): the forms' islands tell it when the inbox accepted a
// signup or a message; links are read from the tap itself. A DOM event, so an island carries
// no beacon code and a page without the beacon (a static host) loses nothing.
import type { BeaconAction } from "../../rink/insights.ts";

/** The event's name on `window`. */
export const siteActionEvent = "rink:action";

export interface SiteAction {
  action: BeaconAction;
  label?: string;
}

/** Says an action happened; the beacon, where the page has one, counts it. */
export function reportAction(detail: SiteAction): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent<SiteAction>(siteActionEvent, { detail }));
}
