// The owner's screens' one stylesheet: owner.css compiled with the site's Tailwind and tokens
// (tooling/owner-css.ts, `npm run owner-css`) into stylesheet-built.ts, served by routes.ts at
// stylesheetPath on both hosts under the pages' strict policy (`style-src 'self'`; no inline
// style anywhere). Its address holds a hash of its text, so a browser keeps it for a year and
// a new stylesheet is a new address.
import { stylesheetHash } from "./stylesheet-built.ts";

export { stylesheet } from "./stylesheet-built.ts";

export const stylesheetPath = `/inbox/inbox.${stylesheetHash}.css`;
