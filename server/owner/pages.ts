// The owner's inbox as HTML made on the server, the same on Node and on the Worker: no script
// at all (so none of it can reach the public pages' bundles, and it works on any phone), one
// small stylesheet, every action a plain form. hono/html escapes every value put in.
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { momentWords } from "../../rink/clock.ts";
import { phoneKey } from "../../rink/forms/phone.ts";
import { plural } from "../../rink/plural.ts";
import { displayValue, fieldLabel, formOfKind } from "../inbox/forms.ts";
import type { Submission } from "../inbox/submission.ts";
import { type OptOuts, optOutKey } from "../lists/outbox-store.ts";
import { linkMinutes } from "./auth.ts";
import type { Deleted, InboxCounts, InboxView, Person } from "./store.ts";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export const stylesheetPath = "/inbox/inbox.css";

export function layout(title: string, body: Html, signedInAs?: string): Html {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex, nofollow">
    <title>${title} · Inbox</title>
    <link rel="stylesheet" href="${stylesheetPath}">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  </head>
  <body>
    <header class="top">
      <p class="brand">Inbox</p>
      ${
        signedInAs
          ? html`<form method="post" action="/inbox/sign-out" class="signout">
        <span class="who">${signedInAs}</span>
        <button type="submit" class="quiet">Sign out</button>
      </form>`
          : ""
      }
    </header>
    <main id="main">
${body}
    </main>
  </body>
</html>
`;
}

export function signInPage(note?: string): Html {
  return layout(
    "Sign in",
    html`<h1>Sign in to the inbox</h1>
      <p>Type your email address. If it is one of the rink's owner addresses, we email you a
        link that signs you in. It works once, for ${linkMinutes} minutes.</p>
      ${note ? html`<p class="note" role="status">${note}</p>` : ""}
      <form method="post" action="/inbox/sign-in" class="stack">
        <label for="email">Your email</label>
        <input id="email" name="email" type="email" autocomplete="email" required maxlength="254">
        <button type="submit">Email me a sign-in link</button>
      </form>`,
  );
}

export function linkSentPage(): Html {
  return layout(
    "Check your email",
    html`<h1>Check your email</h1>
      <p role="status">If that address is one of the owner addresses, a sign-in link is on its
        way. Open it on this phone or computer within ${linkMinutes} minutes.</p>
      <p><a href="/inbox/">Ask for another link</a></p>`,
  );
}

/** A GET of the emailed link only shows this: a mail scanner's visit must not use it up. */
export function confirmLinkPage(token: string): Html {
  return layout(
    "Sign in",
    html`<h1>Sign in to the inbox</h1>
      <form method="post" action="/inbox/auth" class="stack">
        <input type="hidden" name="token" value="${token}">
        <button type="submit">Sign in</button>
      </form>`,
  );
}

export function badLinkPage(): Html {
  return layout(
    "Link expired",
    html`<h1>This sign-in link cannot be used</h1>
      <p>It has expired, it was already used, or it was copied wrongly. Each link works once,
        for ${linkMinutes} minutes.</p>
      <p><a href="/inbox/">Ask for a new link</a></p>`,
  );
}

export function pleaseSignInPage(): Html {
  return layout(
    "Please sign in",
    html`<h1>Please sign in</h1>
      <p>You are signed out, or your sign-in has ended.</p>
      <p><a href="/inbox/">Sign in to the inbox</a></p>`,
  );
}

/** A short answer to an action, with the way back; the signed-in header when signed in. */
export function messagePage(title: string, text: string, signedInAs?: string): Html {
  return layout(
    title,
    html`<h1>${title}</h1>
      <p role="status">${text}</p>
      <p><a href="/inbox/">Back to the inbox</a></p>`,
    signedInAs,
  );
}

const views: {
  view: InboxView;
  label: string;
  count(c: InboxCounts): number;
  fresh(c: InboxCounts): number;
}[] = [
  { view: "messages", label: "Messages", count: (c) => c.messages, fresh: (c) => c.newMessages },
  { view: "signups", label: "Signups", count: (c) => c.signups, fresh: (c) => c.newSignups },
  { view: "spam", label: "Spam", count: (c) => c.spam, fresh: () => 0 },
];

function viewLinks(current: InboxView, counts: InboxCounts) {
  return views.map(({ view, label, count, fresh }) => {
    const news = fresh(counts);
    const badge = news > 0 ? html` <span class="badge">${news} new</span>` : "";
    return html`<li><a href="/inbox/?view=${view}"${raw(current === view ? ' aria-current="page"' : "")}>${label} (${count(counts)})${badge}</a></li>`;
  });
}

/** mailto: with the subject filled in for a message, so the owner's mail app opens a reply. */
function replyLink(submission: Submission): string {
  const to = `mailto:${encodeURIComponent(submission.data.email ?? "")}`;
  const form = formOfKind(submission.form);
  if (submission.form !== "contact" || !form) return to;
  const subject = submission.data.subject
    ? displayValue(form, "subject", submission.data.subject)
    : "your message";
  return `${to}?subject=${encodeURIComponent(`Re: ${subject}`)}`;
}

/**
 * Where a signup's number stands on the text list (issue 31): waiting for its YES, on the list,
 * or opted out, with when; undefined for a row with no phone, or when not known.
 */
function textStanding(submission: Submission, optOuts: OptOuts | undefined): string | undefined {
  const phone = submission.data.phone;
  if (!optOuts || submission.form !== "newsletter" || submission.spam || !phone) return undefined;
  const word = optOuts.get(optOutKey("text", phoneKey(phone)));
  if (!word)
    return "Waiting for YES: not on the list until the number replies YES to the confirmation text.";
  const when = momentWords(new Date(word.at));
  return word.state === "in"
    ? `On the list since ${when} (${word.reason}).`
    : `Opted out ${when} (${word.reason}).`;
}

function item(submission: Submission, view: InboxView, search: string, optOuts?: OptOuts): Html {
  const { data } = submission;
  const form = formOfKind(submission.form);
  const who = data.name || data.email || data.phone || "(no name)";
  const fresh = submission.handledAt === null && !submission.spam;
  const details = Object.keys(form?.fields ?? data)
    .filter((name) => name !== "name" && name !== "email" && name !== "phone" && data[name])
    .map(
      (name) =>
        html`<dt>${form ? fieldLabel(form, name) : name}</dt><dd>${form ? displayValue(form, name, data[name] ?? "") : data[name]}</dd>`,
    );
  return html`<li class="item${fresh ? " fresh" : ""}">
        <article aria-labelledby="s${submission.id}">
          <h2 id="s${submission.id}">${fresh ? html`<span class="badge">New</span> ` : ""}${who}</h2>
          <p class="meta">${momentWords(new Date(submission.createdAt))} · #${submission.id}</p>
          <p class="contact">
            ${data.email ? html`<a href="${replyLink(submission)}">Reply to ${data.email}</a>` : ""}
            ${data.phone ? html`<a href="tel:${data.phone.replace(/[^\d+]/g, "")}">Call ${data.phone}</a>` : ""}
          </p>
          ${details.length > 0 ? html`<dl>${details}</dl>` : ""}
          ${textStanding(submission, optOuts) ? html`<p class="standing">Text alerts: ${textStanding(submission, optOuts)}</p>` : ""}
          <div class="actions">
            ${
              submission.spam
                ? ""
                : html`<form method="post" action="/inbox/handled/${submission.id}">
              <input type="hidden" name="handled" value="${fresh ? "1" : "0"}">
              <input type="hidden" name="back" value="/inbox/?${new URLSearchParams({ view, q: search })}">
              <button type="submit"${raw(fresh ? "" : ' class="quiet"')}>${fresh ? "Mark handled" : "Mark as new again"}</button>
            </form>`
            }
            <a class="danger-link" href="/inbox/forget?id=${submission.id}">Delete this person's data</a>
          </div>
        </article>
      </li>`;
}

export interface InboxPageData {
  email: string;
  view: InboxView;
  search: string;
  counts: InboxCounts;
  rows: Submission[];
  /** Whether "Post an update" is there (owner/update-routes.ts). */
  updates?: boolean;
  /** The lists' words per person (the signups: each number's standing on the text list). */
  optOuts?: OptOuts;
}

export function inboxPage({
  email,
  view,
  search,
  counts,
  rows,
  updates,
  optOuts,
}: InboxPageData): Html {
  const newCount = counts.newMessages + counts.newSignups;
  return layout(
    "Inbox",
    html`<h1>Inbox</h1>
      <p class="summary" role="status">${newCount === 0 ? "Nothing new." : `${newCount} new: ${plural(counts.newMessages, "message", "messages")}, ${plural(counts.newSignups, "signup", "signups")}.`}</p>
      ${updates ? html`<p><a class="button" href="/inbox/updates">Post an update</a></p>` : ""}
      <nav aria-label="Kinds">
        <ul class="tabs">
          ${viewLinks(view, counts)}
        </ul>
      </nav>
      <form method="get" action="/inbox/" class="search" role="search">
        <input type="hidden" name="view" value="${view}">
        <label for="q">Search by name, email or phone</label>
        <div class="row">
          <input id="q" name="q" type="search" value="${search}" maxlength="100">
          <button type="submit">Search</button>
        </div>
      </form>
      ${
        view === "signups"
          ? html`<p class="downloads">
        <a class="button" href="/inbox/export/newsletter.csv" download>Download the signups (CSV)</a>
        ${(formOfKind("newsletter")?.lists ?? []).map((list) => html`<a href="/inbox/export/newsletter.csv?list=${list.id}" download>${list.name} (CSV)</a>`)}
      </p>`
          : ""
      }
      ${
        view === "spam" && counts.spam > 0
          ? html`<form method="post" action="/inbox/spam/empty"><button type="submit" class="danger">Empty the spam (${counts.spam})</button></form>`
          : ""
      }
      ${
        rows.length === 0
          ? html`<p>${search ? `Nothing matches “${search}”.` : `No ${views.find((v) => v.view === view)?.label.toLowerCase()} yet.`}</p>`
          : html`<ul class="items">${rows.map((row) => item(row, view, search, optOuts))}</ul>`
      }
      <form method="post" action="/inbox/sign-out-everywhere" class="everywhere">
        <p>Lost a phone, or signed in on someone else's computer?</p>
        <button type="submit" class="quiet">Sign out everywhere</button>
      </form>`,
    email,
  );
}

/** After a deletion: how many went, by kind ("… 2 messages, 1 signup and 1 spam."). */
export function deletedPage({ messages, signups, spam }: Deleted, email: string): Html {
  const kinds = [
    messages > 0 ? plural(messages, "message", "messages") : "",
    signups > 0 ? plural(signups, "signup", "signups") : "",
    spam > 0 ? `${spam} spam` : "",
  ].filter(Boolean);
  const total = plural(messages + signups + spam, "submission", "submissions");
  const last = kinds.pop();
  const what = last ? `: ${kinds.length > 0 ? `${kinds.join(", ")} and ${last}` : last}` : "";
  return messagePage(
    "Deleted",
    `Deleted ${total}${what}. Nothing with that email or phone is left in the inbox.`,
    email,
  );
}

export function forgetPage(id: number, person: Person, rows: Submission[], email: string): Html {
  return layout(
    "Delete a person's data",
    html`<h1>Delete ${person.shown}'s data?</h1>
      <p>${rows.length === 0 ? "Nothing is stored for them." : `${plural(rows.length, "submission holds", "submissions hold")} this email or phone, however the number was written. Deleting them cannot be undone.`}</p>
      ${
        rows.length > 0
          ? html`<ul class="plain">${rows.map((r) => html`<li>#${r.id} · ${r.form === "contact" ? "Message" : "Signup"} · ${momentWords(new Date(r.createdAt))}${r.spam ? " · spam" : ""}</li>`)}</ul>
      <form method="post" action="/inbox/forget" class="stack">
        <input type="hidden" name="id" value="${id}">
        <button type="submit" class="danger">Delete ${plural(rows.length, "submission", "submissions")}</button>
      </form>`
          : ""
      }
      <p><a href="/inbox/">Back to the inbox</a></p>`,
    email,
  );
}

