// The editor signs in through this site and reaches GitHub only through the site's proxy
// (server/editor/, decision 018): base_url, api_root and graphql_api_root are this page's own
// origin, whichever address serves it. Sveltia CMS merges them into config.yml's backend.
window.CMS_MANUAL_INIT = true;
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
