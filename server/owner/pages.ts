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
import { displayValue, fieldLabel, formOfKind } from "../inbox/forms.ts";
import type { Submission } from "../inbox/submission.ts";
import { type OptOuts, optOutKey } from "../lists/outbox-store.ts";
import { linkMinutes } from "./auth.ts";
import { h, renderPage } from "./html.ts";
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
  return h(
    "html",
    { lang: "en" },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("meta", { name: "robots", content: "noindex, nofollow" }),
      h("title", null, `${title} · Inbox`),
      h("link", { rel: "stylesheet", href: stylesheetPath }),
      h("link", { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }),
    ),
    h(
      "body",
      null,
      h(
        "header",
        { className: "top" },
        h("p", { className: "brand" }, "Inbox"),
        signedInAs
          ? h(
              "form",
              { method: "post", action: "/inbox/sign-out", className: "signout" },
              h("span", { className: "who" }, ...breakableAddress(signedInAs)),
              h("button", { type: "submit", className: buttonStyles.secondary }, "Sign out"),
            )
          : null,
      ),
      h(
        "main",
        { id: "main" },
        signedInAs && !atHome
          ? h("p", { className: "crumb" }, h("a", { href: "/inbox/" }, homeWords.home))
          : null,
        children,
      ),
    ),
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
      parts.push(h("wbr", { key: i }), piece);
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
  return renderPage(h(Layout, { title, signedInAs, atHome }, body));
}

export function signInPage(note?: string): Promise<string> {
  return layout("Sign in", [
    h("h1", { key: "h" }, "Sign in to the inbox"),
    h(
      "p",
      { key: "p" },
      `Type your email address. If it is one of the rink's owner addresses, we email you a link that signs you in. It works once, for ${linkMinutes} minutes.`,
    ),
    note ? h("p", { key: "n", className: "note", role: "status" }, note) : null,
    h(
      "form",
      { key: "f", method: "post", action: "/inbox/sign-in", className: "stack" },
      h("label", { htmlFor: "email" }, "Your email"),
      h("input", {
        id: "email",
        name: "email",
        type: "email",
        className: controlStyles.light,
        autoComplete: "email",
        required: true,
        maxLength: 254,
      }),
      h("button", { type: "submit", className: buttonStyles.brand }, "Email me a sign-in link"),
    ),
  ]);
}

export function linkSentPage(): Promise<string> {
  return layout("Check your email", [
    h("h1", { key: "h" }, "Check your email"),
    h(
      "p",
      { key: "p", role: "status" },
      `If that address is one of the owner addresses, a sign-in link is on its way. Open it on this phone or computer within ${linkMinutes} minutes.`,
    ),
    h("p", { key: "a" }, h("a", { href: "/inbox/" }, "Ask for another link")),
  ]);
}

/** A GET of the emailed link only shows this: a mail scanner's visit must not use it up. */
export function confirmLinkPage(token: string): Promise<string> {
  return layout("Sign in", [
    h("h1", { key: "h" }, "Sign in to the inbox"),
    h(
      "form",
      { key: "f", method: "post", action: "/inbox/auth", className: "stack" },
      h("input", { type: "hidden", name: "token", defaultValue: token }),
      h("button", { type: "submit", className: buttonStyles.brand }, "Sign in"),
    ),
  ]);
}

export function badLinkPage(): Promise<string> {
  return layout("Link expired", [
    h("h1", { key: "h" }, "This sign-in link cannot be used"),
    h(
      "p",
      { key: "p" },
      `It has expired, it was already used, or it was copied wrongly. Each link works once, for ${linkMinutes} minutes.`,
    ),
    h("p", { key: "a" }, h("a", { href: "/inbox/" }, "Ask for a new link")),
  ]);
}

export function pleaseSignInPage(): Promise<string> {
  return layout("Please sign in", [
    h("h1", { key: "h" }, "Please sign in"),
    h("p", { key: "p" }, "You are signed out, or your sign-in has ended."),
    h("p", { key: "a" }, h("a", { href: "/inbox/" }, "Sign in to the inbox")),
  ]);
}

