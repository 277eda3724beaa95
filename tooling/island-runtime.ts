// Astro writes its island runtime (the <astro-island> element, 4.4 KB) and each hydration
// directive's loader into every page with an island, as inline scripts (by design: Astro issue
// 17017). On Home they were 1.5 KB of its 14.1 KB brotli, and pushed its HTML past what the
// first round trip carries (14.6 KB with the headers): a whole round trip more before the
// first paint on a slow phone. Here they become one file, named on each island (data-runtime)
// and fetched by the page's script only when a visitor first uses a form (app/browser/
// island-wake.ts): an <astro-island> parsed before its element is defined is upgraded when it
// is, and an island whose directive is not there yet waits for it (Astro's runtime listens for
// `astro:<name>`). Decision 016.
import { createHash } from "node:crypto";

/** An inline script of Astro's island machinery: the element's definition or a directive. */
const islandScript =
  /<script>(\(\(\)=>\{[\s\S]*?(?:customElements\.define\("astro-island"|\(self\.Astro\|\|\(self\.Astro=\{\}\)\)\.[a-z]+=)[\s\S]*?)<\/script>/g;

export interface IslandRuntime {
  /** The page without the inline scripts, each island naming the runtime's file. */
  html: string;
  /** The file to write under the site's root, by its content's hash; null if none was found. */
  file: { path: string; code: string } | null;
}

/**
 * Moves a page's island scripts into one file named by its content. A page with an
 * <astro-island> but none of these scripts means Astro changed how it writes them: that fails
 * the build rather than leave islands that never hydrate.
 */
export function externalizeIslandRuntime(html: string): IslandRuntime {
  const found = [...html.matchAll(islandScript)];
  if (found.length === 0) {
    if (html.includes("<astro-island")) {
      throw new Error(
        "A page has an <astro-island> but no inline island runtime: Astro now writes it another way (tooling/island-runtime.ts).",
      );
    }
    return { html, file: null };
  }
  if (!found.some((m) => m[1]?.includes('customElements.define("astro-island"'))) {
    throw new Error(
      "An island directive without Astro's island runtime (tooling/island-runtime.ts).",
    );
  }
  const code = found.map((m) => m[1]).join("\n");
  const hash = createHash("sha256").update(code).digest("base64url").slice(0, 10);
  const path = `/assets/islands.${hash}.js`;
  const out = html
    .replace(islandScript, "")
    .replaceAll("<astro-island ", `<astro-island data-runtime="${path}" `);
  return { html: out, file: { path, code } };
}
