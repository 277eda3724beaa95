// The owner's stylesheet compiled with the site's Tailwind (the same package and version the
// site's build uses, its tokens from ui/theme.css): server/owner/owner.css in, minified CSS out,
// written into server/owner/stylesheet-built.ts by `npm run owner-css` so that both hosts serve
// it as they serve the pages (the Node server from source, the Worker from its bundle), with no
// build step of their own. tooling/owner-css.test.ts fails while the written copy differs from
// what this compiles.
//
// Only what the owner's screens name is generated: the classes of the ui/ styles they use
// (`buttonStyles.brand` and the like), the words of their own string literals, and every
// literal of another ui/ module they import (a component such as Field), with each variant of
// a style it picks by a prop. Tailwind's scanner
// over ui/ would also bring the site's styles the owner's screens never show.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { compile, optimize } from "@tailwindcss/node";
import { buttonStyles } from "../ui/button-styles.ts";
import { controlStyles, hintStyles, labelStyles } from "../ui/field-styles.ts";
import { projectRoot } from "./project.ts";

export const ownerCssEntry = resolve(projectRoot, "server/owner/owner.css");
export const ownerCssModule = resolve(projectRoot, "server/owner/stylesheet-built.ts");
const ownerDir = dirname(ownerCssEntry);
const uiDir = resolve(projectRoot, "ui");

const uiStyles: Record<string, Record<string, string>> = {
  buttonStyles,
  controlStyles,
  hintStyles,
  labelStyles,
};

/** The words of a source's string literals (quoted or template), the candidates in them. */
function literalWords(source: string): string[] {
  const words: string[] = [];
  for (const [, quoted, template] of source.matchAll(/"((?:[^"\\\n]|\\.)*)"|`([^`]*)`/g)) {
    words.push(...(quoted ?? template ?? "").split(/[\s${}]+/));
  }
  return words.filter(Boolean);
}

/**
 * The class candidates the owner's screens (server/owner/*.ts and *.tsx, not tests) can put on a
 * page. In TSX a className is a quoted or a template literal, which literalWords reads.
 */
export function ownerCandidates(): string[] {
  const candidates = new Set<string>();
  const sources = readdirSync(ownerDir)
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .filter((name) => join(ownerDir, name) !== ownerCssModule)
    .map((name) => readFileSync(join(ownerDir, name), "utf8"));
  for (const source of sources) {
    for (const word of literalWords(source)) candidates.add(word);
    for (const [, group = "", key = ""] of source.matchAll(/\b(\w+Styles)\.(\w+)\b/g)) {
      const classes = uiStyles[group]?.[key];
      if (classes === undefined) throw new Error(`owner-css: ${group}.${key} is not a ui/ style`);
      for (const word of classes.split(/\s+/)) candidates.add(word);
    }
    for (const [, module = ""] of source.matchAll(/from "\.\.\/\.\.\/ui\/([\w-]+\.tsx?)"/g)) {
      if (module === "button-styles.ts" || module === "field-styles.ts") continue;
      const component = readFileSync(join(uiDir, module), "utf8");
      for (const word of literalWords(component)) candidates.add(word);
      // A style the component picks by a prop (`hintStyles[tone]`): each of its variants.
      for (const [, group = ""] of component.matchAll(/\b(\w+Styles)\[/g)) {
        for (const classes of Object.values(uiStyles[group] ?? {})) {
          for (const word of classes.split(/\s+/)) candidates.add(word);
        }
      }
    }
  }
  return [...candidates].sort();
}

/** The stylesheet, minified, and the files it was made from. */
export async function compileOwnerCss(): Promise<{ css: string; inputs: string[] }> {
  const inputs = new Set<string>([ownerCssEntry]);
  const compiler = await compile(readFileSync(ownerCssEntry, "utf8"), {
    base: ownerDir,
    from: ownerCssEntry,
    onDependency: (path) => inputs.add(path),
  });
  const css = optimize(compiler.build(ownerCandidates()), { minify: true }).code;
  return { css, inputs: [...inputs] };
}

/** A string literal of `text` as Biome's formatter writes it: the quote needing fewer escapes. */
function quoted(text: string): string {
  const count = (quote: string) => text.split(quote).length - 1;
  const quote = count('"') > count("'") ? "'" : '"';
  const escaped = text
    .replaceAll("\\", "\\\\")
    .replaceAll("\n", "\\n")
    .replaceAll(quote, `\\${quote}`);
  return `${quote}${escaped}${quote}`;
}

/** server/owner/stylesheet-built.ts for `css`: the text and a hash of it for its address. */
export function ownerCssModuleText(css: string): string {
  const hash = createHash("sha256").update(css).digest("hex").slice(0, 10);
  return [
    "// Written by `npm run owner-css` (tooling/owner-css.ts) from owner.css: do not edit.",
    "",
    "/** The owner's screens' stylesheet, minified. */",
    "export const stylesheet =",
    `  ${quoted(css)};`,
    "",
    "/** The start of its sha256, in its address: a new stylesheet, a new address. */",
    `export const stylesheetHash = ${JSON.stringify(hash)};`,
    "",
  ].join("\n");
}
