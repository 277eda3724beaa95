// The one SMTP capture for the tests: a real SMTP server on 127.0.0.1 (port chosen by the OS)
// that keeps every message it receives, in memory and, for the end-to-end specs whose workers
// are other processes, as a JSON file per message in `saveTo`.
import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { type ParsedMail, parseMail } from "./mail-parse.ts";

export interface ReceivedMail {
  /** The SMTP envelope's MAIL FROM. */
  from: string;
  /** The SMTP envelope's RCPT TO addresses. */
  to: string[];
  raw: string;
}

/** A mail as saved in `saveTo`: parsed, with its envelope and the raw message. */
export interface SavedMail extends ParsedMail {
  receivedAt: string;
  envelope: { from: string; to: string[] };
  raw: string;
}

export interface SmtpCapture {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived (or fails after 5 s). */
  waitFor(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtp(
  options: { port?: number; saveTo?: string } = {},
): Promise<SmtpCapture> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: STARTTLS would offer a self-signed certificate the client
    // refuses. A login is accepted if the client sends one.
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: "test" });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom;
        const mail: ReceivedMail = {
          from: from ? from.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        received.push(mail);
        if (!options.saveTo) return callback();
        const saved: SavedMail = {
          receivedAt: new Date().toISOString(),
          envelope: { from: mail.from, to: mail.to },
          ...parseMail(mail.raw),
          raw: mail.raw,
        };
        const name = `${Date.now()}-${String(received.length).padStart(4, "0")}`;
        // Write then rename, so a spec polling the folder never reads half a file.
        const partial = join(options.saveTo, `${name}.json.part`);
        writeFile(partial, JSON.stringify(saved, null, 2))
          .then(() => rename(partial, join(options.saveTo as string, `${name}.json`)))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(options.port ?? 0, "127.0.0.1", () => done());
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : (options.port ?? 0);
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(count) {
      const deadline = Date.now() + 5000;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Only ${received.length} of ${count} mails`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
