// The owner's inbox pages, React components rendered to HTML on the server (html.ts), the same
// on Node and on the Worker: no script at all (so none of it can reach the public pages'
// bundles, and it works on any phone), one small stylesheet, every action a plain form. React
// escapes every value put in.
import type { ReactNode } from "react";
import { momentWords } from "../../rink/clock.ts";
import { phoneKey } from "../../rink/forms/phone.ts";
import { plural } from "../../rink/plural.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { controlStyles } from "../../ui/field-styles.ts";
import { displayValue, fieldLabel, formOfKind } from "../forms/accepted-forms.ts";
import type { Submission } from "../forms/submission.ts";
import { type OptOuts, optOutKey } from "../lists/outbox-store.ts";
import { linkMinutes } from "./auth.ts";
import { renderPage } from "./html.ts";
import type { Deleted, InboxCounts, InboxView, Person } from "./store.ts";
import { stylesheetPath } from "./stylesheet.ts";
import { homeWords } from "./words.ts";

export { stylesheetPath } from "./stylesheet.ts";

interface LayoutProps {
  title: string;
  signedInAs?: string | undefined;
  /** The home screen itself: no link to it. */
  atHome?: boolean;
  children?: ReactNode;
}

/** Where "Back to the inbox" goes: the messages (the home is /inbox/ itself). */
export const messagesPath = "/inbox/?view=messages";

/** Every owner page's document: the head, the bar with "Sign out" when signed in, the main. */
export function Layout({ title, signedInAs, atHome = false, children }: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} · Inbox`}</title>
        <link rel="stylesheet" href={stylesheetPath} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body>
        <header className="top">
          <p className="brand">Inbox</p>
          {signedInAs ? (
            <form method="post" action="/inbox/sign-out" className="signout">
              <span className="who">{breakableAddress(signedInAs)}</span>
              <button type="submit" className={buttonStyles.secondary}>
                Sign out
              </button>
            </form>
          ) : null}
        </header>
        <main id="main">
          {signedInAs && !atHome ? (
            <p className="crumb">
              <a href="/inbox/">{homeWords.home}</a>
            </p>
          ) : null}
          {children}
        </main>
      </body>
    </html>
  );
}

/**
 * An email address with line-break chances after its "@" and before each dot of its domain,
 * so a long one wraps at those on a phone, never in the middle of a word.
 */
function breakableAddress(address: string): ReactNode[] {
  const at = address.lastIndexOf("@");
  if (at < 0) return [address];
  const parts: ReactNode[] = [address.slice(0, at + 1)];
  address
    .slice(at + 1)
    .split(/(?=\.)/)
    .forEach((piece, i) => {
      // biome-ignore lint/suspicious/noArrayIndexKey: drawn once to HTML on the server, never re-rendered
      parts.push(<wbr key={i} />, piece);
    });
  return parts;
}

/** A whole page as HTML: the layout around the body. */
export function layout(
  title: string,
  body: ReactNode,
  signedInAs?: string,
  atHome = false,
): Promise<string> {
  return renderPage(
    <Layout title={title} signedInAs={signedInAs} atHome={atHome}>
      {body}
    </Layout>,
  );
}

export function signInPage(note?: string): Promise<string> {
  return layout(
    "Sign in",
    <>
      <h1>Sign in to the inbox</h1>
      <p>
        {`Type your email address. If it is one of the rink's owner addresses, we email you a link that signs you in. It works once, for ${linkMinutes} minutes.`}
      </p>
      {note ? (
        <p className="note" role="status">
          {note}
        </p>
      ) : null}
      <form method="post" action="/inbox/sign-in" className="stack">
        <label htmlFor="email">Your email</label>
        <input
          id="email"
          name="email"
          type="email"
          className={controlStyles.light}
          autoComplete="email"
          required
          maxLength={254}
        />
        <button type="submit" className={buttonStyles.brand}>
          Email me a sign-in link
        </button>
      </form>
    </>,
  );
}

export function linkSentPage(): Promise<string> {
  return layout(
    "Check your email",
    <>
      <h1>Check your email</h1>
      <p role="status">
        {`If that address is one of the owner addresses, a sign-in link is on its way. Open it on this phone or computer within ${linkMinutes} minutes.`}
      </p>
      <p>
        <a href="/inbox/">Ask for another link</a>
      </p>
    </>,
  );
}

/** A GET of the emailed link only shows this: a mail scanner's visit must not use it up. */
export function confirmLinkPage(token: string): Promise<string> {
  return layout(
    "Sign in",
    <>
      <h1>Sign in to the inbox</h1>
      <form method="post" action="/inbox/auth" className="stack">
        <input type="hidden" name="token" defaultValue={token} />
        <button type="submit" className={buttonStyles.brand}>
          Sign in
        </button>
      </form>
    </>,
  );
}

