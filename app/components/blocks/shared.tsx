// What the blocks share: a link that stays in the page's language on this site and leaves it for https
// addresses, an image with its alt text, and a block's heading.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import type { BlockImage as Image } from "../../pages/blocks";
import type { Localized } from "../../pages/view";

export type Of<T extends { type: string }, Type extends string> = Extract<T, { type: Type }>;

export function BlockLink({
  href,
  className,
  children,
}: {
  href: string;
  className: string;
  children: ReactNode;
}) {
  const localize = useLocalizePath();
  if (href.startsWith("/"))
    return (
      <Link to={localize(href)} className={className}>
        {children}
      </Link>
    );
  return (
    <a href={href} className={className} rel="noopener noreferrer">
      {children}
    </a>
  );
}

export function BlockPicture({
  image,
  className,
  width,
  height,
}: {
  image: Localized<Image>;
  className: string;
  width: number;
  height: number;
}) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}

/** A block's own heading (h2), when it has one. */
export function BlockHeading({ id, text }: { id: string; text: string }) {
  if (!text) return null;
  return (
    <h2 id={id} className="text-2xl font-bold sm:text-3xl" dir="auto">
      {text}
    </h2>
  );
}

/**
 * Stable keys for a block's items, which have no ids: each item's own text, numbered when two are alike
 * (React keys must be unique; an index would be the same for a moved item).
 */
export function keyed<Item>(items: readonly Item[], keyOf: (item: Item) => string) {
  const seen = new Map<string, number>();
  return items.map((item, index) => {
    const text = keyOf(item);
    const count = (seen.get(text) ?? 0) + 1;
    seen.set(text, count);
    return { key: `${text}#${count}`, item, index };
  });
}