/** A short answer to an action, with the way back; the signed-in header when signed in. */
export function messagePage(title: string, text: string, signedInAs?: string): Promise<string> {
  return layout(
    title,
    [
      h("h1", { key: "h" }, title),
      h("p", { key: "p", role: "status" }, text),
      h("p", { key: "a" }, h("a", { href: messagesPath }, "Back to the inbox")),
    ],
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
    return h(
      "li",
      { key: view },
      h(
        "a",
        {
          href: `/inbox/?view=${view}`,
          "aria-current": current === view ? "page" : undefined,
        },
        `${label} (${count(counts)})`,
        news > 0 ? " " : null,
        news > 0 ? h("span", { className: "badge" }, `${news} new`) : null,
      ),
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
      h("dt", { key: `t-${name}` }, form ? fieldLabel(form, name) : name),
      h("dd", { key: `d-${name}` }, form ? displayValue(form, name, data[name] ?? "") : data[name]),
    ]);
  const standing = textStanding(submission, optOuts, dropped);
  return h(
    "li",
    { className: fresh ? "item fresh" : "item" },
    h(
      "article",
      { "aria-labelledby": `s${submission.id}` },
      h(
        "h2",
        { id: `s${submission.id}` },
        fresh ? h("span", { className: "badge" }, "New") : null,
        fresh ? " " : null,
        who,
      ),
      h(
        "p",
        { className: "meta" },
        `${momentWords(new Date(submission.createdAt))} · #${submission.id}`,
      ),
      h(
        "p",
        { className: "contact" },
        data.email ? h("a", { href: replyLink(submission) }, `Reply to ${data.email}`) : null,
        data.phone
          ? h("a", { href: `tel:${data.phone.replace(/[^\d+]/g, "")}` }, `Call ${data.phone}`)
          : null,
      ),
      details.length > 0 ? h("dl", null, details) : null,
      standing ? h("p", { className: "standing" }, `Text alerts: ${standing}`) : null,
      h(
        "div",
        { className: "actions" },
        submission.spam
          ? null
          : h(
              "form",
              { method: "post", action: `/inbox/handled/${submission.id}` },
              h("input", { type: "hidden", name: "handled", defaultValue: fresh ? "1" : "0" }),
              h("input", {
                type: "hidden",
                name: "back",
                defaultValue: `/inbox/?${new URLSearchParams({ view, q: search })}`,
              }),
              h(
                "button",
                { type: "submit", className: fresh ? buttonStyles.brand : buttonStyles.outline },
                fresh ? "Mark handled" : "Mark as new again",
              ),
            ),
        h(
          "a",
          { className: "danger-link", href: `/inbox/forget?id=${submission.id}` },
          "Delete this person's data",
        ),
      ),
    ),
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
  return [
    h("h1", { key: "h" }, "Inbox"),
    h(
      "p",
      { key: "s", className: "summary", role: "status" },
      newCount === 0
        ? "Nothing new."
        : `${newCount} new: ${plural(counts.newMessages, "message", "messages")}, ${plural(counts.newSignups, "signup", "signups")}.`,
    ),
    updates
      ? h(
          "p",
          { key: "u" },
          h(
            "a",
            { className: `${buttonStyles.brand} no-underline`, href: "/inbox/updates" },
            "Post an update",
          ),
        )
      : null,
    h(
      "nav",
      { key: "n", "aria-label": "Kinds" },
      h("ul", { className: "tabs" }, h(ViewLinks, { current: view, counts })),
    ),
    h(
      "form",
      { key: "q", method: "get", action: "/inbox/", className: "search", role: "search" },
      h("input", { type: "hidden", name: "view", defaultValue: view }),
      h("label", { htmlFor: "q" }, "Search by name, email or phone"),
      h(
        "div",
        { className: "row" },
        h("input", {
          id: "q",
          name: "q",
          type: "search",
          defaultValue: search,
          maxLength: 100,
          className: controlStyles.light,
        }),
        h("button", { type: "submit", className: buttonStyles.brand }, "Search"),
      ),
    ),
    view === "signups"
      ? h(
          "p",
          { key: "d", className: "downloads" },
          h(
            "a",
            {
              className: `${buttonStyles.brand} no-underline`,
              href: "/inbox/export/newsletter.csv",
              download: true,
            },
            "Download the signups (CSV)",
          ),
          lists.map((list) =>
            h(
              "a",
              {
                key: list.id,
                href: `/inbox/export/newsletter.csv?list=${list.id}`,
                download: true,
              },
              `${list.name} (CSV)`,
            ),
          ),
        )
      : null,
    view === "spam" && counts.spam > 0
      ? h(
          "form",
          { key: "e", method: "post", action: "/inbox/spam/empty" },
          h(
            "button",
            { type: "submit", className: buttonStyles.danger },
            `Empty the spam (${counts.spam})`,
          ),
        )
      : null,
    rows.length === 0
      ? h(
          "p",
          { key: "r" },
          search
            ? `Nothing matches “${search}”.`
            : `No ${views.find((v) => v.view === view)?.label.toLowerCase()} yet.`,
        )
      : h(
          "ul",
          { key: "r", className: "items" },
          rows.map((row) =>
            h(Item, { key: row.id, submission: row, view, search, optOuts, dropped }),
          ),
        ),
    h(
      "form",
      { key: "x", method: "post", action: "/inbox/sign-out-everywhere", className: "everywhere" },
      h("p", null, homeWords.lostPhone),
      h("button", { type: "submit", className: buttonStyles.outline }, homeWords.signOutEverywhere),
    ),
  ];
}

export function inboxPage(data: InboxPageData): Promise<string> {
  return layout("Inbox", h(InboxBody, data), data.email);
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
    [
      h("h1", { key: "h" }, `Delete ${person.shown}'s data?`),
      h(
        "p",
        { key: "p" },
        rows.length === 0
          ? "Nothing is stored for them."
          : `${plural(rows.length, "submission holds", "submissions hold")} this email or phone, however the number was written. Deleting them cannot be undone.`,
      ),
      rows.length > 0
        ? h(
            "ul",
            { key: "l", className: "plain" },
            rows.map((r) =>
              h(
                "li",
                { key: r.id },
                `#${r.id} · ${r.form === "contact" ? "Message" : "Signup"} · ${momentWords(new Date(r.createdAt))}${r.spam ? " · spam" : ""}`,
              ),
            ),
          )
        : null,
      rows.length > 0
        ? h(
            "form",
            { key: "f", method: "post", action: "/inbox/forget", className: "stack" },
            h("input", { type: "hidden", name: "id", defaultValue: String(id) }),
            h(
              "button",
              { type: "submit", className: buttonStyles.danger },
              `Delete ${plural(rows.length, "submission", "submissions")}`,
            ),
          )
        : null,
      h("p", { key: "a" }, h("a", { href: messagesPath }, "Back to the inbox")),
    ],
    email,
  );
}
