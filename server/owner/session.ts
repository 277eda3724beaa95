// The owner's session as every owner's room reads it: the signed-in owner on the request
// (OwnerEnv) and the cookie that carries the session (auth.ts makes and checks it), and the
// cookie that makes a browser a known device. Its own
// file, so the rooms routes.ts mounts (updates, insights) and the editor's proxy read it
// without importing routes.ts back.
import type { Context } from "hono";
import type { ServerEnv } from "../env.ts";

export type OwnerEnv = ServerEnv & { Variables: ServerEnv["Variables"] & { owner: string } };

// Over HTTPS the cookie is __Host- prefixed (Secure, Path=/, no Domain: no other subdomain or
// plain-HTTP page can set or shadow it); on localhost, where there is no HTTPS, plain.
const secureCookie = { name: "__Host-rink_owner", path: "/", secure: true } as const;
// Path "/" on localhost too: the editor's sign-in and proxy under /admin/ read the same session.
const localCookie = { name: "rink_owner", path: "/", secure: false } as const;

export const isLocal = (url: URL) => url.hostname === "localhost" || url.hostname === "127.0.0.1";

/** The session cookie's name and attributes for this request (the editor, editor/, reads it too). */
export const cookieOf = (c: Context) => (isLocal(new URL(c.req.url)) ? localCookie : secureCookie);

// A known device's cookie (auth.ts, a browser that has signed in): the same prefix and path.
const secureDeviceCookie = { name: "__Host-rink_device", path: "/", secure: true } as const;
const localDeviceCookie = { name: "rink_device", path: "/", secure: false } as const;

/** The known-device cookie's name and attributes for this request. */
export const deviceCookieOf = (c: Context) =>
  isLocal(new URL(c.req.url)) ? localDeviceCookie : secureDeviceCookie;
