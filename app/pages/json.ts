// The pages' API shapes (issue 49, item 7): what `/api/pages/:slug` and `/api/admin/pages…` answer.
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";
import type { Bilingual, Block, PageContent } from "./blocks";
import type { EditorPage, PublishedPage, RevisionItem } from "./pages.server";

/** The SEO fields in one language: an empty Arabic field shows the English one. */
export function seoIn(content: PageContent, locale: Locale) {
  const { en, ar, noindex } = content.seo;
  return {
    title: pick(locale, en.title, ar.title) || pick(locale, content.title, content.titleAr),
    description: pick(locale, en.description, ar.description),
    socialImage: pick(locale, en.socialImage, ar.socialImage) || null,
    noindex,
  };
}

const isBilingual = (value: unknown): value is Bilingual =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 2 &&
  typeof (value as Bilingual).en === "string" &&
  typeof (value as Bilingual).ar === "string";

/** A value with every `{en, ar}` inside it replaced by its text in `locale` (Arabic falling back to English). */
export function localizeValue(value: unknown, locale: Locale): unknown {
  if (isBilingual(value)) return pick(locale, value.en, value.ar);
  if (Array.isArray(value)) return value.map((item) => localizeValue(item, locale));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, localizeValue(item, locale)]));
  return value;
}

/** `GET /api/pages/:slug`'s page: the published content in one language. */
export function publishedPageJson(page: PublishedPage, locale: Locale) {
  return {
    slug: page.slug,
    title: pick(locale, page.content.title, page.content.titleAr),
    seo: seoIn(page.content, locale),
    blocks: page.content.blocks.map((block: Block) => localizeValue(block, locale)),
    updatedAt: page.updatedAt.toISOString(),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** `GET /api/admin/pages`'s item. */
export function pageListItemJson(page: EditorPage) {
  return {
    slug: page.slug,
    title: page.draft.title,
    status: page.status,
    builtIn: page.builtIn,
    updatedAt: iso(page.updatedAt),
    publishedAt: iso(page.publishedAt),
  };
}

/** `GET /api/admin/pages/:slug`'s page: the draft, what is live, and the revision a save must carry. */
export function editorPageJson(page: EditorPage) {
  return {
    slug: page.slug,
    builtIn: page.builtIn,
    status: page.status,
    draft: page.draft,
    published: page.published,
    publishedAt: iso(page.publishedAt),
    scheduled: page.scheduled ? { at: iso(page.scheduledAt), content: page.scheduled } : null,
    revision: page.revision,
    updatedAt: iso(page.updatedAt),
  };
}

export function revisionJson(revision: RevisionItem) {
  return {
    id: revision.id,
    number: revision.number,
    kind: revision.kind,
    createdAt: revision.createdAt.toISOString(),
    author: revision.author,
  };
}
