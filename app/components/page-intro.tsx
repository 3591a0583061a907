// The band at the top of each inner page: eyebrow, title and lead paragraph.
import type { ReactNode } from "react";

/**
 * The content widths of the page families, as whole class names (Tailwind finds classes by their literal
 * text): a page passes its body's width, so its title starts where its content does (issue 50, item 7).
 */
const WIDTHS = {
  "2xl": "max-w-2xl",
  "3xl": "max-w-3xl",
  "4xl": "max-w-4xl",
  "5xl": "max-w-5xl",
  "6xl": "max-w-6xl",
  "7xl": "max-w-7xl",
} as const;
export type ContentWidth = keyof typeof WIDTHS;

/** The class of a content width, for the body the band lines up with. */
export function contentWidthClass(width: ContentWidth): string {
  return WIDTHS[width];
}

export function PageIntro({
  title,
  lead,
  eyebrow,
  width = "7xl",
  children,
}: {
  title: string;
  lead?: string;
  eyebrow?: string;
  /** The width of the page's content below, which the band's text lines up with. */
  width?: ContentWidth;
  children?: ReactNode;
}) {
  return (
    <div className="bg-sand">
      <div className={`mx-auto ${WIDTHS[width]} px-4 py-12 sm:py-16`}>
        {eyebrow ? <p className="text-sm font-semibold text-coral-700">{eyebrow}</p> : null}
        <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-4 max-w-3xl text-lg text-ink/75">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
