// The block editor's one form (issue 49): fields named by their path read back over the draft, and each
// submit button's change to the block list — nothing typed is lost on a move.
import { describe, expect, it } from "vitest";
import { PageContent } from "../../app/pages/blocks";
import { applyIntent, contentFromForm, EditorIntent } from "../../app/pages/form";
import { everyBlockContent } from "../fixtures/page-blocks";

const draft = everyBlockContent("Draft");

describe("the editor's form", () => {
  it("reads typed texts, numbers, checkboxes and id lists back into the page", () => {
    const content = contentFromForm(draft, {
      title: "Typed",
      "blocks.0.title.ar": "عنوان جديد",
      "blocks.2.items.0.priceFrom": "",
      "blocks.9.ids": "3, 7،12",
      "blocks.9.limit": "4",
      "seo.en.description": "Found",
    });
    expect(content.title).toBe("Typed");
    expect(content.blocks[0]).toMatchObject({ title: { en: "Hero title EN", ar: "عنوان جديد" } });
    expect(content.blocks[2]).toMatchObject({ items: [{ priceFrom: null, ask: false }] });
    expect(content.blocks[9]).toMatchObject({ ids: [3, 7, 12], limit: 4 });
    expect(content.seo.en.description).toBe("Found");
    expect(content.seo.noindex).toBe(false);
    expect(PageContent.safeParse(content).success).toBe(true);
  });

  it("reads a client logo's link, empty as none", () => {
    const none = contentFromForm(draft, { "blocks.6.items.0.href": " " });
    expect(none.blocks[6]).toMatchObject({ items: [{ href: null }] });
    const typed = contentFromForm(none, { "blocks.6.items.0.href": "https://example.com/new" });
    expect(typed.blocks[6]).toMatchObject({ items: [{ href: "https://example.com/new" }] });
  });

  it("keeps what was typed when a block moves", () => {
    const typed = contentFromForm(draft, { "blocks.1.markdown.en": "Moved text" });
    const intent = EditorIntent.parse({ intent: "move", target: "1:up" });
    const moved = applyIntent(typed, intent, "New");
    expect(moved.blocks[0]).toMatchObject({ type: "richText", markdown: { en: "Moved text" } });
    expect(moved.blocks[1]?.type).toBe("hero");
    expect(draft.blocks[0]?.type).toBe("hero");
  });

  it("adds blocks, items and pictures, and removes them", () => {
    const added = applyIntent(draft, EditorIntent.parse({ intent: "add", blockType: "faq" }), "New");
    expect(added.blocks.at(-1)).toMatchObject({ type: "faq", items: [{ question: { en: "New" } }] });
    const item = applyIntent(
      draft,
      EditorIntent.parse({ intent: "addItem", target: "blocks.8.items" }),
      "New",
    );
    expect(item.blocks[8]).toMatchObject({ items: [{}, { question: { en: "New", ar: "" } }] });
    const point = applyIntent(
      draft,
      EditorIntent.parse({ intent: "addItem", target: "blocks.2.items.0.points" }),
      "New",
    );
    expect(point.blocks[2]).toMatchObject({ items: [{ points: [{}, { en: "New", ar: "" }] }] });
    const removed = applyIntent(
      draft,
      EditorIntent.parse({ intent: "removeItem", target: "blocks.8.items.0" }),
      "New",
    );
    expect(removed.blocks[8]).toMatchObject({ items: [] });
    const noPicture = applyIntent(
      draft,
      EditorIntent.parse({ intent: "removePicture", target: "blocks.0.picture" }),
      "New",
    );
    expect(noPicture.blocks[0]).toMatchObject({ picture: null });
    const picture = applyIntent(
      noPicture,
      EditorIntent.parse({ intent: "addPicture", target: "blocks.0.picture" }),
      "New",
    );
    expect(picture.blocks[0]).toMatchObject({ picture: { alt: { en: "", ar: "" } } });
    // A new picture asks for its alt text in both languages before it can be saved.
    expect(PageContent.safeParse(picture).success).toBe(false);
  });

  it("refuses targets outside the blocks and changes nothing for a path that leads nowhere", () => {
    expect(EditorIntent.safeParse({ intent: "removeItem", target: "__proto__.x" }).success).toBe(false);
    expect(EditorIntent.safeParse({ intent: "addPicture", target: "seo.en" }).success).toBe(false);
    const same = applyIntent(
      draft,
      EditorIntent.parse({ intent: "removeItem", target: "blocks.30.items.0" }),
      "New",
    );
    expect(same).toEqual(draft);
  });
});
