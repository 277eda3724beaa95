import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("parties", "routes/parties.tsx"),
  route("policies", "routes/policies.tsx"),
  route("contact", "routes/contact.tsx"),
  // Where the inbox redirects a form posted without JavaScript.
  route("contact/thanks", "routes/contact-thanks.tsx"),
  route("newsletter/thanks", "routes/newsletter-thanks.tsx"),
  // Any other path: a helpful "page not found" screen, prerendered as /404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