export function badLinkPage(): Promise<string> {
  return layout(
    "Link expired",
    <>
      <h1>This sign-in link cannot be used</h1>
      <p>
        {`It has expired, it was already used, or it was copied wrongly. Each link works once, for ${linkMinutes} minutes.`}
      </p>
      <p>
        <a href="/inbox/">Ask for a new link</a>
      </p>
    </>,
  );
}

export function pleaseSignInPage(): Promise<string> {
  return layout(
    "Please sign in",
    <>
      <h1>Please sign in</h1>
      <p>You are signed out, or your sign-in has ended.</p>
      <p>
        <a href="/inbox/">Sign in to the inbox</a>
      </p>
    </>,
  );
}

/** A short answer to an action, with the way back; the signed-in header when signed in. */
export function messagePage(title: string, text: string, signedInAs?: string): Promise<string> {
  return layout(
    title,
    <>
      <h1>{title}</h1>
      <p role="status">{text}</p>
      <p>
        <a href={messagesPath}>Back to the inbox</a>
      </p>
    </>,
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

function ViewLinks({ current, counts }: { current: InboxView; counts: InboxCounts }) {
  return views.map(({ view, label, count, fresh }) => {
    const news = fresh(counts);
    return (
      <li key={view}>
        <a href={`/inbox/?view=${view}`} aria-current={current === view ? "page" : undefined}>
          {`${label} (${count(counts)})${news > 0 ? " " : ""}`}
          {news > 0 ? <span className="badge">{`${news} new`}</span> : null}
        </a>
      </li>
    );
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
function textStanding(
  submission: Submission,
  optOuts: OptOuts | undefined,
  dropped: ReadonlySet<number> | undefined,
): string | undefined {
  const phone = submission.data.phone;
  if (!optOuts || submission.form !== "newsletter" || submission.spam || !phone) return undefined;
  const word = optOuts.get(optOutKey("text", phoneKey(phone)));
  if (!word && dropped?.has(submission.id))
    return "Not on the list: the confirmation text could not go within a day of the signup (the texts for that day had run out), so it was dropped. Signing up again sends a new one.";
  if (!word)
    return "Waiting for YES: not on the list until the number replies YES to the confirmation text.";
  const when = momentWords(new Date(word.at));
  return word.state === "in"
    ? `On the list since ${when} (${word.reason}).`
    : `Opted out ${when} (${word.reason}).`;
}

interface ItemProps {
  submission: Submission;
  view: InboxView;
  search: string;
  optOuts?: OptOuts | undefined;
  dropped?: ReadonlySet<number> | undefined;
}

function Item({ submission, view, search, optOuts, dropped }: ItemProps) {
  const { data } = submission;
  const form = formOfKind(submission.form);
  const who = data.name || data.email || data.phone || "(no name)";
  const fresh = submission.handledAt === null && !submission.spam;
  const details = Object.keys(form?.fields ?? data)
    .filter((name) => name !== "name" && name !== "email" && name !== "phone" && data[name])
    .flatMap((name) => [
      <dt key={`t-${name}`}>{form ? fieldLabel(form, name) : name}</dt>,
      <dd key={`d-${name}`}>{form ? displayValue(form, name, data[name] ?? "") : data[name]}</dd>,
    ]);
  const standing = textStanding(submission, optOuts, dropped);
  return (
    <li className={fresh ? "item fresh" : "item"}>
      <article aria-labelledby={`s${submission.id}`}>
        <h2 id={`s${submission.id}`}>
          {fresh ? <span className="badge">New</span> : null}
          {fresh ? ` ${who}` : who}
        </h2>
        <p className="meta">{`${momentWords(new Date(submission.createdAt))} · #${submission.id}`}</p>
        <p className="contact">
          {data.email ? <a href={replyLink(submission)}>{`Reply to ${data.email}`}</a> : null}
          {data.phone ? (
            <a href={`tel:${data.phone.replace(/[^\d+]/g, "")}`}>{`Call ${data.phone}`}</a>
          ) : null}
        </p>
        {details.length > 0 ? <dl>{details}</dl> : null}
        {standing ? <p className="standing">{`Text alerts: ${standing}`}</p> : null}
        <div className="actions">
          {submission.spam ? null : (
            <form method="post" action={`/inbox/handled/${submission.id}`}>
              <input type="hidden" name="handled" defaultValue={fresh ? "1" : "0"} />
              <input
                type="hidden"
                name="back"
                defaultValue={`/inbox/?${new URLSearchParams({ view, q: search })}`}
              />
              <button type="submit" className={fresh ? buttonStyles.brand : buttonStyles.outline}>
                {fresh ? "Mark handled" : "Mark as new again"}
              </button>
            </form>
          )}
          <a className="danger-link" href={`/inbox/forget?id=${submission.id}`}>
            Delete this person's data
          </a>
        </div>
      </article>
    </li>
  );
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
  /** The signups whose confirmation text was dropped, not sent within a day. */
  dropped?: ReadonlySet<number>;
}

function InboxBody({ view, search, counts, rows, updates, optOuts, dropped }: InboxPageData) {
  const newCount = counts.newMessages + counts.newSignups;
  const lists = formOfKind("newsletter")?.lists ?? [];
  return (
    <>
      <h1>Inbox</h1>
      <p className="summary" role="status">
        {newCount === 0
          ? "Nothing new."
          : `${newCount} new: ${plural(counts.newMessages, "message", "messages")}, ${plural(counts.newSignups, "signup", "signups")}.`}
      </p>
      {updates ? (
        <p>
          <a className={`${buttonStyles.brand} no-underline`} href="/inbox/updates">
            Post an update
          </a>
        </p>
      ) : null}
      <nav aria-label="Kinds">
        <ul className="tabs">
          <ViewLinks current={view} counts={counts} />
        </ul>
      </nav>
      {/* biome-ignore lint/a11y/useSemanticElements: the form is the search landmark itself, as it has been */}
      <form method="get" action="/inbox/" className="search" role="search">
        <input type="hidden" name="view" defaultValue={view} />
        <label htmlFor="q">Search by name, email or phone</label>
        <div className="row">
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={search}
            maxLength={100}
            className={controlStyles.light}
          />
          <button type="submit" className={buttonStyles.brand}>
            Search
          </button>
        </div>
      </form>
      {view === "signups" ? (
        <p className="downloads">
          <a
            className={`${buttonStyles.brand} no-underline`}
            href="/inbox/export/newsletter.csv"
            download
          >
            Download the signups (CSV)
          </a>
          {lists.map((list) => (
            <a key={list.id} href={`/inbox/export/newsletter.csv?list=${list.id}`} download>
              {`${list.name} (CSV)`}
            </a>
          ))}
        </p>
      ) : null}
      {view === "spam" && counts.spam > 0 ? (
        <form method="post" action="/inbox/spam/empty">
          <button type="submit" className={buttonStyles.danger}>
            {`Empty the spam (${counts.spam})`}
          </button>
        </form>
      ) : null}
      {rows.length === 0 ? (
        <p>
          {search
            ? `Nothing matches “${search}”.`
            : `No ${views.find((v) => v.view === view)?.label.toLowerCase()} yet.`}
        </p>
      ) : (
        <ul className="items">
          {rows.map((row) => (
            <Item
              key={row.id}
              submission={row}
              view={view}
              search={search}
              optOuts={optOuts}
              dropped={dropped}
            />
          ))}
        </ul>
      )}
      <SignOutEverywhere />
    </>
  );
}

/** "Lost your phone?": signs every session out, at the foot of the owner's home and inbox. */
export function SignOutEverywhere() {
  return (
    <form method="post" action="/inbox/sign-out-everywhere" className="everywhere">
      <p>{homeWords.lostPhone}</p>
      <button type="submit" className={buttonStyles.outline}>
        {homeWords.signOutEverywhere}
      </button>
    </form>
  );
}

export function inboxPage(data: InboxPageData): Promise<string> {
  return layout("Inbox", <InboxBody {...data} />, data.email);
}

/** After a deletion: how many went, by kind ("… 2 messages, 1 signup and 1 spam."). */
export function deletedPage({ messages, signups, spam }: Deleted, email: string): Promise<string> {
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

export function forgetPage(
  id: number,
  person: Person,
  rows: Submission[],
  email: string,
): Promise<string> {
  return layout(
    "Delete a person's data",
    <>
      <h1>{`Delete ${person.shown}'s data?`}</h1>
      <p>
        {rows.length === 0
          ? "Nothing is stored for them."
          : `${plural(rows.length, "submission holds", "submissions hold")} this email or phone, however the number was written. Deleting them cannot be undone.`}
      </p>
      {rows.length > 0 ? (
        <ul className="plain">
          {rows.map((r) => (
            <li key={r.id}>
              {`#${r.id} · ${r.form === "contact" ? "Message" : "Signup"} · ${momentWords(new Date(r.createdAt))}${r.spam ? " · spam" : ""}`}
            </li>
          ))}
        </ul>
      ) : null}
      {rows.length > 0 ? (
        <form method="post" action="/inbox/forget" className="stack">
          <input type="hidden" name="id" defaultValue={String(id)} />
          <button type="submit" className={buttonStyles.danger}>
            {`Delete ${plural(rows.length, "submission", "submissions")}`}
          </button>
        </form>
      ) : null}
      <p>
        <a href={messagesPath}>Back to the inbox</a>
      </p>
    </>,
    email,
  );
}
