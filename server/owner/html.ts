// The owner's screens are React components rendered to HTML on the server (decision 019), the
// same on Node and on the Worker: react-dom/static's prerender (Node's build on Node, the edge
// build in the Worker's bundle), which waits for the whole page. Not react-dom/server's
// renderToStaticMarkup: its module brings a second copy of the renderer (the legacy one beside
// the streaming one), which doubled what React adds to the Worker's bundle. No script is sent:
// a page is markup and one stylesheet, every action a form.
// The components are TSX (decision 026): wrangler's esbuild compiles them into the Worker's
// bundle, and on Node server/node/jsx.ts compiles each as it loads.
import type { ReactElement } from "react";
import { prerender } from "react-dom/static";

/**
 * A page as HTML, as React writes it: `<!DOCTYPE html>` first (the document is an <html>
 * element), then the markup, untouched (decision 026: no rewriting of React's output).
 */
export async function renderPage(page: ReactElement): Promise<string> {
  const { prelude } = await prerender(page);
  return `${await new Response(prelude).text()}\n`;
}
