// Hono's bodyLimit, except that a body declared too large by its Content-Length is refused
// without touching `c.req.raw.body`. Any refusal before the body is read keeps its connection
// (no `Connection: close`): the host discards the rest after the answer (Node's server for up
// to 500 ms or 64 MB, then it closes). Closing with bytes unread makes the kernel reset the
// connection, and the client can lose the answer: EPIPE instead of the 413 on a busy machine
// (server/node/index.test.ts). Hono's own check reads that getter first, which on Node wraps
// the request in a web stream that stops the discarding once 64 KB wait unread. A chunked body
// has no length to judge, so it is counted as Hono counts it.
import type { MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";

type Options = Required<Parameters<typeof honoBodyLimit>[0]>;

export function bodyLimit(options: Options): MiddlewareHandler {
  const counted = honoBodyLimit(options);
  return async (c, next) => {
    const length = c.req.header("content-length");
    if (length !== undefined && !c.req.header("transfer-encoding")) {
      return Number.parseInt(length, 10) > options.maxSize ? options.onError(c) : next();
    }
    return counted(c, next);
  };
}
