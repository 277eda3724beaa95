// `npm run inbox`: the owner's view of the form inbox, reading the same DATABASE_PATH as the
// server (safe while it runs: SQLite's WAL lets readers and the writer work side by side).
//   npm run inbox                                   the most recent submissions, as a table
//   npm run inbox -- export newsletter --csv        every newsletter signup as CSV on stdout
//   npm run inbox -- backup backups/inbox.db        a consistent copy, safe while the server runs
//   npm run inbox -- list --edge                    the same, from `npm run start:edge`'s D1
//   npm run inbox -- export newsletter --csv --remote   from the D1 deployed on Cloudflare
//   npm run inbox -- summary                        the Monday email's text for the week just passed
import { existsSync } from "node:fs";
import { relative } from "node:path";
import { parseArgs } from "node:util";
import {
  displayValue,
  formOfKind,
  type InboxForm,
  inboxForms,
} from "../server/forms/accepted-forms.ts";
import { statements, toSubmission } from "../server/forms/submission.ts";
import { insightsStore } from "../server/insights/store.ts";
import { summaryFor } from "../server/insights/summary.ts";
import { outboxStore } from "../server/lists/outbox-store.ts";
import { backupInbox, restoreInbox } from "../server/node/backup.ts";
import { openDatabase, type Submission } from "../server/node/database.ts";
import { readSettings } from "../server/node/settings.ts";
import { findList, submissionsCsv } from "../server/owner/csv.ts";
import type { SqlRunner } from "../server/sql.ts";
import { queryD1 } from "../tooling/wrangler.ts";

const formNames = inboxForms.map((f) => f.kind).join("|");
const usage = `Usage:
  npm run inbox                               list the 20 most recent submissions
  npm run inbox -- list [--limit N]           list the N most recent submissions
  npm run inbox -- export <${formNames}> --csv [--include-spam] [--list email|text]
                                              print one form's submissions as CSV
                                              (spreadsheet-safe), oldest first; for the
                                              newsletter, "opted out (…)" marks who left a
                                              list since (Kit, Twilio), and --list gives only
                                              the people still on the email list or the
                                              text-alert list
  npm run inbox -- summary                    print the Monday summary email (the site's own
                                              counts) for the week just passed, as the owners
                                              get it
  npm run inbox -- backup FILE                write a checked copy of the inbox to FILE;
                                              safe while the server is running
  npm run inbox -- restore FILE               put the inbox in FILE back (the current one is
                                              kept as <database>.before-restore-<time>);
                                              stop the server first

Reads the database at DATABASE_PATH (default data/inbox.db). With --edge, list, export and
summary read the Cloudflare inbox of \`npm run start:edge\` (local D1) instead; with --remote, the
D1 database deployed on Cloudflare (wrangler must be logged in: npx wrangler login).`;

class UsageError extends Error {}

function emailState(s: Submission): string {
  if (s.spam) return "spam";
  if (s.notifySentAt) return "sent";
  return s.notifyAttempts > 0 ? `failed x${s.notifyAttempts}` : "not sent";
}

function summary(s: Submission): string {
  const form = formOfKind(s.form);
  const names = [...(form ? Object.keys(form.fields) : Object.keys(s.data)), "_gotcha"];
  return names
    .map((name) => {
      const value = s.data[name];
      return value && form ? displayValue(form, name, value) : value;
    })
    .filter(Boolean)
    .join(" | ")
    .replace(/\s+/g, " ");
}

function fitCell(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

function table(rows: Submission[], width: number): string {
  const head = ["#", "Received (UTC)", "Form", "Email", "Details"];
  const cells = rows.map((s) => [
    String(s.id),
    s.createdAt.slice(0, 16).replace("T", " "),
    s.form,
    emailState(s),
    summary(s),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? "").length)));
  // The details column takes what is left of the terminal, at least 20 characters.
  const fixed = widths.slice(0, 4).reduce((a, b) => a + b + 2, 0);
  widths[4] = Math.max(20, Math.min(widths[4] ?? 0, width - fixed));
  const line = (c: string[]) =>
    c
      .map((t, i) => fitCell(t, widths[i] ?? t.length))
      .join("  ")
      .trimEnd();
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)].join("\n");
}

