// Loaded with `node --import` before the Node steps of the build (finish-build.ts): notes every
// module of the project they load, for the stale-build check (build-inputs.ts). Registered
// before anything else loads, so nothing escapes it; it imports only Node's own modules.
import { registerHooks } from "node:module";
import { fileURLToPath } from "node:url";

export const modulesLoaded = new Set<string>([fileURLToPath(import.meta.url)]);

registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    if (result.url.startsWith("file:")) modulesLoaded.add(fileURLToPath(result.url));
    return result;
  },
});
