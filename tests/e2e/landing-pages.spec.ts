// Landing pages made of blocks (issue 49) in both languages, with JavaScript on and off: an admin creates a
// landing page, adds a hero through the editor's plain form, writes its English and Arabic titles, publishes,
// and a visitor sees it at /p/:slug and /ar/p/:slug; before the publish the visitor finds nothing there.
import { expect, test } from "./fixtures";
import { demoState } from "./helpers";

const TEXT = {
  en: {
    prefix: "",
    create: "Create the page",
    add: "Add the block",
    publish: "Save and publish",
    published: "Published.",
  },
  ar: {
    prefix: "/ar",
    create: "أنشئ الصفحة",
    add: "أضف الكتلة",
    publish: "احفظ وانشر",
    published: "نُشرت الصفحة.",
  },
} as const;

for (const locale of ["en", "ar"] as const) {
  test(`an admin publishes a landing page with a hero, and a visitor sees it (${locale})`, async ({
    browser,
  }, testInfo) => {
    const text = TEXT[locale];
    const javaScriptEnabled = testInfo.project.name !== "no-js";
    const slug = `e2e-${locale}-${testInfo.project.name}-${Date.now().toString(36)}`;
    const admin = await browser.newContext({
      javaScriptEnabled,
      storageState: await demoState(browser, "admin"),
    });
    const page = await admin.newPage();
    await page.goto(`${text.prefix}/dashboard/admin/pages`);
    await page.locator('input[name="slug"]').fill(slug);
    await page.locator('input[name="title"]').fill("Spring offer");
    await page.locator('input[name="titleAr"]').fill("عرض الربيع");
    await page.getByRole("button", { name: text.create }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/admin/pages/${slug}$`));

    await page.locator('select[name="blockType"]').selectOption("hero");
    await page.getByRole("button", { name: text.add, exact: true }).click();
    const english = page.locator('[name="blocks.0.title.en"]');
    const arabic = page.locator('[name="blocks.0.title.ar"]');
    await expect(english).toHaveAttribute("dir", "ltr");
    await expect(arabic).toHaveAttribute("dir", "rtl");
    // The new hero's Arabic title is empty: flagged, the English one shown in its place.
    await expect(page.locator('[data-arabic-empty="blocks.0.title.ar"]')).toBeVisible();
    await english.fill("Learn marketing this spring");
    await arabic.fill("تعلّم التسويق هذا الربيع");

    const visitor = await browser.newContext({ javaScriptEnabled });
    const seen = await visitor.newPage();
    const before = await seen.goto(`/p/${slug}`);
    expect(before?.status()).toBe(404);

    await page.getByRole("button", { name: text.publish }).click();
    await expect(page.getByTestId("toast-success").last()).toContainText(text.published);

    await seen.goto(`/p/${slug}`);
    await expect(seen.getByRole("heading", { level: 1 })).toHaveText("Learn marketing this spring");
    await seen.goto(`/ar/p/${slug}`);
    await expect(seen.getByRole("heading", { level: 1 })).toHaveText("تعلّم التسويق هذا الربيع");
    await expect(seen.locator("html")).toHaveAttribute("dir", "rtl");
    await admin.close();
    await visitor.close();
  });
}
