// Search engines and link previews (issue 13) on the whole app with the demo content: every URL the sitemap
// lists answers 200 in both languages with hreflang alternates; robots.txt keeps private areas out; the home,
// course and blog pages carry valid JSON-LD and Open Graph/Twitter tags of their own. Issue 31: absolute
// links on the configured public origin (the requests here name another, http://localhost), descriptions
// shortened at a word with "…", each page of a list its own canonical page, /developers in the sitemap.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCourses } from "../../app/seed/data/courses";
import { type FuzzApp, startFuzzApp } from "./fuzz/app";

let app: FuzzApp;
/** PUBLIC_URL's origin, or its default http://localhost:PORT, as the app reads it. */
let ORIGIN = "";

beforeAll(async () => {
  app = await startFuzzApp();
  const seed = (await app.vite.ssrLoadModule(
    "/app/seed/seed.server.ts",
  )) as typeof import("../../app/seed/seed.server");
  await seed.seedDemoContent(app.db);
  const config = (await app.vite.ssrLoadModule(
    "/app/config.server.ts",
  )) as typeof import("../../app/config.server");
  ORIGIN = config.publicOrigin();
}, 180_000);
afterAll(() => app?.close());

async function html(path: string) {
  const response = await app.fetch(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

function jsonLd(page: string): Record<string, unknown>[] {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "null") as Record<string, unknown>,
  );
}

function metaContent(page: string, attribute: "property" | "name", key: string): string | undefined {
  const tag = page.match(new RegExp(`<meta ${attribute}="${key.replace(":", "\\:")}" content="([^"]*)"`));
  return tag?.[1];
}

