// The instructor studio end to end, with JavaScript on and off, in both locales: create a course, add three
// lessons, reorder them, upload a cover, try to publish too early, publish, find it in the catalog, change
// its price; with JavaScript, the unsaved-changes prompt and the focus staying on a moved lesson's button.

import sharp from "sharp";
import { expect, type Page, test } from "./fixtures";
import { DEMO_PASSWORD, demoName, expectSignedIn, logIn } from "./helpers";

const TEXT = {
  en: {
    prefix: "",
    draft: "Draft",
    published: "Published",
    missingDescription: "a description (at least in English)",
    missingLessons: "at least one lesson",
    back: "All my courses",
    studioTitle: "Instructor studio",
  },
  ar: {
    prefix: "/ar",
    draft: "مسودة",
    published: "منشورة",
    missingDescription: "وصف (بالإنجليزية على الأقل)",
    missingLessons: "درس واحد على الأقل",
    back: "كل دوراتي",
    studioTitle: "استوديو المدرّب",
  },
} as const;

async function signInAsTrainer(page: Page, locale: "en" | "ar") {
  await page.goto(
    `${TEXT[locale].prefix}/auth/login?redirectTo=${encodeURIComponent(`${TEXT[locale].prefix}/instructor`)}`,
  );
  await logIn(page, "trainer@manara.local", DEMO_PASSWORD, locale);
  await expectSignedIn(page, demoName("trainer", locale));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXT[locale].studioTitle);
}

async function lessonTitles(page: Page) {
  return page.getByTestId("lesson-title").allTextContents();
}

