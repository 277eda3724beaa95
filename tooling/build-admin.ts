// After `astro build`, before postbuild: puts the content editor (Sveltia CMS, decision
// 006) into build/client/admin/. It is not an Astro page: its page, script and fonts are
// copied as they are, and its configuration is made from the content schema (tooling/editor/),
// so none of it reaches the public pages' bundles.
// The CMS script is served from our build, never from a CDN, and its three calls to other
// origins that the site does not need are pointed at our own files (each must be found, so an
// upgrade that changes them fails here instead of quietly calling out):
//   - its interface fonts (icons included) come from the fontsource CDN: copied from the
//     @fontsource npm packages instead;
//   - it asks unpkg.com whether a newer version exists: it asks /admin/sveltia/ instead, which
//     answers with the version we ship;
//   - where the browser's canvas cannot write WebP (Safari writes a PNG instead, which can be
//     4 MB at 2048 px), it fetches the WebP encoder @jsquash/webp from unpkg.com: it imports
//     /admin/jsquash-webp/encode.js instead, the package's own files copied from node_modules,
//     so a photo from an iPhone is committed as a WebP of a few hundred KB too (issue 42).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildDirectory } from "./build-dir.ts";
import { editorConfigText } from "./editor/config.ts";
import { editorConfig } from "./editor-config.ts";
import { projectRoot } from "./project.ts";

const out = resolve(projectRoot, buildDirectory, "client", "admin");
// The packages' own files, not their exports (@sveltia/cms exports only its module build).
const packageDir = (name: string) => join(projectRoot, "node_modules", name);

const cmsDir = packageDir("@sveltia/cms");
const cmsVersion: string = JSON.parse(readFileSync(join(cmsDir, "package.json"), "utf8")).version;

/** CDN font URL in the CMS script → the same file from its npm package. */
const fonts = [
  {
    cdn: /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/material-symbols-outlined:vf@[\d.]+\/latin-wght-normal\.woff2/g,
    file: join(
      packageDir("@fontsource-variable/material-symbols-outlined"),
      "files/material-symbols-outlined-latin-wght-normal.woff2",
    ),
  },
  {
    cdn: /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/source-sans-3:vf@[\d.]+\/latin-wght-normal\.woff2/g,
    file: join(
      packageDir("@fontsource-variable/source-sans-3"),
      "files/source-sans-3-latin-wght-normal.woff2",
    ),
  },
  {
    cdn: /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/noto-mono@[\d.]+\/latin-400-normal\.woff2/g,
    file: join(packageDir("@fontsource/noto-mono"), "files/noto-mono-latin-400-normal.woff2"),
  },
];

function replaceOnce(source: string, pattern: RegExp | string, by: string, what: string): string {
  const count =
    typeof pattern === "string"
      ? source.split(pattern).length - 1
      : (source.match(pattern) ?? []).length;
  if (count !== 1) {
    throw new Error(
      `build-admin: expected ${what} once in @sveltia/cms ${cmsVersion}, found it ${count} times: check tooling/build-admin.ts after an upgrade`,
    );
  }
  return source.replace(pattern, by);
}

/**
 * @jsquash/webp's encoder as Sveltia would import it from unpkg.com, from node_modules: its
 * modules and WebAssembly as they are, its one bare import (wasm-feature-detect) pointed at a
 * copy beside it. The version Sveltia names must be the one installed (same major).
 */
const webpDir = packageDir("@jsquash/webp");
const webpFiles = [
  "encode.js",
  "meta.js",
  "utils.js",
  "codec/enc/webp_enc.js",
  "codec/enc/webp_enc.wasm",
  "codec/enc/webp_enc_simd.js",
  "codec/enc/webp_enc_simd.wasm",
];
const featureDetect = join(packageDir("wasm-feature-detect"), "dist/esm/index.js");
function copyWebpEncoder(cms: string, to: string) {
  const wanted = /"@jsquash\/webp":`\^?(\d+)\.[^`]*`/.exec(cms)?.[1];
  const installed: string = JSON.parse(readFileSync(join(webpDir, "package.json"), "utf8")).version;
  if (wanted !== installed.split(".")[0]) {
    throw new Error(
      `build-admin: @sveltia/cms ${cmsVersion} wants @jsquash/webp ${wanted ?? "(not found)"}.x, ${installed} is installed: match the devDependency`,
    );
  }
  mkdirSync(join(to, "codec/enc"), { recursive: true });
  for (const file of webpFiles) copyFileSync(join(webpDir, file), join(to, file));
  const encode = readFileSync(join(webpDir, "encode.js"), "utf8");
  writeFileSync(
    join(to, "encode.js"),
    replaceOnce(
      encode,
      "from 'wasm-feature-detect'",
      "from './wasm-feature-detect.js'",
      "@jsquash/webp's import of wasm-feature-detect",
    ),
  );
  copyFileSync(featureDetect, join(to, "wasm-feature-detect.js"));
}

mkdirSync(join(out, "fonts"), { recursive: true });
mkdirSync(join(out, "sveltia"), { recursive: true });

let script = readFileSync(join(cmsDir, "dist/sveltia-cms.js"), "utf8");
for (const font of fonts) {
  const name = font.file.split("/").pop() ?? "";
  copyFileSync(font.file, join(out, "fonts", name));
  script = replaceOnce(script, font.cdn, `/admin/fonts/${name}`, `the font URL for ${name}`);
}
script = replaceOnce(
  script,
  "`https://unpkg.com/@sveltia/cms`",
  "`/admin/sveltia`",
  "the version check on unpkg.com",
);
script = replaceOnce(
  script,
  /\w+\(`@jsquash\/\$\{(\w+)\}`,`encode\.js\?module`\)/g,
  // (A replacement's $1, the minified name of the format: the CMS's own template literal.)
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the CMS's code, written as text
  "import(`/admin/jsquash-${$1}/encode.js`)",
  "the WebP encoder's import from unpkg.com",
);
copyWebpEncoder(script, join(out, "jsquash-webp"));
// (It can also load optional widgets' code from unpkg.com — maps, code blocks — which our
// configuration does not use; the page's script-src 'self' refuses them.)
if (/cdn\.jsdelivr\.net/.test(script)) {
  throw new Error(
    "build-admin: the CMS script still names the font CDN: see tooling/build-admin.ts",
  );
}
writeFileSync(join(out, "sveltia-cms.js"), script);
writeFileSync(join(out, "sveltia/package.json"), `${JSON.stringify({ version: cmsVersion })}\n`);
const ownFiles = ["index.html", "editor-init.js"].map((file) => join(projectRoot, "admin", file));
for (const file of ownFiles) copyFileSync(file, join(out, file.split("/").pop() ?? ""));
// The configuration, made from the schema and the editor's words, on the repository and branch
// GITHUB_REPO and GITHUB_BRANCH name, the settings the server's proxy reads.
writeFileSync(
  join(out, "config.yml"),
  editorConfig(editorConfigText(), process.env.GITHUB_REPO, process.env.GITHUB_BRANCH),
);

/**
 * The files copied or rewritten here, for the stale-build check (build-inputs.ts). The modules
 * the configuration is made of (tooling/editor/, the schema in rink/content/) are imported, so
 * record-modules.ts notes them with every other module the build loads.
 */
export const adminSources = [
  join(cmsDir, "package.json"),
  join(cmsDir, "dist/sveltia-cms.js"),
  ...fonts.map((font) => font.file),
  ...webpFiles.map((file) => join(webpDir, file)),
  featureDetect,
  ...ownFiles,
];
console.log(`build-admin: Sveltia CMS ${cmsVersion} and its configuration in ${out}`);
