// The owner's home screen's words, in one place: fixed product text (not the rink's business
// content, which lives in content/). home-page.tsx draws them; the tests read them from here.
import { plural } from "../../rink/plural.ts";

export const homeWords = {
  title: "Home",
  heading: "Your rink",
  attentionHeading: "Needs you",
  nothingNeeded: "Nothing needs you right now.",
  newMessages: (n: number) => `${plural(n, "new message", "new messages")} to read`,
  newSignups: (n: number) => `${plural(n, "new signup", "new signups")}`,
  liveUpdate: (headline: string, until: string) => `On the site now: ${headline}, until ${until}`,
  listNotConnected: (list: string, service: string) =>
    `${list} is not connected (${service}): updates go to the site only.`,
  editorNotConnected: "Edit the site is not connected yet: the site's developer sets it up once.",
  doorsHeading: "Go to",
  doors: {
    messages: { label: "Messages", hint: "What people sent from the contact form" },
    signups: { label: "Signups", hint: "The email and text lists, with downloads" },
    updates: {
      label: "Post an update",
      hint: "Closed, different hours or news, on the site and the lists",
    },
    editor: { label: "Edit the site", hint: "Prices, hours, closures, photos, the announcement" },
  },
  count: (n: number) => `${n} new`,
  home: "Home",
  lostPhone: "Lost a phone, or signed in on someone else's computer?",
  signOutEverywhere: "Sign out everywhere",
} as const;
