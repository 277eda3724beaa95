// The editor's settings that are not the content's fields (Sveltia CMS and Decap CMS read the same
// format): where it saves, where photos go and how they are made small, how it writes YAML.
// tooling/editor/config.ts puts them before the collections made from the schema.

export const editorSettings = {
  backend: {
    name: "github",
    // The site's repository on GitHub, "owner/name": the build writes GITHUB_REPO here
    // (tooling/editor-config.ts; docs/deploy.md, "The editor"), and GITHUB_BRANCH as the branch.
    repo: "OWNER/REPOSITORY",
    branch: "main",
    // No GitHub account: "Sign In with GitHub" opens the site's own sign-in, which uses the
    // owner's emailed-link session, and every call goes to the site's proxy, which speaks to
    // GitHub with the GitHub App's token (server/editor/, decision 018). base_url, api_root and
    // graphql_api_root are the page's own origin, set by admin/editor-init.js.
    auth_endpoint: "admin/sign-in",
    include_credentials: true,
    commit_messages: { update: "Content: {{collection}} / {{slug}} changed in the editor" },
  },
  logo_url: "/icon-192.png",
  media_folder: "content/photos",
  public_folder: "/photos",
  // A phone's photo is made small in the browser before it is sent (issue 42): WebP, its longer
  // side at most 1600 px, the largest size the pages use (tooling/vite/photos.ts), so a 4 MB
  // photo is committed as a couple of hundred KB, the save stays inside the Worker's 10 ms
  // (each MB a save carries costs it about 6.5 ms: docs/benchmarks.md) and the repository
  // stays small. The proxy refuses a photo over 1 MB and a save over 2 MB
  // (server/editor/content-check.ts, routes.ts).
  media_libraries: {
    default: {
      config: {
        transformations: {
          raster_image: { format: "webp", quality: 85, width: 1600, height: 1600 },
        },
      },
    },
  },
  publish_mode: "simple",
  output: {
    // An optional field left empty is left out of the file (not written as null or ""), as the
    // schema expects of an optional field.
    omit_empty_optional_fields: true,
    // Every text is written in double quotes, so a time "18:30", a date "2026-12-25" or a ZIP
    // code "46999" stays text in the YAML whatever reads it.
    yaml: { quote: "double" },
  },
};
