// The owner's short pages: the sign-in steps (ask for a link, check your email, press to sign
// in, a link that cannot be used, please sign in, email that cannot be sent) and the one-message answer to an action
// (messagePage). Each is a page of the frame (layout.tsx); the inbox's list is inbox-page.tsx.
import { buttonStyles } from "../../ui/button-styles.ts";
import { Field } from "../../ui/field.tsx";
import { Honeypot } from "../../ui/honeypot.tsx";
import { linkMinutes } from "./auth.ts";
import { BackToInbox } from "./back-to-inbox.tsx";
import { layout } from "./layout.tsx";
import { OwnerEmailInput } from "./owner-email-input.tsx";
import { cannotSendWords, firstRunWords, type HostHelp } from "./words.ts";

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
        <Field id="email" label="Your email">
          <OwnerEmailInput />
        </Field>
        {/* A bot that fills every field asks for no link (sign-in-routes.ts). */}
        <Honeypot />
        <button type="submit" className={buttonStyles.brand}>
          Email me a sign-in link
        </button>
      </form>
    </>,
  );
}

/**
 * Where the site cannot email a sign-in link at all: why, and what to do (while no owner
 * exists, the first run at /setup). The same page for every address typed.
 */
export function cannotSendPage(
  why: "email" | "siteUrl",
  help: HostHelp,
  ownerExists: boolean,
): Promise<string> {
  return layout(
    cannotSendWords.title,
    <>
      <h1>{cannotSendWords.heading}</h1>
      <p role="status">
        {why === "email" ? cannotSendWords.noEmail(help) : cannotSendWords.noSiteUrl}
      </p>
      {ownerExists ? (
        <p>{cannotSendWords.ownerExists}</p>
      ) : (
        <>
          <p>{cannotSendWords.noOwner}</p>
          <p>
            <a href={firstRunWords.path}>{cannotSendWords.setUp}</a>
          </p>
        </>
      )}
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
      <BackToInbox />
    </>,
    signedInAs,
  );
}
