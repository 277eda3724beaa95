import type { Plugin } from "vite";
import { ContentError, contentDir, loadSiteContent } from "../content/load.ts";

const id = "virtual:rink-content";
const resolved = `\0${id}`;

/**
 * The owner's content files (content/*.yml) as the module `virtual:rink-content`, read through
 * their schema: a malformed price, time or date fails the build with the file, line and field,
 * so a typo never reaches a visitor. In `npm run dev` an edited file reloads the page.
 */
export function rinkContent(): Plugin {
  return {
    name: "rink-content",
    resolveId: (source) => (source === id ? resolved : undefined),
    load(moduleId) {
      if (moduleId !== resolved) return;
      try {
        const site = loadSiteContent();
        // JSON.parse of a string literal is faster for the browser than an object literal.
        return `export const site = JSON.parse(${JSON.stringify(JSON.stringify(site))});`;
      } catch (error) {
        if (error instanceof ContentError) this.error(error.message);
        throw error;
      }
    },
    configureServer(server) {
      server.watcher.add(contentDir);
      server.watcher.on("change", (file) => {
        if (!file.startsWith(contentDir)) return;
        const module = server.moduleGraph.getModuleById(resolved);
        if (module) server.moduleGraph.invalidateModule(module);
        server.ws.send({ type: "full-reload" });
      });
    },
  };
}
