// What the list services' stand-ins share (kit-stand-in.ts, twilio-stand-in.ts): a real HTTP
// server on 127.0.0.1 and a free port, every request it was sent, and failures on demand (the
// next n requests answered with a status of our choosing, as in an outage), then recovery.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { freePort } from "./server.ts";

export interface StandInRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface Answer {
  status: number;
  body: unknown;
  /** A body sent as it is, with this type (a plain-text error), instead of as JSON. */
  contentType?: string;
}

export interface StandIn {
  url: string;
  /** Every request so far, oldest first (failed ones too). */
  requests: StandInRequest[];
  /** The next `count` requests get `status` with `body` (503 by default: an outage). */
  failNext(count: number, status?: number, body?: unknown, contentType?: string): void;
  close(): Promise<void>;
}

export async function startStandIn(
  handle: (request: StandInRequest) => Answer,
  outage: (status: number) => unknown,
): Promise<StandIn> {
  const requests: StandInRequest[] = [];
  const failures: Answer[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request: StandInRequest = {
        method: req.method ?? "GET",
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(request);
      let answer: Answer;
      try {
        answer = failures.shift() ?? handle(request);
      } catch (error) {
        answer = { status: 500, body: { error: String(error) } };
      }
      if (answer.contentType) {
        res.writeHead(answer.status, { "Content-Type": answer.contentType });
        res.end(String(answer.body));
        return;
      }
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(count, status = 503, body = outage(status), contentType) {
      for (let i = 0; i < count; i++) {
        failures.push({ status, body, ...(contentType ? { contentType } : {}) });
      }
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
