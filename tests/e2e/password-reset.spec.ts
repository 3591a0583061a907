// Forgot password end to end, with JavaScript on and off, in both languages: a learner who signed up asks
// for a reset link, the admin finds the mail in the outbox (no SMTP here), the learner opens the link,
// chooses a new password, and signs in with it; the browser that was signed in before is signed out.
import { expect, test } from "./fixtures";
import { demoState, expectMailInOutbox, expectSignedIn, logIn, uniqueEmail } from "./helpers";

// Its own address for the sign-up and reset limits (see playwright.config.ts, TRUST_PROXY).
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.32" } });

const TEXT = {
  en: {
    prefix: "",
    name: "Full name",
    email: "Email address",
    password: "Password",
    signup: "Create account",
    forgot: "Forgot your password?",
    forgotTitle: "Reset your password",
    send: "Send the link",
    sent: "Check your email",
    welcome: "Welcome to Manara",
    resetSubject: "Reset your Manara password",
    search: "Recipient's email",
    searchButton: "Show their mail",
    show: "Show the message",
    newPassword: "New password",
    save: "Save the new password",
    done: "Your password has been changed",
  },
  ar: {
    prefix: "/ar",
    name: "الاسم الكامل",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signup: "إنشاء الحساب",
    forgot: "نسيت كلمة المرور؟",
    forgotTitle: "إعادة تعيين كلمة المرور",
    send: "أرسل الرابط",
    sent: "تفقّد بريدك الإلكتروني",
    welcome: "أهلًا بك في منارة",
    resetSubject: "إعادة تعيين كلمة مرورك في منارة",
    search: "بريد المستلم",
    searchButton: "اعرض رسائله",
    show: "اعرض الرسالة",
    newPassword: "كلمة المرور الجديدة",
    save: "احفظ كلمة المرور الجديدة",
    done: "تغيّرت كلمة مرورك",
  },
} as const;

for (const locale of ["en", "ar"] as const) {
  test(`forgot password → outbox → reset → sign in (${locale})`, async ({ page, browser }, testInfo) => {
    test.setTimeout(90_000);
    const text = TEXT[locale];
    const javaScriptEnabled = testInfo.project.name !== "no-js";
    const email = uniqueEmail(`reset-${locale}`);
    const name = locale === "ar" ? "سارة النسّاءة" : "Sara Forgetful";

    // An account, signed in on another browser.
    const earlier = await browser.newContext({
      javaScriptEnabled,
      extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.32" },
    });
    const earlierPage = await earlier.newPage();
    await earlierPage.goto(`${text.prefix}/auth/signup`);
    await earlierPage.getByLabel(text.name).fill(name);
    await earlierPage.getByLabel(text.email).fill(email);
    await earlierPage.getByLabel(text.password, { exact: true }).fill("the-forgotten-one");
    await earlierPage.getByRole("button", { name: text.signup }).click();
    await expectSignedIn(earlierPage, name);

    // Forgot: from the log-in page.
    await page.goto(`${text.prefix}/auth/login`);
    await page.getByRole("link", { name: text.forgot }).click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/auth/forgot-password$`));
    // The address bar changes before the new page renders; the log-in page has an email field too.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.forgotTitle);
    await page.getByLabel(text.email).fill(email);
    await page.getByRole("button", { name: text.send }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.sent);

    // The admin reads the outbox: the welcome mail and the reset mail, in the page's language.
    const admin = await browser.newContext({
      javaScriptEnabled,
      storageState: await demoState(browser, "admin"),
    });
    const adminPage = await admin.newPage();
    await adminPage.goto(`${text.prefix}/dashboard/admin/outbox`);
    await adminPage.getByLabel(text.search).fill(email);
    await adminPage.getByRole("button", { name: text.searchButton }).click();
    const messages = adminPage.getByTestId("outbox-message");
    await expect(messages.filter({ hasText: text.welcome })).toHaveCount(1);
    const resetMail = messages.filter({ hasText: text.resetSubject });
    await expectMailInOutbox(adminPage, resetMail);
    await expect(resetMail).toHaveCount(1);
    await resetMail.getByText(text.show).click();
    const link = resetMail.getByTestId("outbox-text").locator('a[href*="/auth/reset-password?token="]');
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toContain(`${text.prefix}/auth/reset-password?token=`);
    await admin.close();

    // The link: the token leaves the address bar at once.
    await page.goto(href);
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/auth/reset-password$`));
    await page.getByLabel(text.newPassword).fill("a-remembered-one");
    await page.getByRole("button", { name: text.save }).click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/auth/login$`));
    await expect(page.getByTestId("toast-success").last()).toContainText(text.done);

    // The old password no longer works; the new one does.
    await logIn(page, email, "a-remembered-one", locale);
    await expectSignedIn(page, name);

    // The browser signed in before the reset is signed out.
    await earlierPage.goto(`${text.prefix}/account`);
    await expect(earlierPage).toHaveURL(/\/auth\/login\?redirectTo=/);
    await earlier.close();

    // The link is spent.
    await page.goto(href);
    await expect(
      page.getByRole("link", { name: locale === "ar" ? "اطلب رابطًا جديدًا" : "Ask for a new link" }),
    ).toBeVisible();
  });
}
