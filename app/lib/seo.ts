// Per-page <title>, description, canonical link and hreflang alternates, computed in loaders and rendered by `meta`.
import type { MetaDescriptor } from "react-router";
import { LANGUAGES, type Locale, localizePath } from "../i18n/languages";

/** SPEC §1: when a page sets no title of its own, the document carries the Arabic product title. */
export const DEFAULT_TITLE = "منارة | منصة الدورات والتسويق الرقمي";

export type PageMeta = {
  title: string;
  description: string;
  canonical: string;
  alternates: { hrefLang: string; href: string }[];
  image?: string;
};

export function pageMeta(
  request: Request,
  locale: Locale,
  {
    title,
    description,
    brand,
    image,
    canonicalPath,
  }: {
    title: string;
    description: string;
    brand: string;
    image?: string;
    /** For a page served under several paths (/about and /about_us): the one search engines should index. */
    canonicalPath?: string;
  },
): PageMeta {
  const url = new URL(request.url);
  const origin = url.origin;
  const pathname = canonicalPath ?? url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  const alternates: PageMeta["alternates"] = LANGUAGES.map((language) => ({
    hrefLang: language.code,
    href: origin + localizePath(pathname, language.code),
  }));
  alternates.push({ hrefLang: "x-default", href: origin + localizePath(pathname, "en") });
  return {
    title: title === brand ? title : `${title} | ${brand}`,
    description,
    canonical: origin + localizePath(pathname, locale),
    alternates,
    // Site paths become absolute; media-store URLs (Cloudinary) already are.
    image: image ? (image.startsWith("/") ? origin + image : image) : undefined,
  };
}

export function metaTags(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return [{ title: DEFAULT_TITLE }];
  const tags: MetaDescriptor[] = [
    { title: meta.title },
    { name: "description", content: meta.description },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: meta.description },
    { tagName: "link", rel: "canonical", href: meta.canonical },
    ...meta.alternates.map((alternate) => ({
      tagName: "link" as const,
      rel: "alternate",
      hrefLang: alternate.hrefLang,
      href: alternate.href,
    })),
  ];
  if (meta.image) tags.push({ property: "og:image", content: meta.image });
  return tags;
}
