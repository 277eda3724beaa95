// The JavaScript a phone loads from a page, for `npm run bench:pages`: Chromium
// (playwright-core) as a 390x844 phone at 3 device pixels per CSS pixel (the budgets' phone)
// loads the page, waits for the network to settle, scrolls to the end half a screen at a time
// and waits again, without touching a form; then, on a page with a form island, taps the first
// field of each form and waits for its island to hydrate (client:touch, issue 43) and the
// network to settle. Every script response counts: the bytes the browser received
// (encodedDataLength: brotli, as Caddy passes on the server's .br files), the gzip -9 size of
// the same bodies (the budgets' unit), how much had come before the first scroll, and how much
// once the forms were touched.
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { touchEachIsland } from "./page-scripts.ts";

const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 };

export interface Wire {
  /**
   * Bytes received for the scripts read to the end (encodedDataLength), and gzip -9 of their
   * bodies; `scripts` and `encodings` are those scripts'.
   */
  sent: number;
  gzip: number;
  sentBeforeScroll: number;
  /** Bytes received once a field of each form was tapped and its island hydrated. */
  sentTouched: number;
  scripts: number;
  /** The document's protocol ("h2") and each script's Content-Encoding ("br"), to show how. */
  protocol: string;
  encodings: string[];
}

/** What one phone loads on `url`, scrolled to the end, in a context (cache) of its own. */
export async function jsOnTheWire(browser: Browser, url: string): Promise<Wire> {
  const context = await browser.newContext({
    ...phone,
    isMobile: true,
    hasTouch: true,
    ignoreHTTPSErrors: true,
  });
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.enable");
    const inFlight = new Set<string>();
    let lastChange = Date.now();
    const scriptIds = new Map<string, { url: string; encoding: string }>();
    const scripts = new Map<string, { sent: number; encoding: string; body: Promise<Buffer> }>();
    let protocol = "";
    cdp.on("Network.requestWillBeSent", (e) => {
      if (e.request.url.startsWith("data:")) return;
      inFlight.add(e.requestId);
      lastChange = Date.now();
    });
    cdp.on("Network.responseReceived", (e) => {
      if (e.type === "Document" && e.response.url === url) protocol = e.response.protocol ?? "";
      if (e.type !== "Script" && !/javascript/.test(e.response.mimeType)) return;
      const encoding = Object.entries(e.response.headers).find(
        ([name]) => name.toLowerCase() === "content-encoding",
      )?.[1];
      scriptIds.set(e.requestId, { url: e.response.url, encoding: String(encoding ?? "none") });
    });
    cdp.on("Network.loadingFinished", (e) => {
      inFlight.delete(e.requestId);
      lastChange = Date.now();
      const script = scriptIds.get(e.requestId);
      // The same module asked for twice (a preload, then the import) counts once.
      if (!script || scripts.has(script.url)) return;
      const body = cdp
        .send("Network.getResponseBody", { requestId: e.requestId })
        .then((b) => Buffer.from(b.body, b.base64Encoded ? "base64" : "utf8"));
      scripts.set(script.url, { sent: e.encodedDataLength, encoding: script.encoding, body });
    });
    cdp.on("Network.loadingFailed", (e) => {
      inFlight.delete(e.requestId);
      lastChange = Date.now();
    });
    /** Resolves once nothing has been in flight for half a second (15 s at most). */
    const settled = async () => {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastChange < 500)) {
        await tab.waitForTimeout(100);
      }
    };

    await tab.goto(url, { waitUntil: "load" });
    await settled();
    const sentBeforeScroll = [...scripts.values()].reduce((sum, s) => sum + s.sent, 0);
    // Half a screen at a time, as a visitor scrolls, so what loads as it nears comes in.
    for (let y = 0; ; y += phone.viewport.height / 2) {
      const height = await tab.evaluate(() => document.documentElement.scrollHeight);
      await tab.evaluate((top) => window.scrollTo(0, top), Math.min(y, height));
      await tab.waitForTimeout(60);
      if (y >= height) break;
    }
    await settled();
    const sum = () => [...scripts.values()].reduce((total, s) => total + s.sent, 0);
    const sent = sum();
    const read = [...scripts.values()];
    const bodies = await Promise.all(read.map((s) => s.body));
    // Then a visitor who uses the forms.
    if (!(await touchEachIsland(tab)))
      throw new Error(`${url}: an island did not hydrate when its form was tapped`);
    await settled();
    return {
      sent,
      sentTouched: sum(),
      gzip: bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
      sentBeforeScroll,
      scripts: read.length,
      protocol,
      encodings: read.map((s) => s.encoding),
    };
  } finally {
    await context.close();
  }
}
