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