describe("sitemap.xml", () => {
  it("lists every public page, course, post and case study in both languages, and each answers 200", async () => {
    const response = await app.fetch("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
    const paths = locs.map((loc) => loc.replace(ORIGIN, ""));
    // 12 pages, the published demo courses (all but the draft), 6 posts, 6 case studies — in two languages.
    expect(paths).toContain("/");
    expect(paths).toContain("/ar");
    expect(paths).toContain("/ar/courses");
    expect(paths).toContain("/developers");
    expect(paths).toContain("/ar/developers");
    expect(paths.filter((path) => /^\/blog\/\d+$/.test(path))).toHaveLength(6);
    expect(paths.filter((path) => /^\/ar\/portfolio\/\d+$/.test(path))).toHaveLength(6);
    expect(paths.filter((path) => /^\/courses\/\d+$/.test(path)).length).toBeGreaterThanOrEqual(24);
    expect(paths.some((path) => /dashboard|instructor|cart|account|api/.test(path))).toBe(false);
    // Every entry names its alternates: en, ar and x-default.
    const entries = xml.split("<url>").slice(1);
    expect(entries).toHaveLength(locs.length);
    for (const entry of entries) {
      expect(entry).toMatch(/hreflang="en" href="[^"]+"/);
      expect(entry).toMatch(/hreflang="ar" href="[^"]+\/ar(\/|")/);
      expect(entry).toMatch(/hreflang="x-default"/);
    }
    for (const path of paths) {
      const page = await app.fetch(path);
      expect(page.status, path).toBe(200);
      await page.body?.cancel();
    }
  }, 300_000);
});

describe("robots.txt", () => {
  it("keeps crawlers out of the API, dashboards, studio, cart and account pages, and names the sitemap", async () => {
    const response = await app.fetch("/robots.txt");
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const path of [
      "/api/",
      "/dashboard/",
      "/instructor",
      "/cart",
      "/account",
      "/ar/account",
      "/ar/cart",
    ])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("JSON-LD and link previews", () => {
  it("the home page names the Organization", async () => {
    const [organization] = jsonLd(await html("/ar"));
    expect(organization).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: expect.any(String),
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/logo.svg`,
    });
  });

  it("a reviewed course page carries Course (provider, language, offer, rating) and breadcrumbs, in each language", async () => {
    const seed = (await app.vite.ssrLoadModule(
      "/app/seed/reviews.server.ts",
    )) as typeof import("../../app/seed/reviews.server");
    const schema = (await app.vite.ssrLoadModule(
      "/app/db/schema/index.ts",
    )) as typeof import("../../app/db/schema");
    const { eq } = await import("drizzle-orm");
    const [course] = await app.db
      .select()
      .from(schema.courses)
      .where(eq(schema.courses.slug, seed.DEMO_REVIEWS_COURSE));
    for (const [prefix, language] of [
      ["", "en"],
      ["/ar", "ar"],
    ] as const) {
      const page = await html(`${prefix}/courses/${course?.id}`);
      const [item, crumbs] = jsonLd(page);
      expect(item).toMatchObject({
        "@type": "Course",
        name: expect.any(String),
        description: expect.any(String),
        inLanguage: language,
        url: `${ORIGIN}${prefix}/courses/${course?.id}`,
        provider: { "@type": "Organization", name: expect.any(String) },
        offers: { "@type": "Offer", price: "0", priceCurrency: expect.stringMatching(/^[A-Z]{3}$/) },
        aggregateRating: {
          "@type": "AggregateRating",
          ratingCount: course?.ratingCount,
          ratingValue: Math.round(((course?.ratingSum ?? 0) / (course?.ratingCount ?? 1)) * 10) / 10,
        },
      });
      expect(crumbs).toMatchObject({ "@type": "BreadcrumbList" });
      const list = (crumbs?.itemListElement ?? []) as { position: number; item: string }[];
      expect(list.map((entry) => entry.position)).toEqual([1, 2, 3]);
      expect(list[2]?.item).toBe(`${ORIGIN}${prefix}/courses/${course?.id}`);
      expect(metaContent(page, "property", "og:image")).toMatch(/^http/);
      expect(metaContent(page, "name", "twitter:card")).toBe("summary_large_image");
      expect(metaContent(page, "name", "twitter:title")).toBe(metaContent(page, "property", "og:title"));
      expect(page).toContain('data-testid="review-summary"');
    }
    // A course nobody has reviewed has no aggregateRating.
    const [quiet] = await app.db
      .select()
      .from(schema.courses)
      .where(eq(schema.courses.ratingCount, 0))
      .limit(1);
    const [unrated] = jsonLd(await html(`/courses/${quiet?.id}`));
    expect(unrated?.["@type"]).toBe("Course");
    expect(unrated).not.toHaveProperty("aggregateRating");
  }, 60_000);

  it("a blog post carries Article and breadcrumbs, and its own localized preview tags", async () => {
    const schema = (await app.vite.ssrLoadModule(
      "/app/db/schema/index.ts",
    )) as typeof import("../../app/db/schema");
    const [post] = await app.db.select().from(schema.blogPosts).limit(1);
    const page = await html(`/ar/blog/${post?.id}`);
    const [article, crumbs] = jsonLd(page);
    expect(article).toMatchObject({
      "@type": "Article",
      headline: post?.titleAr,
      inLanguage: "ar",
      author: { "@type": "Person", name: expect.any(String) },
      datePublished: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      publisher: { "@type": "Organization", logo: { "@type": "ImageObject" } },
    });
    expect(crumbs?.["@type"]).toBe("BreadcrumbList");
    expect(metaContent(page, "property", "og:type")).toBe("article");
    expect(metaContent(page, "property", "og:title")).toContain(post?.titleAr ?? "missing");
  }, 60_000);
});

/** The page's <link rel="canonical"> and its hreflang alternates, as hreflang → href. */
function links(page: string) {
  const canonical = page.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
  const alternates = Object.fromEntries(
    [...page.matchAll(/<link rel="alternate" hrefLang="([^"]*)" href="([^"]*)"/g)].map((match) => [
      match[1],
      match[2],
    ]),
  );
  return { canonical, alternates };
}

/** HTML attribute text back to the text (React escapes &, <, >, " and '). */
function unescapeHtml(text: string): string {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

describe("canonical links of paginated lists", () => {
  it("page N of a list is its own canonical page, in both languages; page 1 carries no page", async () => {
    for (const [path, english] of [
      ["/courses?page=2", "/courses?page=2"],
      ["/ar/courses?page=3", "/courses?page=3"],
      ["/courses?page=2&q=data", "/courses?page=2"],
      ["/blog?page=2", "/blog?page=2"],
      ["/ar/portfolio?page=2", "/portfolio?page=2"],
      ["/courses?page=1", "/courses"],
    ] as const) {
      const { canonical, alternates } = links(await html(path));
      const arabic = english.replace(/^\//, "/ar/");
      expect(canonical, path).toBe(`${ORIGIN}${path.startsWith("/ar") ? arabic : english}`);
      expect(alternates, path).toEqual({
        en: `${ORIGIN}${english}`,
        ar: `${ORIGIN}${arabic}`,
        "x-default": `${ORIGIN}${english}`,
      });
    }
  });
});

describe("descriptions", () => {
  it("every course's JSON-LD, meta and og description is whole words, with … when shortened", async () => {
    const sitemap = await (await app.fetch("/sitemap.xml")).text();
    const pages = [...sitemap.matchAll(/<loc>[^<]*?((?:\/ar)?\/courses\/\d+)<\/loc>/g)].map(
      (match) => match[1] ?? "",
    );
    expect(pages.length).toBeGreaterThanOrEqual(48);
    let shortened = 0;
    for (const path of pages) {
      const page = await html(path);
      const course = jsonLd(page).find((item) => item["@type"] === "Course") as {
        name: string;
        description: string;
        provider: Record<string, unknown>;
      };
      const meta = unescapeHtml(page.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "");
      expect(meta, path).toBe(course.description);
      expect(unescapeHtml(metaContent(page, "property", "og:description") ?? ""), path).toBe(meta);
      expect(meta.length, path).toBeLessThanOrEqual(160);
      // The site is the provider's url; sameAs would claim it as one of its profiles elsewhere.
      expect(course.provider, path).toEqual({
        "@type": "Organization",
        name: expect.any(String),
        url: `${ORIGIN}/`,
      });
      const source = seedCourses.find(
        (seed) => seed.title.en === course.name || seed.title.ar === course.name,
      );
      const markdown = (path.startsWith("/ar") ? source?.description.ar : source?.description.en) ?? "";
      // The description as the page reads it: Markdown without its marks (app/routes/course.tsx).
      const full = markdown
        .replace(/[*_`#>~|]/g, "")
        .replace(/^\s*[-+]\s+/gm, "")
        .replace(/\s+/g, " ")
        .trim();
      if (!meta.endsWith("…")) {
        expect(meta, path).toBe(full);
        continue;
      }
      shortened += 1;
      // Whole words: the description goes on after what was kept with a space (perhaps after punctuation).
      const kept = meta.slice(0, -1);
      expect(full.startsWith(kept), path).toBe(true);
      expect(full.slice(kept.length), path).toMatch(/^[,.;:!?،؛]*\s/);
    }
    // Most demo descriptions are longer than 160 characters.
    expect(shortened).toBeGreaterThan(pages.length / 2);
  }, 300_000);
});
