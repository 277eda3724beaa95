// The owner's home at /inbox/ once signed in (issue 33): what needs the owner first (new
// messages and signups, the update the site shows now, a list or the editor not connected),
// then the doors, each one tap away: Messages, Signups, Post an update, How the site is doing,
// Edit the site. With the site's own counts, the first screen says this week's in one line.
// Phone first: one column of large links. Its words are words.ts's.
import { momentWords } from "../../rink/clock.ts";
import type { LiveUpdate } from "../../rink/live-update.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { insightsPath, insightsWords } from "../insights/words.ts";
import type { ListId } from "../lists/service.ts";
import { h } from "./html.ts";
import { layout } from "./pages.ts";
import type { InboxCounts } from "./store.ts";
import { homeWords as words } from "./words.ts";

/** The lists this site sends to, and the service each one needs. */
const listServices: Record<ListId, { list: string; service: string }> = {
  email: { list: "The email list", service: "Kit" },
  text: { list: "The text list", service: "Twilio" },
};

export interface HomePageData {
  email: string;
  counts: InboxCounts;
  /** "Post an update" is there (owner/update-routes.ts); else no door to it. */
  updates: boolean;
  /** The update the site shows now, with its headline. */
  live: { update: LiveUpdate; headline: string } | null;
  /** The lists whose service is not set up (only said when "Post an update" is there). */
  listsNotConnected: ListId[];
  /** Whether the editor's GitHub App is set up (editor/): else "Edit the site" cannot save. */
  editorConnected: boolean;
  /** This week's visits, calls tapped and signups (insights/); null without the counts. */
  thisWeek?: { visits: number; calls: number; signups: number } | null;
}

interface Attention {
  key: string;
  text: string;
  href: string;
  /** A setting to ask the developer for, said smaller, after what is new. */
  setup?: true;
}

function attention(data: HomePageData): Attention[] {
  const { counts } = data;
  return [
    counts.newMessages > 0
      ? {
          key: "messages",
          text: words.newMessages(counts.newMessages),
          href: "/inbox/?view=messages",
        }
      : null,
    counts.newSignups > 0
      ? { key: "signups", text: words.newSignups(counts.newSignups), href: "/inbox/?view=signups" }
      : null,
    data.live
      ? {
          key: "live",
          text: words.liveUpdate(data.live.headline, momentWords(new Date(data.live.update.until))),
          href: "/inbox/updates",
        }
      : null,
    ...data.listsNotConnected.map((id) => ({
      key: `list-${id}`,
      text: words.listNotConnected(listServices[id].list, listServices[id].service),
      href: "/inbox/updates",
      setup: true as const,
    })),
    data.editorConnected
      ? null
      : { key: "editor", text: words.editorNotConnected, href: "/admin/", setup: true as const },
  ].filter((item): item is Attention => item !== null);
}

function Door({
  href,
  label,
  hint,
  fresh,
}: {
  href: string;
  label: string;
  hint: string;
  fresh?: number;
}) {
  return h(
    "li",
    null,
    h(
      "a",
      { className: "door", href },
      h("span", { className: "door-label" }, label),
      fresh ? " " : null,
      fresh ? h("span", { className: "badge" }, words.count(fresh)) : null,
      h("span", { className: "door-hint" }, hint),
    ),
  );
}

function HomeBody(data: HomePageData) {
  const needs = attention(data);
  const { doors } = words;
  return [
    h("h1", { key: "h" }, words.heading),
    data.thisWeek
      ? h(
          "p",
          { key: "w", className: "week" },
          h("a", { href: insightsPath }, insightsWords.thisWeek(data.thisWeek)),
        )
      : null,
    h(
      "section",
      { key: "a", "aria-labelledby": "attention-heading", className: "attention" },
      h("h2", { id: "attention-heading" }, words.attentionHeading),
      needs.length === 0
        ? h("p", { role: "status" }, words.nothingNeeded)
        : h(
            "ul",
            { className: "needs" },
            needs.map((item) =>
              h(
                "li",
                { key: item.key, className: item.setup ? "setup" : undefined },
                h("a", { href: item.href }, item.text),
              ),
            ),
          ),
    ),
    h(
      "nav",
      { key: "d", "aria-labelledby": "doors-heading" },
      h("h2", { id: "doors-heading" }, words.doorsHeading),
      h(
        "ul",
        { className: "doors" },
        h(Door, {
          href: "/inbox/?view=messages",
          ...doors.messages,
          fresh: data.counts.newMessages,
        }),
        h(Door, { href: "/inbox/?view=signups", ...doors.signups, fresh: data.counts.newSignups }),
        data.updates ? h(Door, { href: "/inbox/updates", ...doors.updates }) : null,
        data.thisWeek ? h(Door, { href: insightsPath, ...insightsWords.door }) : null,
        h(Door, { href: "/admin/", ...doors.editor }),
      ),
    ),
    h(
      "form",
      { key: "x", method: "post", action: "/inbox/sign-out-everywhere", className: "everywhere" },
      h("p", null, words.lostPhone),
      h("button", { type: "submit", className: buttonStyles.outline }, words.signOutEverywhere),
    ),
  ];
}

export function homePage(data: HomePageData): Promise<string> {
  return layout(words.title, h(HomeBody, data), data.email, true);
}
