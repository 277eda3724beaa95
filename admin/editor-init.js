// The editor signs in through this site and reaches GitHub only through the site's proxy
// (server/editor/, decision 018): base_url, api_root and graphql_api_root are this page's own
// origin, whichever address serves it. Sveltia CMS merges them into config.yml's backend.
window.CMS_MANUAL_INIT = true;

// Opened signed in (issue 42): the site served this page with the owner's session (the emailed
// link's) and marked it so (server/editor/routes.ts). Sveltia signs in by itself with a user it
// finds under "sveltia-cms.user" (its startup calls GitHub's /user with the token, here through
// the proxy, which answers by the session), so the owner, who has no GitHub account, never sees
// its "Sign In with GitHub". The token is the proxy's placeholder, not a secret: every call is
// let through by the session. Without the mark (the page served as it is, the editor not
// connected) nothing is set, and Sveltia's own sign-in stays, as for a developer's local folder.
if (document.cookie.split("; ").includes("rink_editor=opened")) {
  const key = "sveltia-cms.user";
  let user = null;
  try {
    user = JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    // Unreadable: written anew below.
  }
  if (user?.backendName !== "github") {
    localStorage.setItem(key, JSON.stringify({ backendName: "github", token: "site-session" }));
  }
}

// A photo's deletion the site refuses (one a page still shows, server/editor/content-check.ts)
// would go unsaid: Sveltia 0.221 does not wait for its asset deletion, so the refusal is only
// a rejected promise, and the asset page closes as if it were gone. The site's own words
// ("Not saved: the photo … is used on the Events page …") are shown to the owner instead.
window.addEventListener("unhandledrejection", (event) => {
  const refusal = event.reason?.cause;
  if (
    typeof refusal?.message !== "string" ||
    !refusal.message.startsWith("Not saved:") ||
    typeof refusal.status !== "number"
  ) {
    return;
  }
  event.preventDefault();
  const dialog = document.createElement("dialog");
  dialog.setAttribute("role", "alertdialog");
  dialog.setAttribute("aria-labelledby", "site-refusal-title");
  dialog.setAttribute("aria-describedby", "site-refusal-text");
  dialog.style.cssText =
    "max-width: min(32rem, calc(100vw - 2rem)); padding: 1.25rem; border: 1px solid #888; border-radius: 8px; font: 16px/1.5 system-ui, sans-serif;";
  const title = document.createElement("h2");
  title.id = "site-refusal-title";
  title.textContent = "The photo was not deleted";
  title.style.cssText = "margin: 0 0 0.5rem; font-size: 1.25rem;";
  const text = document.createElement("p");
  text.id = "site-refusal-text";
  text.textContent = refusal.message;
  const ok = document.createElement("button");
  ok.type = "button";
  ok.textContent = "OK";
  ok.style.cssText =
    "display: block; margin: 1rem 0 0 auto; min-width: 6rem; min-height: 44px; font: inherit;";
  ok.addEventListener("click", () => dialog.close());
  dialog.append(title, text, ok);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
});

window.addEventListener("DOMContentLoaded", () => {
  const site = window.location.origin;
  window.CMS.init({
    config: {
      backend: {
        base_url: site,
        api_root: `${site}/admin/api/v3`,
        graphql_api_root: `${site}/admin/api/graphql`,
      },
    },
  });
});
