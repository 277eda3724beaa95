// The site's own links: part of its structure (the route table), not the owner's content.
export const nav = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/parties", label: "Parties" },
  { to: "/contact", label: "Contact" },
] as const;

export const footerLinks = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/parties", label: "Birthday Parties" },
  { to: "/contact", label: "Contact" },
] as const;

export type NavLink = (typeof nav)[number] | (typeof footerLinks)[number];
