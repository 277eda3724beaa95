// The owner's words on the privacy notice and the text-alert terms, with the facts they name
// kept where they live: `{rink}` is the rink's name (content/rink.yml), `{phone}` its Main
// number, `{texts-a-month}` the most texts a month the site sends (rink/forms/newsletter.ts, the
// limit the owner's updates keep to). `[words](/privacy)` is a link to a page of the site.
// Read by the schema (a word in braces it does not know, or a link out of the site, is a
// content problem) and by the pages (app/components/rich-text.tsx). No zod, no React.

export const facts = ["rink", "phone", "texts-a-month"] as const;
export type Fact = (typeof facts)[number];

export type RichPart =
  | { kind: "text"; text: string }
  | { kind: "fact"; fact: Fact }
  | { kind: "link"; words: string; href: string };

/** A site path, with an anchor or not: /privacy, /#newsletter. Never another site. */
const sitePath = /^\/(?!\/)[^\s()]*$/;
const token = /\{([^{}]*)\}|\[([^\]]*)\]\(([^)]*)\)/g;

/** The parts of a text, and what is wrong with it, in the owner's words. */
export function parseRichText(source: string): { parts: RichPart[]; problems: string[] } {
  const parts: RichPart[] = [];
  const problems: string[] = [];
  let at = 0;
  const text = (to: number) => {
    if (to > at) parts.push({ kind: "text", text: source.slice(at, to) });
  };
  for (const match of source.matchAll(token)) {
    text(match.index);
    at = match.index + match[0].length;
    const [whole, fact, words, href] = match;
    if (fact !== undefined) {
      if ((facts as readonly string[]).includes(fact))
        parts.push({ kind: "fact", fact: fact as Fact });
      else {
        problems.push(
          `"${whole}" is not a word the site fills in: use ${facts.map((f) => `{${f}}`).join(", ")}`,
        );
        parts.push({ kind: "text", text: whole });
      }
    } else if (!words?.trim()) {
      problems.push(`the link "${whole}" needs words between the square brackets`);
      parts.push({ kind: "text", text: whole });
    } else if (!sitePath.test(href ?? "")) {
      problems.push(`the link "${whole}" must go to a page of this site, like (/privacy)`);
      parts.push({ kind: "text", text: whole });
    } else parts.push({ kind: "link", words: words.trim(), href: href as string });
  }
  text(source.length);
  return { parts, problems };
}

/** The pages of the site a text links to. */
export const linksOf = (source: string) =>
  parseRichText(source).parts.flatMap((p) => (p.kind === "link" ? [p.href] : []));

/** The text as a reader sees it, the facts filled in: for a test, or a plain-text place. */
export function plainText(source: string, values: Record<Fact, string>): string {
  return parseRichText(source)
    .parts.map((p) => (p.kind === "text" ? p.text : p.kind === "fact" ? values[p.fact] : p.words))
    .join("");
}
