import type { Config } from "@react-router/dev/config";
import { sitePages } from "./app/site-pages.ts";

// Every page is static: no server rendering at run time, every route prerendered
// to its own index.html at build ("/404" renders the catch-all route).
export default {
  ssr: false,
  // BUILD_DIR lets the end-to-end setup make a second build (forms on another origin).
  buildDirectory: process.env.BUILD_DIR || "build",
  // Every page of the one list (app/site-pages.ts); "/404" renders the catch-all route.
  prerender: sitePages.map((page) => page.path),
} satisfies Config;
