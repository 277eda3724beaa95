import { resolve } from "node:path";
import { z } from "zod";

// Environment read once at start; a bad value stops the server with a clear message.
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  SITE_DIR: z.string().min(1).default("build/client"),
});

export type Settings = { port: number; host: string; siteDir: string };

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid settings:\n  ${problems.join("\n  ")}`);
  }
  const { PORT, HOST, SITE_DIR } = parsed.data;
  return { port: PORT, host: HOST, siteDir: resolve(SITE_DIR) };
}
