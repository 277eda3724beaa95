// After a deploy, an open tab still points at the old build's route chunks. When one is gone,
// React Router calls location.reload(): on a hover prefetch that flashes the page for
// nothing, and on a click it reloads the page the visitor is leaving, not the one they
// asked for. So the link they clicked is remembered for a moment, and:
// - where the browser has the Navigation API, that script reload is cancelled and replaced
//   by one full load of the page asked for (or by nothing, for a prefetch);
// - elsewhere the reload happens, and the inline boot script (below) then goes on to the
//   page asked for.

const pendingKey = "rink:pending-navigation";
/** How long a remembered link stays worth following after a reload. */
const pendingMaxAgeMs = 15_000;

/** Remember where an internal link is about to take the visitor. */
export function rememberPendingNavigation(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest("a[href^='/']") : null;
  const href = target?.getAttribute("href");
  if (!href || href.startsWith("//")) return;
  try {
    sessionStorage.setItem(pendingKey, JSON.stringify({ href, at: Date.now() }));
  } catch {
    // Storage can be unavailable (private mode, quota): the reload then stays where it is.
  }
}

function readPending(): { href: string; at: number } | null {
  try {
    return JSON.parse(sessionStorage.getItem(pendingKey) ?? "null");
  } catch {
    return null;
  }
}

interface NavigateEventLike extends Event {
  navigationType: string;
  cancelable: boolean;
}

/**
 * Replaces React Router's reload after a failed chunk load with one load of the page the
 * visitor asked for. Only script reloads are cancelable; the browser's reload button is not.
 * Returns the cleanup.
 */
export function redirectStaleChunkReloads(): () => void {
  const navigation = (window as { navigation?: EventTarget }).navigation;
  if (!navigation) return () => {};
  const onNavigate = (event: Event) => {
    const navigate = event as NavigateEventLike;
    if (navigate.navigationType !== "reload" || !navigate.cancelable) return;
    event.preventDefault();
    const pending = readPending();
    clearPendingNavigation();
    if (pending && Date.now() - pending.at < pendingMaxAgeMs) window.location.assign(pending.href);
  };
  navigation.addEventListener("navigate", onNavigate);
  return () => navigation.removeEventListener("navigate", onNavigate);
}

/** The navigation reached its page: nothing is pending any more. */
export function clearPendingNavigation(): void {
  try {
    sessionStorage.removeItem(pendingKey);
  } catch {}
}

/**
 * Inline boot script, run in <head> before first paint: marks the document as scripted
 * (CSS hides the closed mobile menu only then) and finishes a navigation that a stale-chunk
 * reload interrupted (only on a reload, within 15 s, once: the key is removed first).
 */
export const bootScript = `document.documentElement.classList.add("js");
try {
  var p = JSON.parse(sessionStorage.getItem("${pendingKey}") || "null");
  sessionStorage.removeItem("${pendingKey}");
  var n = performance.getEntriesByType("navigation")[0];
  if (p && n && n.type === "reload" && Date.now() - p.at < ${pendingMaxAgeMs} && p.href !== location.pathname + location.search + location.hash) location.replace(p.href);
} catch (e) {}`;
