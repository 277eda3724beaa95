// What a beacon's request says about its visitor, reduced at once to what is counted: the
// referrer to a kind of source and a bare site name, the user agent to a device class (or a
// bot, not counted), and the browser's privacy signals. The full referrer and the user agent
// go no further than these functions.
import { isbot } from "isbot";

export type SourceKind = "search" | "social" | "direct" | "other";
export type DeviceClass = "phone" | "tablet" | "laptop";

export interface Source {
  kind: SourceKind;
  /** "Google", "Facebook", "indyparent.com"; "" for direct. */
  site: string;
}

/** A user agent longer than any browser's is not one (and bounds the bot pattern's work). */
export const maxUserAgentLength = 512;

// Anchored at the host's end, each a plain alternation: linear in the host's length.
const searchEngines: [RegExp, string][] = [
  [/(?:^|\.)google\.(?:com?\.)?[a-z]{2,3}$/, "Google"],
  [/(?:^|\.)googlequicksearchbox$/, "Google"],
  [/(?:^|\.)bing\.com$/, "Bing"],
  [/(?:^|\.)duckduckgo\.com$/, "DuckDuckGo"],
  [/(?:^|\.)yahoo\.(?:com?\.)?[a-z]{2,3}$/, "Yahoo"],
  [/(?:^|\.)ecosia\.org$/, "Ecosia"],
  [/(?:^|\.)search\.brave\.com$/, "Brave Search"],
  [/(?:^|\.)startpage\.com$/, "Startpage"],
  [/(?:^|\.)qwant\.com$/, "Qwant"],
  [/(?:^|\.)kagi\.com$/, "Kagi"],
  [/(?:^|\.)aol\.com$/, "AOL"],
  [/(?:^|\.)yandex\.[a-z]{2,3}$/, "Yandex"],
  [/(?:^|\.)baidu\.com$/, "Baidu"],
];

const socialSites: [RegExp, string][] = [
  [/(?:^|\.)(?:facebook\.com|fb\.com|fb\.me|messenger\.com|katana)$/, "Facebook"],
  [/(?:^|\.)(?:instagram\.com|instagram\.android)$/, "Instagram"],
  [/(?:^|\.)(?:t\.co|twitter\.com|x\.com)$/, "X (Twitter)"],
  [/(?:^|\.)tiktok\.com$/, "TikTok"],
  [/(?:^|\.)(?:pinterest\.(?:com?\.)?[a-z]{2,3}|pin\.it)$/, "Pinterest"],
  [/(?:^|\.)reddit\.com$/, "Reddit"],
  [/(?:^|\.)(?:youtube\.com|youtu\.be)$/, "YouTube"],
  [/(?:^|\.)(?:linkedin\.com|lnkd\.in)$/, "LinkedIn"],
  [/(?:^|\.)nextdoor\.com$/, "Nextdoor"],
  [/(?:^|\.)threads\.(?:net|com)$/, "Threads"],
  [/(?:^|\.)bsky\.app$/, "Bluesky"],
  [/(?:^|\.)snapchat\.com$/, "Snapchat"],
  [/(?:^|\.)whatsapp\.com$/, "WhatsApp"],
];

const hostPattern = /^[a-z0-9.-]{1,253}$/;

/**
 * Where a page view came from, by document.referrer (the beacon's `ref`): a search engine, a
 * social site, another site (by its bare name: "indyparent.com"), or direct (none, this site's
 * own pages, or something that is not a web address). `ownHosts`: this site's host names.
 */
export function classifyReferrer(ref: string | null, ownHosts: readonly string[]): Source {
  if (!ref) return { kind: "direct", site: "" };
  let host: string;
  try {
    // android-app://com.google.android.gm/ (an Android app's referrer) has its package as host.
    host = new URL(ref).hostname.toLowerCase();
  } catch {
    return { kind: "direct", site: "" };
  }
  if (!hostPattern.test(host)) return { kind: "direct", site: "" };
  const bare = host.replace(/^(?:www\d?|m|l|lm|mobile)\./, "");
  if (ownHosts.some((own) => own === host || own === bare)) return { kind: "direct", site: "" };
  for (const [pattern, name] of searchEngines) {
    if (pattern.test(host)) return { kind: "search", site: name };
  }
  for (const [pattern, name] of socialSites) {
    if (pattern.test(host)) return { kind: "social", site: name };
  }
  return { kind: "other", site: bare.slice(0, 80) };
}

/**
 * The visitor's device class from the user agent: a phone, a tablet, or anything bigger
 * ("laptop", desktops included). An iPad asking for the desktop site says "Macintosh" and is
 * counted as a laptop: the user agent alone cannot tell.
 */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (?:7|9|10)\b/i.test(userAgent)) return "tablet";
  if (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent)) {
    return "phone";
  }
  return "laptop";
}

/** Crawlers, monitors, link previews and scripts: isbot's list, kept by its authors. */
export function isBotAgent(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.length > maxUserAgentLength) return true;
  return isbot(userAgent);
}

/** Global Privacy Control or Do Not Track: the visitor asked not to be counted. */
export function asksNotToBeCounted(headers: {
  gpc: string | undefined;
  dnt: string | undefined;
}): boolean {
  return headers.gpc?.trim() === "1" || headers.dnt?.trim() === "1";
}
