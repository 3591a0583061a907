// My learning (issue 50), with JavaScript on and off, in both locales: a learner signs in and lands on
// /my-enrollments, enrolls, leaves a lesson for later, comes back through the header's "My learning" and
// the continue card to that lesson, completes the course, and finds the certificate on My learning and on
// /certificates without pressing anything for it.
import { expect, test } from "./fixtures";
import { expectSignedIn, logIn, uniqueEmail } from "./helpers";

// Sign-ups from an address of their own: the per-address limit is shared by every suite (playwright.config.ts).
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.50" } });

const TEXT = {
  en: {
    prefix: "",
    title: "My learning",
    empty: "You are not enrolled in any course yet.",
    mark: "Mark as complete",
    continueHeading: "Continue where you left off",
    completed: "Completed",
    certificate: "View certificate",
    earned: "You earned the certificate for this course.",
  },
  ar: {
    prefix: "/ar",
    title: "تعلّمي",
    empty: "لم تلتحق بأي دورة بعد.",
    mark: "علّم الدرس كمكتمل",
    continueHeading: "تابع من حيث توقفت",
    completed: "مكتملة",
    certificate: "عرض الشهادة",
    earned: "حصلت على شهادة هذه الدورة.",
  },
} as const;

for (const locale of ["en", "ar"] as const) {
  test(`sign in to My learning, continue the last lesson, complete the course, find the certificate (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[locale];
    const email = uniqueEmail(`my-learning-${locale}`);
    const name = locale === "ar" ? "مها" : "Maha";
    const signup = await request.post("/api/auth/signup", {
      data: { userName: name, email, password: "a-good-password" },
    });
    expect(signup.ok()).toBe(true);

    // Signing in without a redirectTo lands a learner on My learning (empty for now).
    await page.goto(`${text.prefix}/auth/login`);
    await logIn(page, email, "a-good-password", locale);
    // A sign-in hashes the password: a busy machine may take a while (demo-accounts.setup.ts allows 30 s).
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/my-enrollments$`), { timeout: 30_000 });
    await expectSignedIn(page, name);
    await expect(page.locator("h1")).toHaveText(text.title);
    await expect(page.getByTestId("empty-state")).toContainText(text.empty);

    // Enroll in the cheapest (free) demo web course; do its second lesson, then leave for the catalog.
    await page.goto(`${text.prefix}/courses?category=web-development&sort=price-asc`);
    await page.getByTestId("course-list").locator("article").first().locator("h2 a").click();
    await expect(page.getByTestId("enroll")).toBeVisible();
    const courseTitle = (await page.locator("h1").textContent())?.trim() ?? "";
    await page.getByTestId("enroll").click();
    // Enrolling writes and redirects: a busy machine may take a while.
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/courses/\\d+/learn/\\d+$`), { timeout: 20_000 });
    const lessons = page.getByTestId("curriculum-lesson");
    await page.getByTestId("next-lesson").click();
    await expect(lessons.nth(1).locator("a")).toHaveAttribute("aria-current", "page");
    const secondUrl = page.url();
    await page.getByRole("button", { name: text.mark }).click();
    await expect(lessons.nth(1)).toHaveAttribute("data-completed", "true");
    await page.goto(`${text.prefix}/courses`);

    // The header's "My learning", then the continue card, back to that lesson.
    await page.locator("header").getByRole("link", { name: text.title, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/my-enrollments$`));
    const card = page.getByTestId("continue-card");
    await expect(card.getByRole("heading")).toHaveText(text.continueHeading);
    await expect(card).toContainText(courseTitle);
    await card.getByTestId("continue-lesson").click();
    await expect(page).toHaveURL(secondUrl);
    // With JavaScript the address changes before the lesson page has rendered: count its lessons once it has.
    await expect(lessons.nth(1).locator("a")).toHaveAttribute("aria-current", "page");

    // Complete every other lesson through the curriculum: the last one issues the certificate at once.
    const count = await lessons.count();
    for (let index = 0; index < count; index += 1) {
      if ((await lessons.nth(index).getAttribute("data-completed")) === "true") continue;
      await lessons.nth(index).locator("a").click();
      await expect(lessons.nth(index).locator("a")).toHaveAttribute("aria-current", "page");
      await page.getByRole("button", { name: text.mark }).click();
      await expect(lessons.nth(index)).toHaveAttribute("data-completed", "true");
    }
    // With JavaScript the ticks are optimistic: wait for the last one's answer, which brings the certificate.
    await expect(page.getByTestId("certificate-panel")).toContainText(text.earned, { timeout: 30_000 });
    await expect(page.getByTestId("get-certificate")).toHaveCount(0);

    // My learning: nothing left to continue; the course is completed, with its certificate one link away.
    await page.goto(`${text.prefix}/my-enrollments`);
    await expect(page.getByTestId("continue-card")).toHaveCount(0);
    const completed = page.getByTestId("completed");
    await expect(completed.getByRole("heading", { level: 2 })).toHaveText(text.completed);
    await expect(completed.locator("article h3")).toHaveText(courseTitle);
    const view = completed.getByTestId("view-certificate");
    await expect(view).toHaveText(text.certificate);
    const pdf = await page.request.get((await view.getAttribute("href")) ?? "");
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    // /certificates lists it too, without the "Get your certificate" button ever having been pressed.
    await page.goto(`${text.prefix}/certificates`);
    await expect(page.getByTestId("certificate-item")).toHaveCount(1);
    await expect(page.getByTestId("certificate-item").locator("h2")).toHaveText(courseTitle);
  });
}

test("/favicon.ico answers an icon, for browsers and tools that ask for it without reading the page", async ({
  request,
}) => {
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  // An ICO file: reserved 0, type 1 (icon).
  expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
});
