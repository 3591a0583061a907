// The editorial side end to end, with JavaScript on and off, in both locales: an admin writes a post with a
// cover image, previews it, publishes it, finds it on the blog and in the feed, edits and unpublishes it; a
// case study with three images (reordered, described) is published to the portfolio; with JavaScript, the
// unsaved-changes prompt guards the post editor.

import sharp from "sharp";
import { type Browser, expect, type Page, test } from "./fixtures";
import { DEMO_PASSWORD, demoName, expectSignedIn, logIn } from "./helpers";

const PREFIX = { en: "", ar: "/ar" } as const;
const DRAFT_BANNER = { en: "Draft", ar: "مسودة" } as const;

async function signInAsAdmin(page: Page, locale: "en" | "ar", to: string) {
  await page.goto(`${PREFIX[locale]}/auth/login?redirectTo=${encodeURIComponent(`${PREFIX[locale]}${to}`)}`);
  await logIn(page, "admin@manara.local", DEMO_PASSWORD, locale);
  await expectSignedIn(page, demoName("admin", locale));
}

async function image(color: string, width = 1200, height = 675) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** CSP violations the pages report while the test runs (the editors render stored HTML and images). */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
      violations.push(message.text().slice(0, 160));
  });
  return violations;
}

/** What a visitor who is not signed in gets for a URL. */
async function asGuest(browser: Browser, url: string) {
  const context = await browser.newContext();
  try {
    const response = await context.request.get(url);
    return { status: response.status(), body: await response.text() };
  } finally {
    await context.close();
  }
}

