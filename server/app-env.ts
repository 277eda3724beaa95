// The Hono environment shared by the site and the inbox: what the Node adapter binds, and
// what middleware hands on to later middleware for one request.
import type { HttpBindings } from "@hono/node-server";
import type { ClientInfo } from "./client-info.ts";

export interface AppEnv {
  // Optional: in-process tests call app.request() without a socket.
  Bindings: Partial<HttpBindings>;
  Variables: {
    client: ClientInfo;
    /** The `_headers` path whose rules the response takes, when not the request's own. */
    rulePath?: string;
    /** The inbox's error code, for the log line. */
    errorCode?: string;
  };
}
