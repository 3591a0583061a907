import { describe, expect, it } from "vitest";
import {
  breadcrumbJsonLd,
  courseJsonLd,
  metaTags,
  pageMeta,
  robotsTxt,
  sitemapXml,
  withJsonLd,
} from "../../app/lib/seo";

describe("pageMeta's image", () => {
  const meta = (image?: string) =>
    pageMeta("https://manara.example", "/blog/3", "ar", { title: "t", description: "d", brand: "b", image })
      .image;

  it("makes site paths absolute and keeps absolute media URLs (Cloudinary covers) as they are", () => {
    expect(meta("/media/images/manara_x.webp")).toBe("https://manara.example/media/images/manara_x.webp");
    expect(meta("https://res.cloudinary.com/demo/image/upload/a.jpg")).toBe(
      "https://res.cloudinary.com/demo/image/upload/a.jpg",
    );
    expect(meta(undefined)).toBeUndefined();
  });
});

describe("sitemapXml and robotsTxt", () => {
  it("lists each path in both languages with en, ar and x-default alternates, escaped", () => {
    const xml = sitemapXml("https://m.example", [
      { path: "/" },
      { path: "/courses/7", lastModified: new Date(0) },
    ]);
    expect(xml.match(/<url>/g)).toHaveLength(4);
    expect(xml).toContain("<loc>https://m.example/ar/courses/7</loc>");
    expect(xml).toContain("<lastmod>1970-01-01T00:00:00.000Z</lastmod>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://m.example/"/>');
    expect(sitemapXml("https://m.example", [{ path: "/a&b" }])).toContain("/a&amp;b");
  });
  it("keeps private areas out in both languages", () => {
    const robots = robotsTxt("https://m.example");
    expect(robots).toContain("Disallow: /api/\n");
    expect(robots).toContain("Disallow: /ar/dashboard/\n");
    expect(robots).toContain("Sitemap: https://m.example/sitemap.xml");
  });
});

describe("JSON-LD builders", () => {
  const base = {
    name: "C",
    description: "D",
    url: "https://m.example/courses/1",
    inLanguage: "en",
    provider: { name: "Manara", url: "https://m.example/" },
    price: "0",
    currency: "USD",
  };
  it("adds aggregateRating to a Course only once it has reviews", () => {
    expect(courseJsonLd({ ...base, rating: { average: 0, count: 0 } })).not.toHaveProperty("aggregateRating");
    expect(courseJsonLd({ ...base, rating: { average: 4.5, count: 2 } }).aggregateRating).toMatchObject({
      ratingValue: 4.5,
      ratingCount: 2,
    });
  });
  it("numbers breadcrumbs from 1 and renders JSON-LD and Twitter tags through metaTags", () => {
    const meta = withJsonLd(
      pageMeta("https://m.example", "/blog/1", "en", { title: "T", description: "D", brand: "B" }),
      breadcrumbJsonLd([
        { name: "Home", url: "https://m.example/" },
        { name: "T", url: "https://m.example/blog/1" },
      ]),
    );
    const tags = metaTags(meta);
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(tags).toContainEqual({ name: "twitter:title", content: "T | B" });
    const ld = tags.find((tag) => "script:ld+json" in tag) as {
      "script:ld+json": { itemListElement: { position: number }[] };
    };
    expect(ld["script:ld+json"].itemListElement.map((item) => item.position)).toEqual([1, 2]);
  });
});

describe("pageMeta's links", () => {
  const meta = (locale: "en" | "ar", more: { pageNumber?: number; canonicalPath?: string } = {}) =>
    pageMeta("https://m.example", "/courses", locale, { title: "T", description: "D", brand: "B", ...more });

  it("builds every link on the origin it is given", () => {
    const { canonical, alternates } = meta("ar");
    expect(canonical).toBe("https://m.example/ar/courses");
    expect(alternates).toEqual([
      { hrefLang: "en", href: "https://m.example/courses" },
      { hrefLang: "ar", href: "https://m.example/ar/courses" },
      { hrefLang: "x-default", href: "https://m.example/courses" },
    ]);
  });

  it("makes page N of a list its own canonical page, in every language; page 1 has no query", () => {
    const third = meta("en", { pageNumber: 3 });
    expect(third.canonical).toBe("https://m.example/courses?page=3");
    expect(third.alternates.map((alternate) => alternate.href)).toEqual([
      "https://m.example/courses?page=3",
      "https://m.example/ar/courses?page=3",
      "https://m.example/courses?page=3",
    ]);
    expect(meta("ar", { pageNumber: 1 }).canonical).toBe("https://m.example/ar/courses");
    expect(meta("en", { canonicalPath: "/about_us" }).canonical).toBe("https://m.example/about_us");
  });

  it("shortens a long description at a word, with an ellipsis, within 160 characters", () => {
    const long = "Learn to plan, build and measure campaigns. ".repeat(10);
    const { description } = pageMeta("https://m.example", "/", "en", {
      title: "T",
      description: long,
      brand: "B",
    });
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/\w…$/);
    expect(long).toContain(description.slice(0, -1));
    expect(long[description.length - 1]).toMatch(/[\s.]/);
  });
});

describe("Course JSON-LD", () => {
  it("names the site's own address as the provider's url, not sameAs", () => {
    const course = courseJsonLd({
      name: "C",
      description: "D",
      url: "https://m.example/courses/1",
      inLanguage: "en",
      provider: { name: "Manara", url: "https://m.example/" },
      price: "0",
      currency: "USD",
      rating: { average: 0, count: 0 },
    });
    expect(course.provider).toEqual({ "@type": "Organization", name: "Manara", url: "https://m.example/" });
  });
});
