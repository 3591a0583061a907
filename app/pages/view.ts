// A page's blocks as its components draw them (issue 49): every `{en, ar}` already turned into the page's
// language, with what the server adds — the rich text's sanitized HTML, a service's price label, a rail's
// cards. Types only and the FAQ's JSON-LD: the components and the loaders meet here.
import type { BlogCardView, CaseStudyCardView, CourseCardView } from "../components/cards";
import type { Bilingual, Block, BlockOf } from "./blocks";

/** A value with every `{en, ar}` replaced by a string. */
export type Localized<T> = T extends Bilingual
  ? string
  : T extends readonly (infer Item)[]
    ? Localized<Item>[]
    : T extends object
      ? { [Key in keyof T]: Localized<T[Key]> }
      : T;

type ServiceItem = Localized<BlockOf<"services">["items"][number]> & { priceLabel: string | null };

export type RailCards =
  | { source: "courses"; cards: CourseCardView[] }
  | { source: "caseStudies"; cards: CaseStudyCardView[] }
  | { source: "posts"; cards: BlogCardView[] };

export type BlockView =
  | Localized<Exclude<Block, { type: "richText" | "services" | "rail" }>>
  | (Localized<BlockOf<"richText">> & { html: string })
  | (Omit<Localized<BlockOf<"services">>, "items"> & { items: ServiceItem[] })
  | (Omit<Localized<BlockOf<"rail">>, "source"> & RailCards);

export type PageView = {
  title: string;
  blocks: BlockView[];
  /** Marks a signed preview of the draft: a banner, and `noindex`. */
  preview: boolean;
};

/** The schema.org FAQPage of every FAQ block on the page, or null when it has none. */
export function faqJsonLd(blocks: readonly BlockView[]): Record<string, unknown> | null {
  const entries = blocks.flatMap((block) =>
    block.type === "faq"
      ? block.items.map((item) => ({
          "@type": "Question",
          name: item.question,
          acceptedAnswer: { "@type": "Answer", text: item.answer },
        }))
      : [],
  );
  return entries.length > 0
    ? { "@context": "https://schema.org", "@type": "FAQPage", mainEntity: entries }
    : null;
}
