// The owner's content (content/*.yml), read and checked at build (tooling/vite/content-plugin.ts).
// Node tools and tests read the same files with loadSiteContent (tooling/content/load.ts).
export { site } from "virtual:rink-content";
