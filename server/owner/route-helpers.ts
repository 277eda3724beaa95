// What ownerRoutes (routes.ts) hands each group of the owner's routes it mounts (reading-,
// sign-in-, changing- and export-routes.ts), so that each group reads the session and writes
// the owner's log the one way routes.ts set up.
import type { Context, MiddlewareHandler } from "hono";
import type { OwnerEnv } from "./session.ts";
import type { OwnerStore } from "./store.ts";

export interface OwnerRouteHelpers {
  store: OwnerStore;
  /** The signed-in owner on the request (c.get("owner")), or 401 and the sign-in page. */
  signedIn: MiddlewareHandler<OwnerEnv>;
  /** The owner signed in on this request, if any (the session's cookie, still an owner's). */
  currentOwner(c: Context): Promise<string | undefined>;
  /** The owner's log of what was done, in the store and in the server's log. */
  audit(email: string, action: string, detail?: string): Promise<void>;
  now(): Date;
  log(message: string): void;
}
