// GitHub, Kit and Twilio's stand-ins (github-stand-in.ts, kit-stand-in.ts, twilio-stand-in.ts)
// in a process of their own, for `npm run bench:edge`'s budget of each Worker job: the bench
// reads its CPU time around a job, so whatever the stand-ins spend answering (the GitHub
// stand-in's git commands, Twilio's library, their JSON) must not run in it. The parent starts
// this file (`startStandIns`), reads the Worker's settings that point at the three from the
// first line this prints, and asks over the IPC channel for what only the stand-ins know (the
// branch's head, for a commit's expected head). It ends with the parent.
import { type ChildProcess, fork } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export interface StandIns {
  /** The Worker's settings (vars and secrets) that connect it to GitHub, Kit and Twilio here. */
  settings: Record<string, string>;
  /** The site's branch's head commit in the GitHub stand-in's repository. */
  head(): Promise<string>;
  /** Requests each stand-in has been sent so far. */
  counts(): Promise<{ github: number; kit: number; twilio: number }>;
  stop(): Promise<void>;
}

type Ask = { id: number; ask: "head" | "counts" };
type Answer = { id: number; value?: unknown; error?: string };

/** Starts the stand-ins in a child process (this file), with `rinkName` as the texts' sender. */
export async function startStandIns(rinkName: string): Promise<StandIns> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ["--serve", rinkName], {
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const settings = await new Promise<Record<string, string>>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`The stand-ins stopped (exit ${code})`)));
    lines.once("line", (line) => resolve(JSON.parse(line)));
  });
  let next = 0;
  const waiting = new Map<number, (answer: Answer) => void>();
  child.on("message", (message: Answer) => waiting.get(message.id)?.(message));
  const ask = (what: Omit<Ask, "id">) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++next;
      waiting.set(id, (answer) => {
        waiting.delete(id);
        if (answer.error) reject(new TypeError(answer.error));
        else resolve(answer.value);
      });
      child.send({ id, ...what } as Ask);
    });
  return {
    settings,
    head: async () => String(await ask({ ask: "head" })),
    counts: async () => (await ask({ ask: "counts" })) as Awaited<ReturnType<StandIns["counts"]>>,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.disconnect();
      }),
  };
}

/** The child: the three stand-ins on 127.0.0.1, until the parent goes. */
async function serve(rinkName: string) {
  const { startGithubStandIn } = await import("./github-stand-in.ts");
  const { kitApiKey, kitFormId, startKitStandIn } = await import("./kit-stand-in.ts");
  const twilio = await import("./twilio-stand-in.ts");
  const [github, kit, texts] = await Promise.all([
    startGithubStandIn(),
    startKitStandIn(),
    twilio.startTwilioStandIn(),
  ]);
  const settings: Record<string, string> = {
    ...github.settings,
    NEWSLETTER_SERVICE: "kit",
    KIT_API_KEY: kitApiKey,
    KIT_FORM_ID: kitFormId,
    KIT_API_URL: kit.url,
    SMS_SERVICE: "twilio",
    TWILIO_ACCOUNT_SID: twilio.twilioAccountSid,
    TWILIO_AUTH_TOKEN: twilio.twilioAuthToken,
    TWILIO_MESSAGING_SERVICE_SID: twilio.twilioMessagingServiceSid,
    TWILIO_API_URL: texts.url,
    RINK_NAME: rinkName,
  };
  process.on("message", (message: Ask) => {
    const reply = (answer: Omit<Answer, "id">) => process.send?.({ id: message.id, ...answer });
    try {
      if (message.ask === "head") reply({ value: github.git("rev-parse", "main") });
      else {
        reply({
          value: {
            github: github.requests.length,
            kit: kit.requests.length,
            twilio: texts.requests.length,
          },
        });
      }
    } catch (error) {
      reply({ error: String(error) });
    }
  });
  process.on("disconnect", async () => {
    await Promise.all([github.close(), kit.close(), texts.close()]);
    process.exit(0);
  });
  process.stdout.write(`${JSON.stringify(settings)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "--serve") {
  await serve(process.argv[3] ?? "Skateland");
}
