// The Hono environments. ServerEnv is what the server's shared code needs on either platform:
// what middleware hands on to later middleware for one request. AppEnv adds what the Node
// adapter binds; the Worker's own (edge/worker.ts) adds its bindings.
import type { HttpBindings } from "@hono/node-server";

/** Who sent a request, as each host finds out (node/client-info.ts, the Worker's header). */
export interface ClientInfo {
  /** An IP address, or "unknown" when the transport gives none (in-process tests). */
  address: string;
  https: boolean;
}

export interface ServerVariables {
  client: ClientInfo;
  /** The `_headers` path whose rules the response takes, when not the request's own. */
  rulePath?: string;
  /** The inbox's error code, for the log line. */
  errorCode?: string;
}

export interface ServerEnv {
  Variables: ServerVariables;
}

export interface AppEnv extends ServerEnv {
  // Optional: in-process tests call app.request() without a socket.
  Bindings: Partial<HttpBindings>;
}
