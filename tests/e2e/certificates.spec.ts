// Certificates (issue 10), with JavaScript on and off, in both locales: a new learner enrolls in a free
// course, sees what earns the certificate, completes every lesson (the last one issues it, issue 50), finds it on
// /certificates (PDF, verification link) and opens the public verification page from its link. The demo
// learner downloads their certificate's Open Badges credential and has /credentials/verify check it.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "./fixtures";
import { DEMO_ACCOUNTS, demoState, expectSignedIn, uniqueEmail } from "./helpers";

// Sign-ups come from this suite's own address (the test server trusts loopback proxies), so the shared
// per-address sign-up limit is not spent by other suites.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.23" } });

const TEXT = {
  en: {
    prefix: "",
    name: "Full name",
    email: "Email address",
    password: "Password",
    signup: "Create account",
    mark: "Mark as complete",
    hint: "Complete every lesson to earn your certificate.",
    earned: "You earned the certificate for this course.",
    mine: "My certificates",
    valid: "Valid certificate",
    notFound: "Certificate not found",
    course: "Course",
    verified: "Verified: this credential is genuine and in force.",
  },
  ar: {
    prefix: "/ar",
    name: "الاسم الكامل",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signup: "إنشاء الحساب",
    mark: "علّم الدرس كمكتمل",
    hint: "أتمّ جميع الدروس لتحصل على شهادتك.",
    earned: "حصلت على شهادة هذه الدورة.",
    mine: "شهاداتي",
    valid: "شهادة صالحة",
    notFound: "لم يُعثر على الشهادة",
    course: "الدورة",
    verified: "تم التحقق: هذه الشهادة أصلية وسارية.",
  },
} as const;

async function signUp(page: Page, locale: "en" | "ar", name: string) {
  const text = TEXT[locale];
  await page.goto(`${text.prefix}/auth/signup`);
  await page.getByLabel(text.name).fill(name);
  await page.getByLabel(text.email).fill(uniqueEmail(`certificate-${locale}`));
  await page.getByLabel(text.password, { exact: true }).fill("a-good-password");
  await page.getByRole("button", { name: text.signup }).click();
  await expectSignedIn(page, name);
}

for (const locale of ["en", "ar"] as const) {
  test(`complete a course, get the certificate, verify it from its link (${locale})`, async ({ page }) => {
    // Chromium prints the PDF (decision 054): seconds, not the tenth of a second @react-pdf took.
    test.setTimeout(180_000);
    const text = TEXT[locale];
    const name = locale === "ar" ? "سلمى" : "Salma";
    const js = test.info().project.name === "js";
    await signUp(page, locale, name);

    // Enroll in the cheapest (free) demo web course, Modern CSS Layouts (other suites publish free courses of
    // their own, with quizzes, in other categories): the learn page opens on its first lesson and says what the
    // certificate needs.
    await page.goto(`${text.prefix}/courses?category=web-development&sort=price-asc`);
    await page.getByTestId("course-list").locator("article").first().locator("h2 a").click();
    await expect(page.getByTestId("enroll")).toBeVisible();
    const courseTitle = (await page.locator("h1").textContent())?.trim() ?? "";
    await page.getByTestId("enroll").click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/courses/\\d+/learn/\\d+$`));
    const courseId = page.url().match(/courses\/(\d+)\/learn/)?.[1] ?? "";
    await expect(page.getByTestId("certificate-progress")).toHaveText(text.hint);
    await expect(page.getByTestId("get-certificate")).toHaveCount(0);

    // Complete every lesson through the curriculum.
    const lessons = page.getByTestId("curriculum-lesson");
    const count = await lessons.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      await lessons.nth(index).locator("a").click();
      await expect(lessons.nth(index).locator("a")).toHaveAttribute("aria-current", "page");
      await page.getByRole("button", { name: text.mark }).click();
      await expect(lessons.nth(index)).toHaveAttribute("data-completed", "true");
    }

    // The last lesson issued the certificate at once (issue 50): the learn page and the course page only link
    // to it, with no button to press.
    await expect(page.getByTestId("certificate-panel")).toContainText(text.earned, { timeout: 20_000 });
    await expect(page.getByTestId("get-certificate")).toHaveCount(0);
    await page.goto(`${text.prefix}/courses/${courseId}`);
    await expect(page.getByTestId("certificate-panel")).toContainText(text.earned);
    await expect(page.getByTestId("get-certificate")).toHaveCount(0);

    // /certificates lists it, with the PDF and the verification link (a copy button only with JS).
    // The PDF is rendered by its job, or by this download if it comes first.
    await page.goto(`${text.prefix}/certificates`);
    await expect(page.locator("h1")).toHaveText(text.mine);
    const item = page.getByTestId("certificate-item");
    await expect(item).toHaveCount(1);
    await expect(item.locator("h2")).toHaveText(courseTitle);
    const code = (await item.getByTestId("certificate-code").textContent()) ?? "";
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}$/);
    await expect(item.getByTestId("verify-url")).toHaveValue(new RegExp(`/certificates/verify/${code}$`));
    await expect(item.getByTestId("copy-verify-link")).toHaveCount(js ? 1 : 0);
    const pdfHref = (await item.getByTestId("download-certificate").getAttribute("href")) ?? "";
    const pdf = await page.request.get(pdfHref);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // The verification page from the certificate's link: public, valid, the holder and the course.
    await page.goto(`${text.prefix}/certificates`);
    await page.getByTestId("open-verify").click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/certificates/verify/${code}$`));
    const verification = page.getByTestId("certificate-verification");
    await expect(verification).toHaveAttribute("data-state", "valid");
    await expect(verification.locator("h1")).toContainText(text.valid);
    await expect(page.getByTestId("certificate-holder")).toHaveText(name);
    await expect(page.getByTestId("certificate-course")).toHaveText(courseTitle);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });
}

