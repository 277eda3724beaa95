// The frame of every owner page, React rendered to HTML on the server (html.ts), the same on
// Node and on the Worker: no script at all (so none of it can reach the public pages' bundles,
// and it works on any phone), one small stylesheet, every action a plain form. React escapes
// every value put in.
import type { ReactNode } from "react";
import { buttonStyles } from "../../ui/button-styles.ts";
import { renderPage } from "./html.ts";
import { stylesheetPath } from "./stylesheet.ts";
import { homeWords } from "./words.ts";

interface LayoutProps {
  title: string;
  signedInAs?: string | undefined;
  /** The home screen itself: no link to it. */
  atHome?: boolean;
  children?: ReactNode;
}

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
