import { loadSiteContent } from "../app/content/load.ts";

const s = loadSiteContent();
console.log(Object.keys(s), s.specialDates.length, s.announcement);
try {
  loadSiteContent("/tmp/c2");
} catch (e) {
  console.log((e as Error).message);
}
