import type { ReactNode } from "react";

interface InfoCardProps {
  /** A decorative icon before the title (components/icons.tsx). */
  icon: ReactNode;
  title: string;
  /** h2 for a card that is a part of the page of its own, h3 for one within a section. */
  level: 2 | 3;
  /** Given, the card is a region named by its heading, which carries this id. */
  id?: string;
  /** The card's box where it sits: its background, padding, place in the grid. */
  className?: string;
  /** On the dark footer the heading is white. */
  tone?: "light" | "dark";
  children: ReactNode;
}

const headingStyles = {
  light: "flex items-center gap-2 font-display font-extrabold text-brand-900 text-xl",
  dark: "flex items-center gap-2 font-semibold text-white",
} as const;

/** A card of facts under an icon and a title: the address, the phones, the hours, reviews. */
export function InfoCard({
  icon,
  title,
  level,
  id,
  className,
  tone = "light",
  children,
}: InfoCardProps) {
  const Heading = level === 2 ? "h2" : "h3";
  const heading = (
    <Heading id={id} className={headingStyles[tone]}>
      {/* The title as one text: `{icon} {title}` would be two, and React marks their seam. */}
      {icon}
      {` ${title}`}
    </Heading>
  );
  return id ? (
    <section aria-labelledby={id} className={className}>
      {heading}
      {children}
    </section>
  ) : (
    <div className={className}>
      {heading}
      {children}
    </div>
  );
}
