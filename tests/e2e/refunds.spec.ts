// The money loop end to end, with JavaScript on and off, in both languages: a new learner asks for a top-up
// by bank transfer, the admin approves it and creates a coupon, the learner buys a course with the wallet and
// the coupon, the admin refunds the enrollment, and the learner's wallet shows the refund of what was paid
// (the discounted price) and the money back.
import { type Browser, expect, type Page, test } from "./fixtures";
import { demoState, expectSignedIn, uniqueEmail } from "./helpers";

// Its own address for the sign-up limit (see playwright.config.ts, TRUST_PROXY).
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.31" } });

const TEXT = {
  en: {
    prefix: "",
    name: "Full name",
    email: "Email address",
    password: "Password",
    signup: "Create account",
    amount: "Amount (USD)",
    reference: "Transfer reference (optional)",
    submit: "Request top-up",
    approve: "Approve",
    approvedToast: "Approved:",
    search: "Learner name or email",
    searchButton: "Search",
    reason: "Reason",
    refundedToast: "Refunded",
    refundLine: "Refund:",
    enrollments: "My courses",
    couponCode: "Code",
    couponValue: "Percentage or amount",
    couponCreate: "Create code",
    couponCreated: "created",
    cartCoupon: "Coupon code",
    cartApply: "Apply",
  },
  ar: {
    prefix: "/ar",
    name: "الاسم الكامل",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signup: "إنشاء الحساب",
    amount: "المبلغ (USD)",
    reference: "مرجع التحويل (اختياري)",
    submit: "طلب إضافة رصيد",
    approve: "قبول",
    approvedToast: "تم القبول:",
    search: "اسم المتعلّم أو بريده",
    searchButton: "بحث",
    reason: "السبب",
    refundedToast: "أُعيد",
    refundLine: "استرداد:",
    enrollments: "دوراتي",
    couponCode: "الرمز",
    couponValue: "النسبة أو المبلغ",
    couponCreate: "أنشئ الرمز",
    couponCreated: "أُنشئ الرمز",
    cartCoupon: "رمز الخصم",
    cartApply: "طبّق",
  },
} as const;

async function signUp(page: Page, locale: "en" | "ar", name: string, email: string) {
  const text = TEXT[locale];
  await page.goto(`${text.prefix}/auth/signup`);
  await page.getByLabel(text.name).fill(name);
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill("a-good-password");
  await page.getByRole("button", { name: text.signup }).click();
  await expectSignedIn(page, name);
}

async function adminPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    javaScriptEnabled,
    storageState: await demoState(browser, "admin"),
  });
  return { context, page: await context.newPage() };
}

for (const locale of ["en", "ar"] as const) {
  test(`top-up approved, course bought with a coupon, refunded: the wallet shows the refund (${locale})`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const text = TEXT[locale];
    const javaScriptEnabled = testInfo.project.name !== "no-js";
    const email = uniqueEmail(`refund-${locale}`);
    const name = locale === "ar" ? "ريم المسترِدّة" : "Reem Refund";
    const reference = `REFUND-${testInfo.project.name}-${locale}-${Date.now()}`;
    await signUp(page, locale, name, email);

    // 1. Top-up request by transfer.
    await page.goto(`${text.prefix}/account/wallet`);
    await page.getByLabel(text.amount).fill(locale === "ar" ? "١٥٠" : "150");
    await page.getByLabel(text.reference).fill(reference);
    await page.getByRole("button", { name: text.submit }).click();
    await expect(page.getByTestId("top-up-requests")).toContainText(reference);

    // 2. The admin approves it.
    const admin = await adminPage(browser, javaScriptEnabled);
    await admin.page.goto(`${text.prefix}/dashboard/admin/top-ups`);
    const request = admin.page.getByTestId("top-up-row").filter({ hasText: reference });
    await request.getByRole("button", { name: new RegExp(`^${text.approve}`) }).click();
    await expect(admin.page.getByTestId("toast-success").last()).toContainText(text.approvedToast);

    // 2b. The admin creates a 50 % coupon for every course.
    const couponCode = `E2E-${locale}-${testInfo.project.name}-${Date.now().toString(36)}`.toUpperCase();
    await admin.page.goto(`${text.prefix}/dashboard/admin/coupons`);
    await admin.page.getByLabel(text.couponCode, { exact: true }).fill(couponCode);
    await admin.page.getByLabel(text.couponValue).fill("50");
    await admin.page.getByRole("button", { name: text.couponCreate }).click();
    await expect(admin.page.getByTestId("toast-success").last()).toContainText(text.couponCreated);

    // 3. The learner buys a paid course with the wallet and the coupon.
    await page.goto(`${text.prefix}/courses`);
    const paid = page
      .getByTestId("course-list")
      .locator("article")
      .filter({ hasNot: page.locator(".text-teal") })
      .first();
    const title = (await paid.locator("h2").textContent())?.trim() ?? "";
    expect(title).not.toBe("");
    await paid.locator("h2 a").click();
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByTestId("in-cart")).toBeVisible();
    await page.goto(`${text.prefix}/cart`);
    await page.getByLabel(text.cartCoupon).fill(couponCode);
    await page.getByRole("button", { name: text.cartApply, exact: true }).click();
    await expect(page.getByTestId("coupon-applied")).toContainText(couponCode);
    await expect(page.getByTestId("cart-item-discount")).toBeVisible();
    // The review step shows the coupon's discount; its button pays, to the order's page.
    await page.getByTestId("checkout").click();
    await expect(page.getByTestId("checkout-discount")).toContainText(couponCode);
    await page.getByTestId("pay").click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/orders/\\d+$`));
    await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "paid");
    await page.goto(`${text.prefix}/my-enrollments`);
    await expect(page.locator("main")).toContainText(title);
    // The server formats money like this (app/lib/money.ts): 150 minus the price now.
    const topUp = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: "USD",
      currencyDisplay: locale === "ar" ? "code" : "symbol",
    }).format(150);
    await page.goto(`${text.prefix}/account/wallet`);
    await expect(page.getByTestId("wallet-balance")).not.toHaveText(topUp);
    // The purchase row shows what was paid: half the price.
    const paidRow = page.getByTestId("wallet-history").locator("tbody tr").first();
    await expect(paidRow).toContainText(title);

    // 4. The admin finds the enrollment and refunds it.
    await admin.page.goto(`${text.prefix}/dashboard/admin/enrollments`);
    await admin.page.getByLabel(text.search).fill(email);
    await admin.page.getByRole("button", { name: text.searchButton }).click();
    const row = admin.page.getByTestId("enrollment-row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await row.getByLabel(text.reason).fill(locale === "ar" ? "طلب المتعلّم" : "Asked by the learner");
    await row.locator('button[type="submit"]').click();
    await expect(admin.page.getByTestId("toast-success").last()).toContainText(text.refundedToast);
    await expect(admin.page.getByTestId("enrollment-row").filter({ hasText: email })).toHaveCount(0);
    await admin.context.close();

    // 5. The learner's wallet: the refund row, and the balance back at what the top-up brought.
    await page.goto(`${text.prefix}/account/wallet`);
    const history = page.getByTestId("wallet-history");
    await expect(history).toContainText(`${text.refundLine} ${title}`);
    await expect(history.locator("tbody tr").first()).toContainText(text.refundLine);
    await expect(history.locator("tbody tr")).toHaveCount(3); // top-up, purchase, refund
    await expect(page.getByTestId("wallet-balance")).toHaveText(topUp);
    await page.goto(`${text.prefix}/my-enrollments`);
    await expect(page.locator("main")).not.toContainText(title);
  });
}
