// The pages' blocks and rules (issue 49): every block type parses, links and images are checked, Arabic falls
// back to English, the editor's moves, and which content visitors see around a scheduled publish.
import { describe, expect, it } from "vitest";
import { BLOCK_TYPES } from "../../app/pages/block-kinds";
import { Block, isSafeHref, newBlock, PageContent } from "../../app/pages/blocks";
import { localizeValue, publishedPageJson } from "../../app/pages/json";
import { isPageSlug, moveBlock, pageStatus, visibleContent } from "../../app/pages/policy";
import { faqJsonLd } from "../../app/pages/view";
import { everyBlock, everyBlockContent } from "../fixtures/page-blocks";

describe("blocks", () => {
  it("parses a page holding every block type", () => {
    const parsed = PageContent.safeParse(everyBlockContent());
    expect(parsed.success).toBe(true);
    expect(parsed.data?.blocks.map((block) => block.type)).toEqual([...BLOCK_TYPES]);
  });

  it("makes a new block of every type that parses", () => {
    for (const type of BLOCK_TYPES) expect(Block.safeParse(newBlock(type, "New")).success, type).toBe(true);
  });

  it("refuses links that leave for a script or another origin dressed as a path", () => {
    expect(isSafeHref("/contact?service=seo")).toBe(true);
    expect(isSafeHref("https://example.com/a")).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "//evil.example",
      "/\\evil.example",
      "http://x.example",
      "data:text/html,x",
    ])
      expect(isSafeHref(bad), bad).toBe(false);
    const hero = { ...(newBlock("hero", "T") as Extract<Block, { type: "hero" }>) };
    const withAction = { ...hero, actions: [{ label: { en: "Go", ar: "" }, href: "javascript:alert(1)" }] };
    expect(Block.safeParse(withAction).success).toBe(false);
  });

  it("requires an image's alt text in both languages", () => {
    const block = {
      type: "image",
      picture: { src: "/a.jpg", alt: { en: "A cat", ar: "" } },
      caption: { en: "", ar: "" },
    };
    expect(Block.safeParse(block).success).toBe(false);
    expect(
      Block.safeParse({ ...block, picture: { src: "/a.jpg", alt: { en: "A cat", ar: "قطة" } } }).success,
    ).toBe(true);
  });

  it("requires the English text of required fields, never the Arabic", () => {
    const cta = {
      type: "cta",
      kind: "contact",
      title: { en: "", ar: "عنوان" },
      text: { en: "", ar: "" },
      label: { en: "Go", ar: "" },
    };
    expect(Block.safeParse(cta).success).toBe(false);
    expect(Block.safeParse({ ...cta, title: { en: "Title", ar: "" } }).success).toBe(true);
  });

  it("refuses unknown block types and unknown fields", () => {
    expect(Block.safeParse({ type: "script", body: "x" }).success).toBe(false);
    expect(Block.safeParse({ ...newBlock("richText", "x"), onclick: "x" }).success).toBe(false);
  });
});

describe("localizing", () => {
  it("picks the page's language, falling back to English where the Arabic is empty", () => {
    const block = {
      type: "cta",
      kind: "contact",
      title: { en: "Talk", ar: "تحدث" },
      text: { en: "Soon", ar: "" },
      label: { en: "Go", ar: "" },
    };
    expect(localizeValue(block, "ar")).toEqual({
      type: "cta",
      kind: "contact",
      title: "تحدث",
      text: "Soon",
      label: "Go",
    });
    expect(localizeValue(block, "en")).toEqual({
      type: "cta",
      kind: "contact",
      title: "Talk",
      text: "Soon",
      label: "Go",
    });
  });

  it("answers the API's page in one language with no {en, ar} left", () => {
    const page = { slug: "launch", builtIn: false, content: everyBlockContent(), updatedAt: new Date(0) };
    const json = publishedPageJson(page, "ar");
    expect(json.title).toBe("كل الكتل");
    expect(JSON.stringify(json.blocks)).not.toMatch(/"en":/);
    expect(JSON.stringify(json.blocks)).toContain("Hero title عربي");
  });

  it("describes every FAQ as FAQPage JSON-LD", () => {
    const blocks = everyBlock().map((block) => localizeValue(block, "en")) as Parameters<typeof faqJsonLd>[0];
    expect(faqJsonLd(blocks)).toMatchObject({
      "@type": "FAQPage",
      mainEntity: [{ "@type": "Question", name: "Question EN", acceptedAnswer: { text: "Answer EN" } }],
    });
    expect(faqJsonLd([])).toBeNull();
  });
});

describe("rules", () => {
  it("knows built-in and landing slugs", () => {
    expect(isPageSlug("about_us")).toBe(true);
    expect(isPageSlug("spring-sale")).toBe(true);
    for (const bad of ["a", "Spring", "spring--sale", "-x", "x-", "a/b", "about_them"])
      expect(isPageSlug(bad), bad).toBe(false);
  });

  it("moves, and removes, blocks; a move past an end changes nothing", () => {
    const [a, b, c] = everyBlock().slice(0, 3) as [Block, Block, Block];
    expect(moveBlock([a, b, c], 1, "up")).toEqual([b, a, c]);
    expect(moveBlock([a, b, c], 1, "down")).toEqual([a, c, b]);
    expect(moveBlock([a, b, c], 0, "up")).toEqual([a, b, c]);
    expect(moveBlock([a, b, c], 2, "down")).toEqual([a, b, c]);
    expect(moveBlock([a, b, c], 1, "remove")).toEqual([a, c]);
    expect(moveBlock([a, b, c], 7, "remove")).toEqual([a, b, c]);
  });

  it("shows a scheduled content from its time, whether or not its job has run", () => {
    const old = everyBlockContent("Old");
    const next = everyBlockContent("Next");
    const at = new Date("2026-12-01T10:00:00Z");
    const page = {
      published: old,
      publishedAt: new Date("2026-11-01T00:00:00Z"),
      scheduled: next,
      scheduledAt: at,
    };
    expect(visibleContent(page, new Date(at.getTime() - 1))?.content.title).toBe("Old");
    expect(visibleContent(page, at)?.content.title).toBe("Next");
    expect(
      visibleContent({ ...page, published: null, publishedAt: null }, new Date(at.getTime() - 1)),
    ).toBeNull();
    expect(pageStatus({ ...page, draft: next }, new Date(at.getTime() - 1))).toBe("scheduled");
    expect(pageStatus({ ...page, draft: next }, at)).toBe("published");
    expect(pageStatus({ ...page, draft: old, scheduled: null, scheduledAt: null }, at)).toBe("published");
    expect(pageStatus({ ...page, draft: next, scheduled: null, scheduledAt: null }, at)).toBe("changed");
  });
});
