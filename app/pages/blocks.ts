// The blocks a page of the agency's site is made of (issue 49, item 1), as the API takes and gives them and as
// the database keeps a page's draft and published content. Pure: the editor, the API, the OpenAPI document and
// the stored JSON all read these schemas. Every text a visitor reads is `{en, ar}`; an empty Arabic text shows
// the English one.
import { z } from "zod";
import { COURSE_CATEGORIES } from "../courses/categories";
import { INT4_MAX, safeText } from "../lib/validation";
import { type BlockType, CTA_KINDS, RAIL_SOURCES, SERVICE_ICONS } from "./block-kinds";

/** At most this many blocks on a page, and items in a block's list. */
export const MAX_BLOCKS = 40;
export const MAX_ITEMS = 24;

const trimmed = (max: number) =>
  safeText({ max, error: "blocks.errors.text", tooLong: "blocks.errors.tooLong" }).transform((value) =>
    value.trim(),
  );

/** A text in both languages; with `required`, the English one may not be empty (the Arabic may: it falls back). */
export function bilingual(max: number, required = false) {
  const english = trimmed(max);
  return z
    .strictObject({
      en: required ? english.refine((value) => value !== "", { error: "blocks.errors.required" }) : english,
      ar: trimmed(max),
    })
    .describe("A text in English and Arabic; an empty Arabic text shows the English one");
}
export type Bilingual = { en: string; ar: string };

/**
 * A link a block points at: a path on this site ("/contact", "/ar/courses?x=1") or an https address. No
 * `javascript:`, no `//host` (another origin dressed as a path), no control characters.
 */
