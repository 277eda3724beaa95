// The owner's screens are TSX (decision 026); Node's type stripping runs the server's .ts files
// as they are but has no JSX. Imported first by index.ts, this hooks Node's module loader so
// that every .tsx file is compiled by SWC (@swc/core, the project's own dependency, in process)
// as it loads: its types removed and its JSX turned into calls to React's automatic runtime
// (react/jsx-runtime), as tsconfig.json's `"jsx": "react-jsx"` says and as wrangler's esbuild
// does for the Worker's bundle. Nothing is written to disk and nothing reaches a browser: the
// pages are rendered to HTML on the server. The .ts files still go to Node untouched.
import { readFileSync } from "node:fs";
import { registerHooks, setSourceMapsSupport } from "node:module";
import { fileURLToPath } from "node:url";
import { transformSync } from "@swc/core";

// An error inside a page names its line in the .tsx file, through the inline source map.
setSourceMapsSupport(true);

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith("file:") || !url.endsWith(".tsx")) return nextLoad(url, context);
    const filename = fileURLToPath(url);
    const { code } = transformSync(readFileSync(filename, "utf8"), {
      filename,
      sourceMaps: "inline",
      swcrc: false,
      configFile: false,
      jsc: {
        parser: { syntax: "typescript", tsx: true },
        target: "es2024",
        transform: { react: { runtime: "automatic", importSource: "react" } },
      },
      module: { type: "es6" },
    });
    return { format: "module", source: code, shortCircuit: true };
  },
});
