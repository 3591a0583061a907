// Every block of the agency's pages (issue 49) drawn in English and in Arabic, as a browser without JavaScript
// gets it (server HTML) and hydrated: each block's text is in the page's language, the FAQ is native
// <details>, and a stored XSS attempt in every text field is shown as text — no script, no handler.
import { within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PageBlocks } from "../../app/components/blocks/page-blocks";
import type { Locale } from "../../app/i18n/languages";
import { renderMarkdown } from "../../app/lib/markdown.server";
import { localizeValue } from "../../app/pages/json";
import type { BlockView } from "../../app/pages/view";
import { everyBlock, XSS } from "../fixtures/page-blocks";
import { type PageProps, renderPage, serverHtml } from "./render";

const COURSE = {
  id: 7,
  title: "Course card",
  description: "A course",
  category: "web-development" as const,
  priceLabel: "10",
  isFree: false,
  image: "/images/course.jpg",
  instructorName: "Trainer",
  lessonCount: 3,
};

/** The blocks as the loader hands them over (app/pages/view.server.ts), without a database. */
function views(locale: Locale, mark = ""): BlockView[] {
  return everyBlock(mark).map((block) => {
    const localized = localizeValue(block, locale) as Record<string, unknown>;
    if (block.type === "richText")
      return { ...localized, html: renderMarkdown(String(localized.markdown)) } as BlockView;
    if (block.type === "services")
      return {
        ...localized,
        items: (localized.items as Record<string, unknown>[]).map((item) => ({
          ...item,
          priceLabel: "1,500",
        })),
      } as BlockView;
    if (block.type === "rail") return { ...localized, source: "courses", cards: [COURSE] } as BlockView;
    return localized as BlockView;
  });
}

function Page({ loaderData }: PageProps<{ blocks: BlockView[] }>) {
  return <PageBlocks blocks={loaderData.blocks} />;
}

const LANGUAGES: { locale: Locale; url: string; word: string }[] = [
  { locale: "en", url: "/p/every", word: "EN" },
  { locale: "ar", url: "/ar/p/every", word: "عربي" },
];

describe("page blocks", () => {
  for (const { locale, url, word } of LANGUAGES) {
    it(`draws every block in ${locale} without JavaScript`, () => {
      const page = serverHtml({ path: "/p/:slug", url, loaderData: { blocks: views(locale) }, Page });
      const view = within(page);
      expect(view.getByRole("heading", { level: 1 }).textContent).toBe(`Hero title ${word}`);
      for (const heading of [
        "Services",
        "Process",
        "Figures",
        "Testimonials",
        "Logos",
        "Team",
        "FAQ",
        "Rail",
        "CTA",
      ])
        expect(view.getByRole("heading", { level: 2, name: `${heading} ${word}` })).toBeTruthy();
      expect(page.querySelector(".rich-text strong")?.textContent).toBe("text");
      expect(page.querySelector("details summary")?.textContent).toContain(`Question ${word}`);
      expect(view.getByRole("link", { name: `Primary ${word}` }).getAttribute("href")).toBe(
        locale === "ar" ? "/ar/courses" : "/courses",
      );
      expect(view.getByRole("link", { name: `Book ${word}` }).getAttribute("href")).toBe(
        locale === "ar" ? "/ar/consultation" : "/consultation",
      );
      expect(view.getByAltText(`Figure image alt ${word}`)).toBeTruthy();
      expect(view.getByText(`Caption ${word}`)).toBeTruthy();
      expect(view.getByText("Course card")).toBeTruthy();
      expect(page.querySelector('a[href*="/contact?service=seo"]')).not.toBeNull();
      // Every text English-only where it is English, Arabic where Arabic: no English text on the Arabic page.
      if (locale === "ar") expect(page.textContent).not.toMatch(/\bEN\b/);
    });

    it(`draws every block in ${locale} hydrated`, () => {
      const page = renderPage({ path: "/p/:slug", url, loaderData: { blocks: views(locale) }, Page });
      expect(page.getByRole("heading", { level: 1 }).textContent).toBe(`Hero title ${word}`);
      expect(page.container.querySelectorAll("details")).toHaveLength(1);
    });

    it(`shows a stored XSS attempt in every text field as text (${locale})`, () => {
      const page = serverHtml({ path: "/p/:slug", url, loaderData: { blocks: views(locale, XSS) }, Page });
      expect(page.querySelector("script")).toBeNull();
      expect(page.querySelector("[onerror]")).toBeNull();
      expect(page.querySelector('img[src="x"]')).toBeNull();
      // The attempt is still there, as words, in each block's texts (hero, rich text, FAQ answer, caption...).
      const shown = page.textContent ?? "";
      expect(shown.split("<script>").length - 1).toBeGreaterThanOrEqual(20);
    });
  }
});
