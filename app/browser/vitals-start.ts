// The file the page's script fetches once the page is idle (page.ts): web-vitals and the report
// (vitals.ts), bundled by Vite on their own (page.ts imports this file's URL with `?worker&url`,
// Vite's documented way to build a file as a separate bundle and get its address). Fetched by
// address, it costs the page's script no loader of Vite's; and since such a bundle keeps no
// exports, it starts from the sender the page's beacon left on the window.
import { reportVitals } from "./vitals.ts";

if (window.rinkBeacon) reportVitals(window.rinkBeacon);
