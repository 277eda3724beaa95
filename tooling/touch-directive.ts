// The `client:touch` directive (app/browser/touch-directive.ts: an island hydrates on the first
// use of its form; issue 43, decision 015) as an Astro integration. Astro bundles the directive
// with esbuild, outside Vite's module graph, so the file is written down here as one the build
// read (tooling/build-inputs.ts): a change to it makes `npm start` and the tests build again.
// tooling/island-runtime.ts then moves it, with Astro's own runtime, into the islands' file.
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { recordInputs } from "./build-inputs.ts";

const entrypoint = fileURLToPath(new URL("../app/browser/touch-directive.ts", import.meta.url));

declare module "astro" {
  interface AstroClientDirectives {
    "client:touch"?: boolean;
  }
}

export function touchDirective(): AstroIntegration {
  return {
    name: "rink-touch-directive",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({ name: "touch", entrypoint });
      },
      "astro:build:done": () => recordInputs("touch-directive", [entrypoint]),
    },
  };
}
