import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
// The stylesheet is small (about 5.5 KB gzip): it is written into each prerendered page, so
// the first paint waits for no request but the page itself (a round trip less on a phone).
// Only the prerender reads the text; the browser's bundle keeps an empty string (see Layout).
import css from "./app.css?inline";
import { AnnouncementBanner } from "./components/announcement-banner";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { footerLinks, nav } from "./content/navigation";
import { site } from "./content/site";
import { announcementScript, announcementWindow } from "./lib/announcement";
import { builtAt } from "./lib/build-date";
import {
  bootScript,
  clearPendingNavigation,
  redirectStaleChunkReloads,
  rememberPendingNavigation,
} from "./lib/pending-navigation";
import { phoneByLabel } from "./lib/phone";

// Read once: the announcement's window on the rink's clock. Written into the pages only if it
// had not ended at the build (the browser decides the same, so hydration matches); the page
// then checks the visitor's clock (announcementScript).
const announcement = (() => {
  const w = announcementWindow(site.announcement, site.timeZone);
  return w && (w.until === null || w.until > builtAt) ? w : null;
})();

// `npm run dev` only (the build drops this line): Vite adds the stylesheet itself and swaps
// it on every edit, which the written-in copy cannot do.
if (import.meta.env.DEV && !import.meta.env.SSR) void import("./app.css");

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/icon-192.png", type: "image/png", sizes: "192x192" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const mainPhone = phoneByLabel(site.phones, "Main");
  return (
    // The boot script adds class="js" before React starts: expected, not a mismatch.
    <html lang="en-US" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3b0764" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed string of our own */}
        <script dangerouslySetInnerHTML={{ __html: bootScript }} />
        {announcement ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: built from the owner's dates only
          <script dangerouslySetInnerHTML={{ __html: announcementScript(announcement) }} />
        ) : null}
        {/* React keys a <style> with href and precedence by its href: hydration finds the
            prerendered one and keeps it, so the browser needs no copy of the text. */}
        <style href="site-css" precedence="default">
          {import.meta.env.SSR ? css : ""}
        </style>
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-900 focus:shadow-lg focus-visible:outline-accent-300"
        >
          Skip to main content
        </a>
        {announcement ? <AnnouncementBanner announcement={announcement} /> : null}
        <SiteHeader name={site.name} nav={nav} phone={mainPhone} />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter
          name={site.name}
          description={site.description}
          rating={site.rating}
          links={footerLinks}
          hours={site.hours}
          specialDates={site.specialDates}
          timeZone={site.timeZone}
          address={site.address}
          phone={mainPhone}
        />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const location = useLocation();
  useEffect(() => {
    document.addEventListener("click", rememberPendingNavigation, { capture: true });
    const stopRedirecting = redirectStaleChunkReloads();
    return () => {
      document.removeEventListener("click", rememberPendingNavigation, { capture: true });
      stopRedirecting();
    };
  }, []);
  // A navigation that rendered its page is no longer pending.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => clearPendingNavigation(), [location]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="font-display font-extrabold text-3xl text-brand-900">
        {notFound ? "Page not found" : "Something went wrong"}
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        Please reload the page, or call us and we will help.
      </p>
    </section>
  );
}
