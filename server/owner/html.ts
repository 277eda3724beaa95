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

/** HTML's own boolean attributes, which React writes as `name=""`. */
const booleans =
  /\s(autofocus|checked|disabled|download|hidden|multiple|readonly|required|selected)=""/g;

/**
 * A page as HTML, spelt as the owner's pages always were (the tests pin a few exact strings):
 * `<!doctype html>` first, no `<!-- -->` between texts (React marks them for a hydration
 * that never comes), void elements without the XML slash, boolean attributes bare, an
 * input's type, id, name and value first (React writes name and value last), and `'` as
 * `&#39;`. Safe as plain text edits: React escapes every `"`, `'`, `<` and `>` in text and in
 * attribute values, so none of these patterns can come from what was typed.
 */
export async function renderPage(page: ReactElement): Promise<string> {
  const { prelude } = await prerender(page);
  const markup = (await new Response(prelude).text())
    .replace(/^<!DOCTYPE html>/, "")
    .replaceAll("<!-- -->", "")
    .replace(/<input( [^>]*)\/>/g, (_, attributes: string) => {
      const all = [...attributes.matchAll(/ [^\s=]+(?:="[^"]*")?/g)].map(([a]) => a);
      const named = (name: string) => all.filter((a) => a.startsWith(` ${name}=`));
      const first = ["type", "id", "name", "value"].flatMap(named);
      return `<input${[...first, ...all.filter((a) => !first.includes(a))].join("")}>`;
    })
    .replace(/\/>/g, ">")
    .replace(booleans, " $1")
    .replaceAll("&#x27;", "&#39;");
  return `<!doctype html>\n${markup}\n`;
}
