// `node scripts/make-images.ts`: renders the share image (1200x630) and the PNG icons from
// the project's own SVG art with the system Chromium, into public/. Run it after changing
// the rink's name or the art; the PNGs are committed so builds need no browser.
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium.ts";
import { loadSiteContent } from "../tooling/content/load.ts";

const site = loadSiteContent();

const icon = readFileSync("public/favicon.svg", "utf8");
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumArgs,
});

async function render(html: string, width: number, height: number, path: string) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`);
  await page.screenshot({ path, omitBackground: false });
  await page.close();
  console.log(`wrote ${path}`);
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
await render(
  `<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;display:flex;flex-direction:column;justify-content:center;gap:28px;background:linear-gradient(135deg,#2e1065,#581c87 55%,#be185d);color:white;font-family:sans-serif">
     <div style="width:120px;height:120px">${icon.replace("<svg", '<svg width="120" height="120"')}</div>
     <div style="font-size:84px;font-weight:800;line-height:1.05">${escapeHtml(site.name)}</div>
     <div style="font-size:36px;color:#fde68a;font-weight:700">Public skating · Birthday parties · Family owned</div>
   </div>`,
  1200,
  630,
  "public/og-image.png",
);
for (const size of [180, 192, 512]) {
  const name = size === 180 ? "apple-touch-icon.png" : `icon-${size}.png`;
  await render(
    icon.replace("<svg", `<svg width="${size}" height="${size}"`),
    size,
    size,
    `public/${name}`,
  );
}
await browser.close();
