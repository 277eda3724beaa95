// The actions that matter to the rink, as the forms' islands tell the page's beacon
// (app/browser/beacon.ts, issue 45) that the inbox took a signup or a message; links are read
// from the tap itself. The beacon puts `rinkAction` on the window; an island calls it where it
// is there (as the spec's own analytics call goes "if an analytics function exists"), so an
// island carries no beacon code, shares no module with the page's script (no chunk, no request
// more), and a page without the beacon (a static host) loses nothing.
import type { BeaconAction } from "../../rink/insights.ts";

export interface SiteAction {
  action: BeaconAction;
  label?: string;
}

declare global {
  interface Window {
    /** The page's beacon, where the site counts its visits (app/browser/beacon.ts). */
    rinkAction?: (detail: SiteAction) => void;
  }
}