test("a guest can verify the demo certificate; an unknown code is a 404 page, not an error", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto("/ar/certificates/verify/mnra-demq-26");
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("certificate-verification")).toHaveAttribute("data-state", "valid");
  // The Arabic page shows the Arabic name recorded at issue time.
  await expect(page.getByTestId("certificate-holder")).toHaveText(DEMO_ACCOUNTS.learner.nameAr);
  const missing = await page.goto("/certificates/verify/ZZZZ-ZZZZ-ZZ");
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId("certificate-not-found").locator("h1")).toHaveText(TEXT.en.notFound);
  await context.close();
});

test("someone else's certificate PDF is not theirs to download", async ({ browser }) => {
  const learner = await browser.newContext({ storageState: await demoState(browser, "learner") });
  const learnerPage = await learner.newPage();
  await learnerPage.goto("/certificates");
  const href = (await learnerPage.getByTestId("download-certificate").first().getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/certificates\/[0-9a-f-]{36}\/pdf$/);
  expect((await learnerPage.request.get(href)).status()).toBe(200);
  const trainer = await browser.newContext({ storageState: await demoState(browser, "trainer") });
  expect((await trainer.request.get(href)).status()).toBe(404);
  const admin = await browser.newContext({ storageState: await demoState(browser, "admin") });
  expect((await admin.request.get(href)).status()).toBe(200);
  await Promise.all([learner.close(), trainer.close(), admin.close()]);
});

for (const locale of ["en", "ar"] as const) {
  test(`the demo learner downloads their credential and the verify page verifies it (${locale})`, async ({
    browser,
  }, testInfo) => {
    // Signing the credential and verifying it on the server take a moment on a busy machine.
    test.setTimeout(120_000);
    const text = TEXT[locale];
    const context = await browser.newContext({
      storageState: await demoState(browser, "learner"),
      javaScriptEnabled: testInfo.project.name !== "no-js",
    });
    const page = await context.newPage();
    await page.goto(`${text.prefix}/certificates`);
    const item = page.getByTestId("certificate-item").filter({ hasText: "MNRA-DEMQ-26" });
    await expect(item).toHaveCount(1);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      item.getByTestId("download-credential").click(),
    ]);
    expect(download.suggestedFilename()).toBe("manara-credential-MNRA-DEMQ-26.json");
    const json = await readFile(await download.path(), "utf8");
    expect(JSON.parse(json).type).toContain("OpenBadgeCredential");

    await page.goto(`${text.prefix}/credentials/verify`);
    await page.getByTestId("credential-json").fill(json);
    await page.getByTestId("verify-credential").click();
    const verification = page.getByTestId("credential-verification");
    await expect(verification).toHaveAttribute("data-state", "verified", { timeout: 20_000 });
    await expect(verification).toContainText(text.verified);
    for (const check of ["format", "issuer", "signature", "status", "dates"]) {
      await expect(page.getByTestId(`check-${check}`)).toHaveAttribute("data-passed", "true");
    }
    await context.close();
  });
}