export function isSafeHref(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

const href = safeText({ max: 500, error: "blocks.errors.href" })
  .transform((value) => value.trim())
  .refine(isSafeHref, { error: "blocks.errors.href" })
  .describe('A path on this site ("/contact") or an https address');

/** An image: where it is (a path on this site, as the media upload answers, or https) and its alt text in both languages. */
export const BlockImage = z
  .strictObject({
    src: href,
    alt: z.strictObject({
      en: trimmed(200).refine((value) => value !== "", { error: "blocks.errors.alt" }),
      ar: trimmed(200).refine((value) => value !== "", { error: "blocks.errors.alt" }),
    }),
  })
  .describe("An image with its alt text, required in both languages");
export type BlockImage = z.output<typeof BlockImage>;

const list = <Item extends z.ZodType>(item: Item, min = 1) => z.array(item).min(min).max(MAX_ITEMS);

const Action = z.strictObject({ label: bilingual(60, true), href });

export const HeroBlock = z.strictObject({
  type: z.literal("hero"),
  eyebrow: bilingual(80),
  title: bilingual(160, true),
  lead: bilingual(400),
  actions: z.array(Action).max(2).describe("Up to two calls to action; the first is the main one"),
  picture: BlockImage.nullable(),
});

export const RichTextBlock = z.strictObject({
  type: z.literal("richText"),
  markdown: bilingual(20_000, true).describe("Markdown, shown through the site's sanitizer (no raw scripts)"),
});

export const ServicesBlock = z.strictObject({
  type: z.literal("services"),
  title: bilingual(160),
  items: list(
    z.strictObject({
      icon: z.enum(SERVICE_ICONS).describe("The service's icon, and the service a visitor's enquiry names"),
      title: bilingual(120, true),
      text: bilingual(600),
      points: z.array(bilingual(160, true)).max(8),
      priceFrom: z
        .int()
        .min(0)
        .max(INT4_MAX)
        .nullable()
        .describe('A "from" price in the site currency\'s minor units, or null'),
      ask: z
        .boolean()
        .describe("Show a link to ask about this service (the contact form, which writes a lead)"),
    }),
  ),
});

export const ProcessBlock = z.strictObject({
  type: z.literal("process"),
  title: bilingual(160),
  steps: list(z.strictObject({ title: bilingual(120, true), text: bilingual(400) })),
});

export const FiguresBlock = z.strictObject({
  type: z.literal("figures"),
  title: bilingual(160),
  items: list(z.strictObject({ value: bilingual(20, true), label: bilingual(80, true) })),
});

export const TestimonialsBlock = z.strictObject({
  type: z.literal("testimonials"),
  title: bilingual(160),
  items: list(
    z.strictObject({
      quote: bilingual(800, true),
      name: bilingual(80, true),
      role: bilingual(80),
      company: bilingual(80),
      photo: BlockImage.nullable(),
    }),
  ),
});

export const LogosBlock = z.strictObject({
  type: z.literal("logos"),
  title: bilingual(160),
  items: list(z.strictObject({ logo: BlockImage, href: href.nullable() })),
});

export const TeamBlock = z.strictObject({
  type: z.literal("team"),
  title: bilingual(160),
  members: list(
    z.strictObject({
      name: bilingual(80, true),
      role: bilingual(80),
      bio: bilingual(400),
      photo: BlockImage.nullable(),
    }),
  ),
});

export const FaqBlock = z.strictObject({
  type: z.literal("faq"),
  title: bilingual(160),
  items: list(z.strictObject({ question: bilingual(300, true), answer: bilingual(2_000, true) })),
});

export const RailBlock = z.strictObject({
  type: z.literal("rail"),
  source: z.enum(RAIL_SOURCES),
  title: bilingual(160),
  category: z
    .union([z.literal(""), z.enum(COURSE_CATEGORIES)])
    .describe('Courses only: one category, or "" for every category'),
  ids: z
    .array(z.int().min(1).max(INT4_MAX))
    .max(12)
    .describe("Courses only: chosen courses, in this order; empty: the newest (of the category)"),
  limit: z.int().min(1).max(12),
});

export const CtaBlock = z.strictObject({
  type: z.literal("cta"),
  kind: z
    .enum(CTA_KINDS)
    .describe("Where the button leads: the contact form, a consultation, the newsletter"),
  title: bilingual(160, true),
  text: bilingual(400),
  label: bilingual(60, true),
});

export const ImageBlock = z.strictObject({
  type: z.literal("image"),
  picture: BlockImage,
  caption: bilingual(300),
});

/** One block: `{type, ...fields}`. */
export const Block = z.discriminatedUnion("type", [
  HeroBlock,
  RichTextBlock,
  ServicesBlock,
  ProcessBlock,
  FiguresBlock,
  TestimonialsBlock,
  LogosBlock,
  TeamBlock,
  FaqBlock,
  RailBlock,
  CtaBlock,
  ImageBlock,
]);
export type Block = z.output<typeof Block>;
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

const seoFields = z.strictObject({
  title: trimmed(120),
  description: trimmed(300),
  socialImage: z
    .union([z.literal(""), href])
    .describe("A social image: a path on this site or https, or empty"),
});

/** A page's search-engine fields per language, and whether search engines may index it at all. */
export const PageSeo = z
  .strictObject({
    en: seoFields,
    ar: seoFields.describe("Empty fields show the English ones"),
    noindex: z
      .boolean()
      .describe("Ask search engines not to index the page (and leave it out of the sitemap)"),
  })
  .describe("Search and social fields per language");
export type PageSeo = z.output<typeof PageSeo>;

/** What a save writes (the draft) and a publish makes live: the page's title, SEO fields and blocks. */
export const PageContent = z.strictObject({
  title: safeText({ max: 160, error: "blocks.errors.text", tooLong: "blocks.errors.tooLong" })
    .trim()
    .min(1, { error: "blocks.errors.required" }),
  titleAr: trimmed(160),
  seo: PageSeo,
  blocks: z.array(Block).max(MAX_BLOCKS),
});
export type PageContent = z.output<typeof PageContent>;

const emptyText = (): Bilingual => ({ en: "", ar: "" });

/** A new page's content: its title, no blocks, indexable. */
export function emptyContent(title: string, titleAr: string): PageContent {
  const seo = { title: "", description: "", socialImage: "" };
  return { title, titleAr, seo: { en: { ...seo }, ar: { ...seo }, noindex: false }, blocks: [] };
}

/**
 * A new block of `type` as the editor adds it: the fewest fields a visitor could be shown, with a placeholder
 * English title where one is required (the admin types over it). Parses with `Block`.
 */
export function newBlock(type: BlockType, placeholder: string): Block {
  const text = (en = placeholder): Bilingual => ({ en, ar: "" });
  switch (type) {
    case "hero":
      return { type, eyebrow: emptyText(), title: text(), lead: emptyText(), actions: [], picture: null };
    case "richText":
      return { type, markdown: text() };
    case "services":
      return {
        type,
        title: emptyText(),
        items: [
          { icon: "strategy", title: text(), text: emptyText(), points: [], priceFrom: null, ask: true },
        ],
      };
    case "process":
      return { type, title: emptyText(), steps: [{ title: text(), text: emptyText() }] };
    case "figures":
      return { type, title: emptyText(), items: [{ value: text("1"), label: text() }] };
    case "testimonials":
      return {
        type,
        title: emptyText(),
        items: [{ quote: text(), name: text(), role: emptyText(), company: emptyText(), photo: null }],
      };
    case "logos":
      return {
        type,
        title: emptyText(),
        items: [{ logo: { src: "/favicon.svg", alt: { en: placeholder, ar: placeholder } }, href: null }],
      };
    case "team":
      return {
        type,
        title: emptyText(),
        members: [{ name: text(), role: emptyText(), bio: emptyText(), photo: null }],
      };
    case "faq":
      return { type, title: emptyText(), items: [{ question: text(), answer: text() }] };
    case "rail":
      return { type, source: "courses", title: emptyText(), category: "", ids: [], limit: 3 };
    case "cta":
      return { type, kind: "contact", title: text(), text: emptyText(), label: text() };
    case "image":
      return {
        type,
        picture: { src: "/favicon.svg", alt: { en: placeholder, ar: placeholder } },
        caption: emptyText(),
      };
  }
}