for (const locale of ["en", "ar"] as const) {
  const prefix = PREFIX[locale];

  test(`${locale}: an admin writes, previews, publishes, edits and unpublishes a post`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const title = `Editorial ${locale} ${testInfo.project.name} ${Date.now()}`;
    const titleAr = `مقال ${testInfo.project.name} ${Date.now()}`;
    const csp = watchCsp(page);
    await signInAsAdmin(page, locale, "/dashboard/admin");
    await page.getByTestId("admin-blog-link").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/admin/blog$`));
    await page.getByTestId("new-post").click();

    // A refusal keeps what was typed and names the field.
    await page.locator("#post-title").fill(title);
    await page.locator("#post-title-ar").fill(titleAr);
    await page
      .locator("#post-body")
      .fill("Intro with **bold** words.\n\n- one\n- two\n\n<script>alert(1)</script>");
    await page.getByTestId("save").click();
    await expect(page.locator('[data-field-error="post-excerpt"]')).toBeVisible();
    await expect(page.locator("#post-title")).toHaveValue(title);

    // Preview renders the Markdown, sanitized, and saves nothing.
    await page.locator("#post-excerpt").fill("A short summary for cards and the feed.");
    await page.getByTestId("preview-submit").click();
    await expect(page.getByTestId("preview-body").locator("strong")).toHaveText("bold");
    await expect(page.getByTestId("preview-body").locator("li")).toHaveCount(2);
    await expect(page.getByTestId("preview-body").locator("script")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/admin/blog/new$`));
    await expect(page.locator("#post-excerpt")).toHaveValue("A short summary for cards and the feed.");

    await page.getByTestId("save").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/admin/blog/\\d+$`));
    const id = /\/blog\/(\d+)$/.exec(page.url())?.[1];
    const publicUrl = `${baseURL}${prefix}/blog/${id}`;

    // A cover image through the media adapter.
    await page
      .locator("#cover-file")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await image("#2a9d8f") });
    await page.getByTestId("upload-cover").click();
    await expect(page.getByTestId("cover-image")).toHaveAttribute(
      "src",
      /^\/media\/images\/manara_[0-9a-f]{32}\.webp$/,
    );

    // Still a draft: the admin sees it with a banner, a guest gets 404.
    expect((await asGuest(browser, publicUrl)).status).toBe(404);
    await page.goto(publicUrl);
    await expect(page.getByTestId("not-public")).toContainText(DRAFT_BANNER[locale]);
    await page.goBack();

    await page.getByTestId("status-published").check();
    await page.getByTestId("save").click();
    await expect(page.getByTestId("item-status")).toHaveText(locale === "en" ? "Published" : "منشور");

    // On the blog, with its cover, and in the feed of the page's language.
    const shownTitle = locale === "ar" ? titleAr : title;
    await page.goto(`${prefix}/blog`);
    const card = page.locator("article").filter({ hasText: shownTitle });
    await expect(card).toHaveCount(1);
    await expect(card.locator("img")).toHaveAttribute("src", /^\/media\/images\/manara_/);
    await expect(page.getByTestId("feed-link")).toHaveAttribute("href", `${prefix}/blog/feed.xml`);
    await card.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/blog/${id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shownTitle);
    await expect(page.getByTestId("post-body").locator("strong")).toHaveText("bold");
    await expect(page.getByTestId("not-public")).toHaveCount(0);
    const feed = await asGuest(browser, `${baseURL}${prefix}/blog/feed.xml`);
    expect(feed.status).toBe(200);
    expect(feed.body).toContain(`<title>${shownTitle}</title>`);
    expect(feed.body).toContain(`${prefix}/blog/${id}</id>`);

    // Edit: the new title reaches the public page.
    await page.getByTestId("edit-post").click();
    await page.locator("#post-title").fill(`${title} (edited)`);
    await page.locator("#post-title-ar").fill(`${titleAr} (معدّل)`);
    // The field holds what was typed before the save answers, so wait for the save itself; then a guest may
    // still be served the anonymous cache's copy until the public change reaches it, which the spec allows
    // "within a second": poll for it (the editorial test failed twice on the immediate read).
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByTestId("save").click(),
    ]);
    await expect(page.locator("#post-title")).toHaveValue(`${title} (edited)`);
    await expect
      .poll(async () => asGuest(browser, publicUrl), { timeout: 5_000 })
      .toMatchObject({
        status: 200,
        body: expect.stringContaining(locale === "ar" ? `${titleAr} (معدّل)` : `${title} (edited)`),
      });

    // Unpublish: gone from the blog, the feed and the public URL.
    await page.getByTestId("unpublish").click();
    await expect(page.getByTestId("item-status")).toHaveText(locale === "en" ? "Draft" : "مسودة");
    await expect.poll(async () => (await asGuest(browser, publicUrl)).status, { timeout: 5_000 }).toBe(404);
    await expect
      .poll(async () => (await asGuest(browser, `${baseURL}${prefix}/blog/feed.xml`)).body, {
        timeout: 5_000,
      })
      .not.toContain(shownTitle);
    await expect
      .poll(async () => (await asGuest(browser, `${baseURL}${prefix}/blog`)).body, { timeout: 5_000 })
      .not.toContain(shownTitle);
    expect(csp).toEqual([]);
  });

  test(`${locale}: an admin publishes a case study with three images`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const title = `Case ${locale} ${testInfo.project.name} ${Date.now()}`;
    const csp = watchCsp(page);
    await signInAsAdmin(page, locale, "/dashboard/admin/portfolio");
    await page.getByTestId("new-case-study").click();
    await page.locator("#case-title").fill(title);
    await page.locator("#case-clientName").fill("Hail Roastery");
    await page.locator("#case-clientName-ar").fill("محمصة هيل");
    await page.locator("#case-problem").fill("Checkout was **slow**.");
    await page.locator("#case-strategy").fill("- Arabic first\n- Subscriptions");
    await page.locator("#case-result").fill("Orders grew *tenfold*.");
    await page.getByTestId("save").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/admin/portfolio/\\d+$`));
    const id = /\/portfolio\/(\d+)$/.exec(page.url())?.[1];

    await page.locator("#gallery-files").setInputFiles([
      { name: "red.png", mimeType: "image/png", buffer: await image("#e4572e", 800, 600) },
      { name: "teal.png", mimeType: "image/png", buffer: await image("#2a9d8f", 800, 600) },
      { name: "ink.png", mimeType: "image/png", buffer: await image("#1d1d1f", 800, 600) },
    ]);
    await page.getByTestId("upload-images").click();
    await expect(page.getByTestId("gallery-item")).toHaveCount(3);
    const sources = await page
      .getByTestId("gallery-item")
      .locator("img")
      .evaluateAll((images) => images.map((img) => img.getAttribute("src")));

    // Describe the first, then move the last one up: the descriptions travel with their images.
    await page.locator("#alt-0").fill("The red storefront");
    await page.getByTestId("gallery-item").nth(2).getByTestId("move-up").click();
    await expect
      .poll(() =>
        page
          .getByTestId("gallery-item")
          .locator("img")
          .evaluateAll((images) => images.map((img) => img.getAttribute("src"))),
      )
      .toEqual([sources[0], sources[2], sources[1]]);
    await expect(page.locator("#alt-0")).toHaveValue("The red storefront");

    expect((await asGuest(browser, `${baseURL}${prefix}/portfolio/${id}`)).status).toBe(404);
    await page.getByTestId("status-published").check();
    await page.getByTestId("save").click();
    await expect(page.getByTestId("item-status")).toHaveText(locale === "en" ? "Published" : "منشور");

    await page.goto(`${prefix}/portfolio/${id}`);
    const gallery = page.getByTestId("gallery").locator("img");
    await expect(gallery).toHaveCount(3);
    expect(await gallery.evaluateAll((images) => images.map((img) => img.getAttribute("src")))).toEqual([
      sources[0],
      sources[2],
      sources[1],
    ]);
    await expect(gallery.first()).toHaveAttribute("alt", "The red storefront");
    await expect(page.getByTestId("case-problem").locator("strong")).toHaveText("slow");
    await expect(page.getByTestId("case-strategy").locator("li")).toHaveCount(2);
    if (locale === "ar") await expect(page.getByText("محمصة هيل").first()).toBeVisible();
    await page.goto(`${prefix}/portfolio`);
    await expect(page.locator("article").filter({ hasText: title })).toHaveCount(1);
    expect(csp).toEqual([]);
  });

  test(`${locale}: leaving the post editor with unsaved changes asks first (JavaScript)`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "The prompt needs JavaScript.");
    await signInAsAdmin(page, locale, "/dashboard/admin/blog");
    await page.getByTestId("edit-link").first().click();
    await expect(page.getByTestId("post-form")).toBeVisible();
    await page.locator("#post-excerpt").fill("Changed but not saved");
    await expect(page.getByTestId("unsaved-marker")).toBeVisible();
    await page.getByRole("link", { name: locale === "en" ? "All posts" : "كل المقالات" }).click();
    await expect(page.getByTestId("unsaved-dialog")).toBeVisible();
    await page.getByTestId("unsaved-dialog").getByRole("button").first().click();
    await expect(page.getByTestId("unsaved-dialog")).toBeHidden();
    await expect(page.locator("#post-excerpt")).toHaveValue("Changed but not saved");
  });
}
