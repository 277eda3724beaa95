// The owner's home at /inbox/ once signed in (issue 33): what needs the owner first (new
// messages and signups, the update the site shows now, a list or the editor not connected),
// then the doors, each one tap away: Messages, Signups, Post an update, How the site is doing,
// Edit the site. With the site's own counts, the first screen says this week's in one line.
// Phone first: one column of large links. Its words are words.ts's.
import { momentWords } from "../../rink/clock.ts";
import type { LiveUpdate } from "../../rink/live-update.ts";
import { insightsPath, insightsWords } from "../insights/words.ts";
import type { ListId } from "../lists/service.ts";
import { layout } from "./layout.tsx";
import { SignOutEverywhere } from "./sign-out-everywhere.tsx";
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
  return (
    <li>
      <a className="door" href={href}>
        <span className="door-label">{label}</span>
        {fresh ? " " : null}
        {fresh ? <span className="badge">{words.count(fresh)}</span> : null}
        <span className="door-hint">{hint}</span>
      </a>
    </li>
  );
}

function HomeBody(data: HomePageData) {
  const needs = attention(data);
  const { doors } = words;
  return (
    <>
      <h1>{words.heading}</h1>
      {data.thisWeek ? (
        <p className="week">
          <a href={insightsPath}>{insightsWords.thisWeek(data.thisWeek)}</a>
        </p>
      ) : null}
      <section aria-labelledby="attention-heading" className="attention">
        <h2 id="attention-heading">{words.attentionHeading}</h2>
        {needs.length === 0 ? (
          <p role="status">{words.nothingNeeded}</p>
        ) : (
          <ul className="needs">
            {needs.map((item) => (
              <li key={item.key} className={item.setup ? "setup" : undefined}>
                <a href={item.href}>{item.text}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <nav aria-labelledby="doors-heading">
        <h2 id="doors-heading">{words.doorsHeading}</h2>
        <ul className="doors">
          <Door href="/inbox/?view=messages" {...doors.messages} fresh={data.counts.newMessages} />
          <Door href="/inbox/?view=signups" {...doors.signups} fresh={data.counts.newSignups} />
          {data.updates ? <Door href="/inbox/updates" {...doors.updates} /> : null}
          {data.thisWeek ? <Door href={insightsPath} {...insightsWords.door} /> : null}
          <Door href="/admin/" {...doors.editor} />
        </ul>
      </nav>
      <SignOutEverywhere />
    </>
  );
}

export function homePage(data: HomePageData): Promise<string> {
  return layout(words.title, <HomeBody {...data} />, data.email, true);
}
