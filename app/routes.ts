import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { sitePages } from "./site-pages.ts";

// The route table, from the one list of pages: "/" is the index, the 404 page the catch-all.
export default sitePages.map((page) => {
  const file = `routes/${page.module}.tsx`;
  if (page.path === "/") return index(file);
  return route(page.kind === "not-found" ? "*" : page.path.slice(1), file);
}) satisfies RouteConfig;