for (const locale of ["en", "ar"] as const) {
  const text = TEXT[locale];

  test(`${locale}: a trainer builds, publishes and reprices a course`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const title = `Studio ${locale} ${testInfo.project.name} ${Date.now()}`;
    await signInAsTrainer(page, locale);
    // The seeded studio: several courses, one of them a draft.
    await expect(
      page.getByTestId("studio-courses").getByTestId("course-status").filter({ hasText: text.draft }),
    ).not.toHaveCount(0);

    await page.getByTestId("new-course").click();
    await page.locator("#course-title").fill(title);
    await page.locator("#course-category").selectOption("cloud-computing");
    await page.locator("#course-price").fill("abc");
    await page.getByTestId("save-landing").click();
    // Refused with a localized field error; what was typed stays.
    await expect(page.locator('[data-field-error="course-price"]')).toBeVisible();
    await expect(page.locator("#course-title")).toHaveValue(title);
    await page.locator("#course-price").fill("12.50");
    await page.getByTestId("save-landing").click();
    await expect(page).toHaveURL(/\/instructor\/courses\/\d+\/curriculum$/);
    const courseUrl = page.url().replace(/\/curriculum$/, "");
    const courseId = /\/courses\/(\d+)$/.exec(courseUrl)?.[1];

    for (const lesson of ["Alpha", "Beta", "Gamma"]) {
      await page.locator("#new-lesson-title").fill(lesson);
      await page.locator("#new-lesson-duration").fill("10");
      await page.getByTestId("add-lesson").click();
      await expect(page.getByTestId("lesson-title").filter({ hasText: lesson })).toBeVisible();
    }
    expect(await lessonTitles(page)).toEqual(["Alpha", "Beta", "Gamma"]);
    await page.getByTestId("lesson").nth(2).getByTestId("move-up").click();
    await expect.poll(() => lessonTitles(page)).toEqual(["Alpha", "Gamma", "Beta"]);
    await page.reload();
    expect(await lessonTitles(page)).toEqual(["Alpha", "Gamma", "Beta"]);
    if (testInfo.project.name !== "no-js") {
      // With the keyboard: the focus stays on the button of a lesson moved down; once the lesson is last,
      // that button turns disabled and the focus goes to the lesson's other move button.
      const alpha = page.getByTestId("lesson").filter({ hasText: "Alpha" });
      const moveDown = async (expected: string[]) => {
        await Promise.all([
          page.waitForResponse((response) => response.request().method() === "POST"),
          page.keyboard.press("Enter"),
        ]);
        await expect.poll(() => lessonTitles(page)).toEqual(expected);
        await expect(page.getByTestId("route-progress")).toHaveCount(0);
      };
      await alpha.getByTestId("move-down").focus();
      await moveDown(["Gamma", "Alpha", "Beta"]);
      await expect(alpha.getByTestId("move-down")).toBeFocused();
      await moveDown(["Gamma", "Beta", "Alpha"]);
      await expect(alpha.getByTestId("move-up")).toBeFocused();
    }

    await page.goto(courseUrl);
    const cover = await sharp({ create: { width: 1200, height: 675, channels: 3, background: "#e4572e" } })
      .png()
      .toBuffer();
    await page
      .locator("#cover-file")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: cover });
    await page.getByTestId("upload-cover").click();
    await expect(page.getByTestId("cover-image")).toHaveAttribute(
      "src",
      /^\/media\/images\/manara_[0-9a-f]{32}\.webp$/,
    );
    const coverSrc = await page.getByTestId("cover-image").getAttribute("src");
    const served = await page.request.get(coverSrc ?? "");
    expect(served.headers()["content-type"]).toBe("image/webp");
    expect(served.headers()["cache-control"]).toContain("immutable");

    // Too early: no description yet.
    await page.getByTestId("publish").click();
    await expect(page.getByTestId("publish-missing")).toContainText(text.missingDescription);
    await expect(page.getByTestId("publish-missing")).not.toContainText(text.missingLessons);

    await page.locator("#course-description").fill("Ship **cloud** apps.\n\n- one\n- two");
    await page.getByTestId("save-landing").click();
    await expect(page.locator("#course-description")).toHaveValue(/Ship \*\*cloud\*\* apps/);
    await page.getByTestId("publish").click();
    await expect(page.getByTestId("unpublish")).toBeVisible();
    await expect(page.getByTestId("publish-section").locator("xpath=ancestor::*[1]")).toBeVisible();

    await page.goto(`${text.prefix}/courses?q=${encodeURIComponent(title)}`);
    await page.getByRole("link", { name: title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/courses/${courseId}$`));
    await expect(page.getByTestId("course-description").locator("strong")).toHaveText("cloud");
    await expect(page.getByTestId("course-description").locator("li")).toHaveCount(2);
    const before = await page.getByTestId("course-price").textContent();

    await page.goto(courseUrl);
    await page.locator("#course-price").fill("15");
    await page.getByTestId("save-landing").click();
    await expect(page.locator("#course-price")).toHaveValue("15.00");
    await page.goto(`${text.prefix}/courses/${courseId}`);
    const after = await page.getByTestId("course-price").textContent();
    expect(after).not.toBe(before);
    expect(after).toMatch(/15|١٥/);
  });

  test(`${locale}: leaving with unsaved changes asks first (JavaScript)`, async ({ page }, testInfo) => {
    test.skip(
      testInfo.project.name === "no-js",
      "The prompt needs JavaScript; without it nothing is lost silently by design of plain forms.",
    );
    await signInAsTrainer(page, locale);
    await page.getByTestId("studio-courses").getByRole("link").first().click();
    await expect(page.getByTestId("landing-form")).toBeVisible();
    const original = await page.locator("#course-title").inputValue();
    await page.locator("#course-title").fill(`${original} (edited)`);
    await expect(page.getByTestId("unsaved-marker")).toBeVisible();

    await page.getByRole("link", { name: text.back }).click();
    await expect(page.getByTestId("unsaved-dialog")).toBeVisible();
    await page.getByTestId("unsaved-dialog").getByRole("button").first().click();
    await expect(page.getByTestId("unsaved-dialog")).toBeHidden();
    await expect(page.locator("#course-title")).toHaveValue(`${original} (edited)`);

    // Reset restores the saved values and clears the flag: leaving no longer asks.
    await page.getByTestId("reset-landing").click();
    await expect(page.locator("#course-title")).toHaveValue(original);
    await expect(page.getByTestId("unsaved-marker")).toBeHidden();

    await page.locator("#course-title").fill(`${original} (again)`);
    await page.getByRole("link", { name: text.back }).click();
    await page.getByTestId("unsaved-dialog").getByRole("button").nth(1).click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/instructor$`));
  });
}

test("drag and drop reorders lessons (JavaScript)", async ({ page }, testInfo) => {
  test.skip(
    testInfo.project.name === "no-js",
    "Dragging needs JavaScript; the move buttons work without it.",
  );
  await signInAsTrainer(page, "en");
  // The seeded draft: the courses other tests create are being edited at the same time.
  await page
    .getByTestId("studio-courses")
    .getByRole("link", { name: "Testing Web Apps End to End" })
    .first()
    .click();
  await page.getByTestId("tab-curriculum").click();
  await expect(page.getByTestId("drag-handle")).not.toHaveCount(0);
  const before = await lessonTitles(page);
  expect(before.length).toBeGreaterThanOrEqual(3);
  // The drag events themselves, with one DataTransfer, as the browser sends them during a drag (headless
  // Chromium does not start a native HTML5 drag from synthetic mouse input).
  const transfer = await page.evaluateHandle(() => new DataTransfer());
  const target = page.getByTestId("lesson").nth(0).getByTestId("lesson-title");
  await page.getByTestId("drag-handle").nth(2).dispatchEvent("dragstart", { dataTransfer: transfer });
  await target.dispatchEvent("dragover", { dataTransfer: transfer });
  await target.dispatchEvent("drop", { dataTransfer: transfer });
  const expected = [before[2], before[0], before[1], ...before.slice(3)];
  await expect.poll(() => lessonTitles(page)).toEqual(expected);
  await page.reload();
  expect(await lessonTitles(page)).toEqual(expected);
});