async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      csv: { type: "boolean", default: false },
      "include-spam": { type: "boolean", default: false },
      list: { type: "string" },
      limit: { type: "string" },
      edge: { type: "boolean", default: false },
      remote: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command = "list", formName, ...extra] = positionals;
  if (values.help || command === "help") {
    console.log(usage);
    return;
  }
  if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra[0]}`);

  let limit = 20;
  if (command === "list") {
    if (formName) throw new UsageError(`list takes no form name (got ${formName})`);
    if (values.limit !== undefined) {
      limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1) {
        throw new UsageError("--limit wants a whole number above 0");
      }
    }
  } else if (command === "export") {
    if (!formName) throw new UsageError(`Which form? export <${formNames}> --csv`);
    const form = formOfKind(formName);
    if (!form) throw new UsageError(`Unknown form: ${formName}`);
    if (!values.csv) throw new UsageError("export writes CSV only: add --csv");
    if (values.list !== undefined && !findList(form, values.list)) {
      const lists = (form.lists ?? []).map((l) => l.id).join("|") || "none";
      throw new UsageError(`--list for ${formName} is one of: ${lists}`);
    }
  } else if (command === "summary") {
    if (formName) throw new UsageError(`summary takes no form name (got ${formName})`);
  } else if (command === "backup" || command === "restore") {
    if (values.edge || values.remote) {
      throw new UsageError(
        `${command} is for the Node server's inbox; D1 keeps its own history (Time Travel): npx wrangler d1 time-travel --help`,
      );
    }
    if (!formName) throw new UsageError(`${command} wants a file: ${command} FILE`);
    const { databasePath } = readSettings();
    if (command === "backup") {
      const report = await backupInbox(databasePath, formName);
      console.log(
        `Backed up ${report.submissions} submissions to ${formName} (integrity_check: ok).`,
      );
    } else {
      const { submissions, savedAs, forgotten } = await restoreInbox(formName, databasePath);
      if (savedAs) console.log(`The inbox as it was is saved as ${savedAs}.`);
      console.log(`Restored ${submissions} submissions from ${formName} to ${databasePath}.`);
      if (forgotten > 0) {
        console.log(
          `Deleted ${forgotten} again: people who asked to be deleted after that backup was made.`,
        );
      }
    }
    return;
  } else {
    throw new UsageError(`Unknown command: ${command}`);
  }

  // As the inbox's download does (owner/export-routes.ts): who left a list since is marked so, and
  // is not on it.
  const exported = async (form: InboxForm, rows: Submission[], sql: SqlRunner) => {
    const list = values.list === undefined ? undefined : findList(form, values.list);
    return submissionsCsv(form, rows, list, await outboxStore(sql).optOuts());
  };
  if (values.edge || values.remote) {
    await fromEdge(command, formName, exported, {
      limit,
      includeSpam: values["include-spam"],
      remote: values.remote,
    });
    return;
  }

  const { databasePath } = readSettings();
  if (!existsSync(databasePath)) {
    console.error(
      `No inbox at ${databasePath} yet: nothing has been submitted, or DATABASE_PATH points elsewhere.`,
    );
    process.exitCode = 1;
    return;
  }
  const inbox = openDatabase(databasePath);
  try {
    if (command === "summary") {
      printSummary(await summaryFor(insightsStore(inbox.sql), new Date(), readSettings().siteUrl));
      return;
    }
    const form = formOfKind(formName ?? "");
    if (command === "export" && form) {
      const rows = inbox.listByForm(form.kind, { includeSpam: values["include-spam"] });
      process.stdout.write(await exported(form, rows, inbox.sql));
      return;
    }
    const near = relative(process.cwd(), databasePath);
    printRecent(inbox.listRecent(limit), near && !near.startsWith("..") ? near : databasePath);
  } finally {
    inbox.close();
  }
}

/** The Monday email as it goes: its subject, then its text. */
function printSummary(mail: { subject: string; text: string }) {
  process.stdout.write(`Subject: ${mail.subject}\n\n${mail.text}`);
}

function printRecent(rows: Submission[], where: string) {
  if (rows.length === 0) {
    console.log(`No submissions yet in ${where}.`);
    return;
  }
  console.log(`The ${rows.length} most recent submissions in ${where}, newest first:\n`);
  console.log(table(rows, process.stdout.columns || 120));
}

/** list and export on the Cloudflare inbox, through `wrangler d1 execute`. */
async function fromEdge(
  command: string,
  formName: string | undefined,
  exported: (form: InboxForm, rows: Submission[], sql: SqlRunner) => Promise<string>,
  options: { limit: number; includeSpam: boolean; remote: boolean },
) {
  if (command !== "list" && command !== "export" && command !== "summary") {
    throw new UsageError(`${command} works on the Node server's inbox only`);
  }
  const all = async (sql: string, ...params: (string | number | null)[]) => {
    try {
      return await queryD1(sql, params, {}, options.remote);
    } catch (error) {
      if (!options.remote && String(error).includes("no such table")) {
        throw new Error("No local Cloudflare inbox yet: run npm run start:edge first.");
      }
      throw error;
    }
  };
  // The CLI only reads: wrangler d1 execute runs one statement at a time, with no transaction.
  const readOnly = () => {
    throw new Error("npm run inbox reads the Cloudflare inbox; it changes nothing there");
  };
  const d1: SqlRunner = { all, run: readOnly, batch: readOnly };
  if (command === "summary") {
    printSummary(await summaryFor(insightsStore(d1), new Date(), process.env.SITE_URL));
    return;
  }
  const form = formOfKind(formName ?? "");
  if (command === "export" && form) {
    const rows = await all(statements.byForm, form.kind, options.includeSpam ? 1 : 0);
    process.stdout.write(await exported(form, rows.map(toSubmission), d1));
    return;
  }
  const where = options.remote ? "the deployed D1 inbox" : "the local Cloudflare inbox";
  printRecent((await all(statements.recent, options.limit)).map(toSubmission), where);
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  // parseArgs throws TypeErrors with a code for unknown or malformed options.
  const isArgError =
    error instanceof UsageError ||
    (error instanceof TypeError &&
      "code" in error &&
      String(error.code).startsWith("ERR_PARSE_ARGS"));
  if (!isArgError) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  console.error(`${error.message}\n\n${usage}`);
  process.exit(2);
}