/** Large tap targets, the site's purple, AA contrast; no web font (the phone's own). */
export const stylesheet = `
:root { color-scheme: light; --ink: #1f1235; --brand: #4c1d95; --soft: #f3effa; --line: #d9d0ea; --danger: #9f1239; }
* { box-sizing: border-box; }
body { margin: 0; font: 17px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
.top { display: flex; justify-content: space-between; align-items: center; gap: 1rem; padding: .75rem 1rem; background: var(--brand); color: #fff; }
.brand { margin: 0; font-weight: 700; }
.signout { display: flex; align-items: center; gap: .5rem; margin: 0; }
.who { font-size: .9rem; overflow-wrap: anywhere; }
main { max-width: 46rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; line-height: 1.2; margin: .5rem 0 1rem; overflow-wrap: anywhere; }
h2 { font-size: 1.15rem; margin: 0; overflow-wrap: anywhere; }
a { color: var(--brand); text-underline-offset: 2px; }
.top .quiet { color: #fff; border-color: #fff; white-space: nowrap; }
button, .button { display: inline-block; min-height: 44px; padding: .55rem 1rem; border: 2px solid var(--brand); border-radius: .5rem; background: var(--brand); color: #fff; font: inherit; font-weight: 600; text-decoration: none; cursor: pointer; }
button.quiet { background: transparent; color: var(--brand); }
button.danger { background: var(--danger); border-color: var(--danger); }
.danger-link { color: var(--danger); }
:focus-visible { outline: 3px solid var(--ink); outline-offset: 2px; }
.top :focus-visible { outline-color: #fde68a; }
input { width: 100%; min-height: 44px; padding: .5rem .75rem; border: 2px solid #6b5b8a; border-radius: .5rem; font: inherit; }
label { font-weight: 600; }
.stack { display: grid; gap: .5rem; max-width: 26rem; }
.note, .summary { padding: .75rem 1rem; background: var(--soft); border-radius: .5rem; }
.tabs { display: flex; flex-wrap: wrap; gap: .5rem; list-style: none; padding: 0; margin: 1rem 0; }
.tabs a { display: inline-block; padding: .5rem .9rem; border: 2px solid var(--line); border-radius: 999px; text-decoration: none; font-weight: 600; }
.tabs a[aria-current="page"] { background: var(--brand); border-color: var(--brand); color: #fff; }
.badge { display: inline-block; padding: 0 .45rem; border-radius: 999px; background: #fde68a; color: #451a03; font-size: .8rem; font-weight: 700; }
.search { margin: 1rem 0; }
.search .row { display: flex; gap: .5rem; margin-top: .25rem; }
.items { list-style: none; padding: 0; display: grid; gap: .75rem; }
.item article { border: 2px solid var(--line); border-radius: .75rem; padding: .9rem 1rem; }
.item.fresh article { border-color: var(--brand); }
.meta { margin: .15rem 0 .5rem; color: #4b4060; font-size: .9rem; }
.contact { display: flex; flex-wrap: wrap; gap: .25rem 1rem; margin: .25rem 0; overflow-wrap: anywhere; }
dl { margin: .5rem 0; }
dt { font-weight: 600; font-size: .9rem; }
dd { margin: 0 0 .4rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.actions { display: flex; flex-wrap: wrap; align-items: center; gap: .75rem 1.25rem; margin-top: .5rem; }
.actions form { margin: 0; }
.plain { padding-left: 1.2rem; }
.everywhere { margin: 2rem 0 1rem; padding-top: 1rem; border-top: 2px solid var(--line); }
.everywhere p { margin: 0 0 .5rem; }
.downloads { display: flex; flex-wrap: wrap; align-items: center; gap: .75rem 1.25rem; }
@media (min-width: 60rem) { main { max-width: 60rem; } .items { grid-template-columns: 1fr 1fr; } }
section { margin: 1.75rem 0; }
section > h2 { margin: 0 0 .5rem; }
h3 { font-size: 1.1rem; margin: 0; overflow-wrap: anywhere; }
textarea { width: 100%; min-height: 6rem; padding: .5rem .75rem; border: 2px solid #6b5b8a; border-radius: .5rem; font: inherit; }
.update-form { max-width: 32rem; gap: .4rem; }
.update-form > label, .update-form > fieldset { margin-top: .75rem; }
fieldset { border: 0; padding: 0; margin: 0; min-width: 0; }
legend { padding: 0; margin-bottom: .25rem; font-weight: 600; }
.choice { display: flex; align-items: center; gap: .65rem; min-height: 44px; font-weight: 400; }
.choice input { flex: none; width: 1.4rem; height: 1.4rem; min-height: 0; margin: 0; accent-color: var(--brand); }
.hint { margin: 0; color: #4b4060; font-size: .95rem; }
.hours .row { display: flex; gap: .75rem; margin-top: .4rem; }
.hours .row > * { flex: 1; gap: .25rem; }
.error { margin: .15rem 0 0; color: var(--danger); font-weight: 600; }
[aria-invalid="true"] { border-color: var(--danger); }
.error-summary { margin: 1rem 0; padding: .75rem 1rem; border: 3px solid var(--danger); border-radius: .5rem; }
.error-summary h2 { color: var(--danger); }
.error-summary ul { margin: .5rem 0 0; padding-left: 1.2rem; }
.error-summary a { color: var(--danger); font-weight: 600; }
.sample { margin: .5rem 0; padding: .75rem 1rem; border: 2px solid var(--line); border-left: 6px solid var(--brand); border-radius: .5rem; background: var(--soft); }
.sample p { margin: .25rem 0; }
.sample form { margin-top: .75rem; }
.sample-title { font-weight: 700; }
.note-text { white-space: pre-wrap; overflow-wrap: anywhere; }
`;
