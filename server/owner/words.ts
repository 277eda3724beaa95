// The owner's screens' words, in one place: fixed product text (not the rink's business
// content, which lives in content/): the home (home-page.tsx), the first run at /setup and the
// sign-in where email cannot be sent. The pages draw them; the tests read them from here.
import { plural } from "../../rink/plural.ts";
import { setupCodeMinLength } from "../settings.ts";
import { setupTriesPerClient, setupTriesPerHour, setupTryMinutes } from "./first-run.ts";

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

/**
 * How a setting is set and what sends email, on the host the site runs on: the words the
 * owner is given when something is not set up. The host's entry point (node/, edge/) picks
 * one; without it, `anyHost`, which names both.
 */
export interface HostHelp {
  /** The steps that give the setting `name` a value of the owner's own. */
  setSetting(name: string): string;
  /** What sends the site's email here, and the settings it needs. */
  email: string;
}

const nodeSetSetting = (name: string) =>
  `On the server, add a line ${name}=… with a value of your own to the site's settings, /etc/rink-site.env, then restart the site (sudo systemctl restart rink-site). On your own computer: start it with ${name}=… npm start.`;
const workersSetSetting = (name: string) =>
  `In Cloudflare's dashboard, open Workers & Pages, then the site's Worker, then Settings, Variables and Secrets: add a secret named ${name} with a value of your own, and deploy.`;
const nodeEmail =
  "an SMTP server, named by the setting SMTP_URL, and the address the emails come from, NOTIFY_FROM";
const workersEmail =
  "Cloudflare's email sending, with the setting NOTIFY_FROM: an address on the site's domain, whose email sending is turned on in Cloudflare";

export const hostHelp = {
  node: { setSetting: nodeSetSetting, email: nodeEmail },
  workers: { setSetting: workersSetSetting, email: workersEmail },
  anyHost: {
    setSetting: (name: string) =>
      `On Cloudflare: ${workersSetSetting(name)} On your own server: ${nodeSetSetting(name)}`,
    email: `${workersEmail} on Cloudflare, or ${nodeEmail} on your own server`,
  },
} as const satisfies Record<string, HostHelp>;

/** The first run at /setup (first-run-routes.ts, first-run-pages.tsx). */
export const firstRunWords = {
  path: "/setup",
  title: "Set up the site",
  heading: "Set up your site",
  intro:
    "Type the setup code you chose when you put the site online, and your email address. You become the site's owner and are signed in on this phone or computer at once: no email is needed.",
  codeLabel: "Setup code",
  codeHint: "The SETUP_CODE setting, letter for letter.",
  emailLabel: "Your email",
  emailHint: "You sign in with this address from now on.",
  submit: "Set up and sign in",
  wrongCode:
    "That is not the setup code. Check it letter for letter against the SETUP_CODE setting, and try again.",
  badEmail: "Type your email address, like name@example.com.",
  tooManyNow: "Too many tries from this connection. Please wait a minute and try again.",
  tooMany: {
    client: `Too many tries from this connection: the setup code was tried ${setupTriesPerClient} times in ${setupTryMinutes} minutes. Please wait ${setupTryMinutes} minutes, check the code, and try again.`,
    everyone: `The setup code has been tried ${setupTriesPerHour} times in the last hour, from all connections together. Please wait an hour and try again.`,
  },
  noCodeTitle: "The setup code is not set",
  noCode: (help: HostHelp) =>
    `This page makes the first owner of the site, who must type the setup code, and this site has no setup code yet. ${help.setSetting("SETUP_CODE")} Use at least ${setupCodeMinLength} characters that no one could guess. Then open this page again.`,
  codeRefused: (help: HostHelp) =>
    `This page makes the first owner of the site, who must type the setup code, and the site's setup code is too short to be used: it needs at least ${setupCodeMinLength} characters. ${help.setSetting("SETUP_CODE")} Then open this page again.`,
  closedTitle: "The site is set up",
  closed: "This site already has its owner, so this page is closed for good.",
  signIn: "Sign in to the inbox",
  welcomeSubject: "You are the owner of the rink's site",
  welcome: (inbox: string) =>
    `You set up the site and are signed in as its owner on the phone or computer you used.\n\nThe owner's pages: ${inbox}\n\nTo sign in on another phone or computer, open that address and ask for a sign-in link for this email address.\n`,
} as const;

/**
 * The sign-in page where the site cannot email a sign-in link at all: the same words for every
 * address typed, as they say nothing of who is an owner.
 */
export const cannotSendWords = {
  title: "Sign in",
  heading: "This site cannot send email yet",
  noEmail: (help: HostHelp) =>
    `It cannot email anyone a sign-in link: it sends email through ${help.email}, and that is not set up yet.`,
  noSiteUrl:
    "It cannot email anyone a sign-in link: a link needs the site's address, the SITE_URL setting (like https://skateland.example.com), and it is not set yet.",
  noOwner: "Setting the site up? Sign in with your setup code instead: no email is needed.",
  setUp: "Set up the site",
  ownerExists:
    "To sign in, use a phone or computer where you are still signed in, or ask whoever runs the site to set up its email.",
} as const;
