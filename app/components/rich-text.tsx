import { Fragment } from "react";
import { type Fact, parseRichText } from "../../rink/rich-text.ts";
import { formatPhone, telHref } from "../lib/phone.ts";

/** What the braces in the owner's words stand for (rink/rich-text.ts). */
export interface RichFacts {
  rink: string;
  /** The Main number, E.164: shown formatted, dialled by a tap. */
  phone: string;
  textsAMonth: number;
}

const linkStyles = {
  light: "font-semibold text-brand-800 underline underline-offset-4",
  dark: "font-semibold text-white underline underline-offset-4",
} as const;
type Tone = keyof typeof linkStyles;

function fact(name: Fact, facts: RichFacts, linkStyle: string) {
  switch (name) {
    case "rink":
      return facts.rink;
    case "texts-a-month":
      return String(facts.textsAMonth);
    case "phone":
      return (
        <a href={telHref(facts.phone)} className={`whitespace-nowrap ${linkStyle}`}>
          {formatPhone(facts.phone)}
        </a>
      );
  }
}

/** The owner's text, its facts filled in and its links made links; inline, no wrapper. */
export function RichText({
  text,
  facts,
  tone = "light",
}: {
  text: string;
  facts: RichFacts;
  /** On a dark band (the page's hero) the links are white. */
  tone?: Tone;
}) {
  const linkStyle = linkStyles[tone];
  return (
    <>
      {parseRichText(text).parts.map((part, i) =>
        part.kind === "text" ? (
          part.text
        ) : part.kind === "fact" ? (
          // The parts of one text never move: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text's parts
          <Fragment key={i}>{fact(part.fact, facts, linkStyle)}</Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text's parts
          <a key={i} href={part.href} className={linkStyle}>
            {part.words}
          </a>
        ),
      )}
    </>
  );
}
