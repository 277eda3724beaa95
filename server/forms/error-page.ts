// The page a visitor without JavaScript sees when a form post is refused. Plain HTML with no
// inline script or style, so it passes any Content-Security-Policy the site uses.

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export interface ErrorPage {
  title: string;
  /** One line each, already phrased for people ("Email should be an email"). */
  problems: string[];
  /** Where the link back goes, and what it says. */
  backHref: string;
  backText: string;
}

export function renderErrorPage({ title, problems, backHref, backText }: ErrorPage): string {
  const items = problems.map((p) => `      <li>${escapeHtml(p)}</li>`).join("\n");
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(title)}</title>
  </head>
  <body>
    <main>
      <h1>${escapeHtml(title)}</h1>
      <ul>
${items}
      </ul>
      <p>Use your browser's Back button to return to the form with what you typed, or
        <a href="${escapeHtml(backHref)}">${escapeHtml(backText)}</a>.</p>
    </main>
  </body>
</html>
`;
}
