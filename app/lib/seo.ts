// Per-page <title>, description, canonical link and hreflang alternates, computed in loaders and rendered by `meta`.
import type { MetaDescriptor } from "react-router";
import { LANGUAGES, type Locale, localizePath } from "../i18n/languages";
import { escapeMarkup } from "./markup";
import { shortenAtWord } from "./shorten";

/** SPEC §1: when a page sets no title of its own, the document carries the Arabic product title. */
export const DEFAULT_TITLE = "منارة | منصة الدورات والتسويق الرقمي";

export type PageMeta = {
  title: string;
  description: string;
  canonical: string;
  alternates: { hrefLang: string; href: string }[];
  image?: string;
  /** Schema.org objects, each rendered as a <script type="application/ld+json">. */
  jsonLd?: Record<string, unknown>[];
};

/** Search engines show about this many characters of a description; a longer one is shortened at a word. */
export const MAX_DESCRIPTION = 160;

export type PageMetaInput = {
  title: string;
  description: string;
  brand: string;
  image?: string;
  /** For a page served under several paths (/about and /about_us): the one search engines should index. */
  canonicalPath?: string;
  /** A paginated list's page: page N (N > 1) is its own canonical page, `?page=N`, in every language. */
  pageNumber?: number;
};

/**
 * The tags of the page at `path` (without the locale prefix), its absolute links on `origin`: the configured
 * public origin, never the request's own (app/config.server.ts `publicOrigin`).
 */
export function pageMeta(
  origin: string,
  path: string,
  locale: Locale,
  { title, description, brand, image, canonicalPath, pageNumber = 1 }: PageMetaInput,
): PageMeta {
  const pathname = canonicalPath ?? path;
  const query = pageNumber > 1 ? `?page=${pageNumber}` : "";
  const at = (code: Locale) => origin + localizePath(pathname, code) + query;
  const alternates: PageMeta["alternates"] = LANGUAGES.map((language) => ({
    hrefLang: language.code,
    href: at(language.code),
  }));
  alternates.push({ hrefLang: "x-default", href: at("en") });
  return {
    title: title === brand ? title : `${title} | ${brand}`,
    description: shortenAtWord(description, MAX_DESCRIPTION),
    canonical: at(locale),
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
  tags.push(
    { property: "og:url", content: meta.canonical },
    {
      property: "og:type",
      content: meta.jsonLd?.some((item) => item["@type"] === "Article") ? "article" : "website",
    },
    { name: "twitter:card", content: meta.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: meta.title },
    { name: "twitter:description", content: meta.description },
  );
  if (meta.image)
    tags.push({ property: "og:image", content: meta.image }, { name: "twitter:image", content: meta.image });
  for (const item of meta.jsonLd ?? []) tags.push({ "script:ld+json": item });
  return tags;
}

/** Adds JSON-LD objects to a page's meta (loaders call it with what they know). */
export function withJsonLd(meta: PageMeta, ...items: Record<string, unknown>[]): PageMeta {
  return { ...meta, jsonLd: [...(meta.jsonLd ?? []), ...items] };
}

/** The agency as schema.org's Organization; contact details and profiles only when the site settings have them. */
export function organizationJsonLd(
  origin: string,
  name: string,
  description: string,
  contact: {
    email?: string | null;
    telephone?: string | null;
    address?: string | null;
    sameAs?: string[];
  } = {},
) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name,
    description,
    url: `${origin}/`,
    logo: `${origin}/logo.svg`,
    ...(contact.email ? { email: contact.email } : {}),
    ...(contact.telephone ? { telephone: contact.telephone } : {}),
    ...(contact.address ? { address: contact.address } : {}),
    ...(contact.sameAs?.length ? { sameAs: contact.sameAs } : {}),
  };
}

/** Breadcrumbs from the home page down to this page: [name, absolute URL] pairs. */
export function breadcrumbJsonLd(items: { name: string; url: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

export function courseJsonLd(course: {
  name: string;
  description: string;
  url: string;
  image?: string;
  inLanguage: string;
  provider: { name: string; url: string };
  price: string;
  currency: string;
  rating: { average: number; count: number };
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.name,
    description: course.description,
    url: course.url,
    ...(course.image ? { image: course.image } : {}),
    inLanguage: course.inLanguage,
    // The site's own address is the Organization's `url`; `sameAs` would name its profiles elsewhere.
    provider: { "@type": "Organization", name: course.provider.name, url: course.provider.url },
    offers: {
      "@type": "Offer",
      category: Number(course.price) === 0 ? "Free" : "Paid",
      price: course.price,
      priceCurrency: course.currency,
      availability: "https://schema.org/InStock",
      url: course.url,
    },
    // Search engines want a rating only once there is one.
    ...(course.rating.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: course.rating.average,
            ratingCount: course.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export function articleJsonLd(article: {
  headline: string;
  description: string;
  url: string;
  image?: string;
  inLanguage: string;
  author: string;
  datePublished: string;
  dateModified: string;
  publisher: { name: string; logo: string };
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.headline,
    description: article.description,
    url: article.url,
    mainEntityOfPage: article.url,
    ...(article.image ? { image: [article.image] } : {}),
    inLanguage: article.inLanguage,
    author: { "@type": "Person", name: article.author },
    datePublished: article.datePublished,
    dateModified: article.dateModified,
    publisher: {
      "@type": "Organization",
      name: article.publisher.name,
      logo: { "@type": "ImageObject", url: article.publisher.logo },
    },
  };
}

/** A sitemap with every path in every language, each entry naming its hreflang alternates. */
export function sitemapXml(origin: string, entries: { path: string; lastModified?: Date }[]): string {
  const urls = entries.flatMap((entry) => {
    const alternates = [
      ...LANGUAGES.map((language) => ({
        hrefLang: language.code,
        href: origin + localizePath(entry.path, language.code),
      })),
      { hrefLang: "x-default", href: origin + localizePath(entry.path, "en") },
    ];
    const links = alternates
      .map(
        (alternate) =>
          `    <xhtml:link rel="alternate" hreflang="${alternate.hrefLang}" href="${escapeMarkup(alternate.href)}"/>`,
      )
      .join("\n");
    return LANGUAGES.map(
      (language) => `  <url>
    <loc>${escapeMarkup(origin + localizePath(entry.path, language.code))}</loc>${
      entry.lastModified ? `\n    <lastmod>${entry.lastModified.toISOString()}</lastmod>` : ""
    }
${links}
  </url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
}

/** Paths crawlers are kept out of: the API, dashboards, the studio, the cart, account pages and mail links. */
export const ROBOTS_DISALLOW = [
  "/api/",
  "/dashboard/",
  "/instructor",
  "/cart",
  "/account",
  "/my-enrollments",
  "/my-favorites",
  "/notifications",
  "/unsubscribe/",
  "/newsletter/",
  "/certificates",
  "/auth/",
  "/media/raw/",
] as const;

export function robotsTxt(origin: string): string {
  const paths = ROBOTS_DISALLOW.flatMap((path) => [path, `/ar${path}`]);
  return `User-agent: *
${paths.map((path) => `Disallow: ${path}`).join("\n")}
Allow: /

Sitemap: ${origin}/sitemap.xml
`;
}
