// Tax invoices in the browser (issue 47), in both languages, with JavaScript on and off: the review page
// shows the net, the VAT and the total (the e2e server charges 15 % inside the prices); a learner buying
// for a company gets a tax invoice in its name, linked from the order, listed on Billing, and opened as a
// page with its fields. The admins' invoices page lists it with the period's totals and the CSV link. A top-up
// by bank transfer that an admin approves puts its receipt on Billing (issue 47, item 4).
import { type Browser, expect, test } from "./fixtures";
import { DEMO_PASSWORD, expectSignedIn, logIn, uniqueEmail } from "./helpers";

// Its own address: the learners it signs up would otherwise count against the sign-up limit (20 an hour)
// that the suites without one share on 127.0.0.1.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.61" } });

const TEXT = {
  en: {
    prefix: "",
    name: "Full name",
    email: "Email address",
    password: "Password",
    signup: "Create account",
    vat: /^VAT 15\u200e?%/,
    buyerSummary: "Buying for a company? Get a tax invoice",
    company: "Company name",
    vatNumber: "VAT registration number",
    kind: "Tax invoice",
    badVat: "The VAT registration number is 5 to 20 letters and digits (a Saudi one is 15 digits).",
  },
  ar: {
    prefix: "/ar",
    name: "الاسم الكامل",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signup: "إنشاء الحساب",
    vat: /^ضريبة القيمة المضافة 15\u200e?%/,
    buyerSummary: "تشتري لشركة؟ احصل على فاتورة ضريبية",
    company: "اسم الشركة",
    vatNumber: "رقم التسجيل الضريبي",
    kind: "فاتورة ضريبية",
    badVat: "رقم التسجيل الضريبي من 5 إلى 20 حرفًا ورقمًا (والرقم السعودي 15 رقمًا).",
  },
} as const;

/** An admin, in a browser of their own, credits a learner's wallet through the users page. */
async function creditAsAdmin(browser: Browser, email: string, amount: string) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto("/auth/login");
  await logIn(admin, "admin@manara.local", DEMO_PASSWORD);
  await expectSignedIn(admin, "Huda Al-Rashid");
  await admin.goto(`/dashboard/admin/users?${new URLSearchParams({ q: email })}`);
  const row = admin.getByTestId("user-table").locator("tbody tr").filter({ hasText: email });
  await row.locator('input[name="amount"]').fill(amount);
  await row.getByRole("button", { name: "Add credit" }).click();
  await expect(admin.getByTestId("toast-success").last()).toContainText("Added");
  await context.close();
}

for (const locale of ["en", "ar"] as const) {
  test(`a company buyer gets a tax invoice, on the order and on Billing (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const text = TEXT[locale];
    const email = uniqueEmail(`billing-${locale}`);
    const name = locale === "ar" ? "ريم" : "Reem";
    await page.goto(`${text.prefix}/auth/signup`);
    await page.getByLabel(text.name).fill(name);
    await page.getByLabel(text.email).fill(email);
    await page.getByLabel(text.password, { exact: true }).fill("a-good-password");
    await page.getByRole("button", { name: text.signup }).click();
    await expectSignedIn(page, name);
    await creditAsAdmin(browser, email, "500");

    // The review step: net, VAT 15 % and the total (course 3 costs 29.99, of which 3.91 is VAT).
    await page.goto(`${text.prefix}/checkout?course=3`);
    await expect(page.getByTestId("checkout-vat")).toContainText(text.vat);
    await expect(page.getByTestId("checkout-vat")).toContainText("3.91");
    await expect(page.getByTestId("checkout-net")).toContainText("26.08");
    // A malformed VAT number is refused and charges nothing.
    await page.getByText(text.buyerSummary).click();
    await page.getByLabel(text.company).fill("شركة الأفق للتدريب");
    await page.getByLabel(text.vatNumber).fill("12");
    await page.getByTestId("pay").click();
    await expect(page.getByTestId("form-error")).toHaveText(text.badVat);
    await page.goto(`${text.prefix}/checkout?course=3`);
    await page.getByText(text.buyerSummary).click();
    await page.getByLabel(text.company).fill("شركة الأفق للتدريب");
    await page.getByLabel(text.vatNumber).fill("3001 2345 6700 003");
    await page.getByTestId("pay").click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/orders/\\d+$`));
    await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "paid");
    await expect(page.getByTestId("order-vat")).toContainText(text.vat);

    // The order links its invoice; the invoice page lists its fields.
    const link = page.getByTestId("order-documents").getByRole("link");
    await expect(link).toContainText(text.kind);
    const number = (await link.locator("span").textContent())?.trim() ?? "";
    expect(number).toMatch(/^INV-\d{4}-\d{6}$/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/account/billing/${number}$`));
    await expect(page.getByTestId("document-number")).toHaveText(number);
    await expect(page.getByTestId("document-fields")).toContainText("شركة الأفق للتدريب");
    await expect(page.getByTestId("document-fields")).toContainText("300123456700003");
    // The ZATCA QR code, drawn as an inline SVG (its payload is checked by decoding the PDF, invoice-pdf.test.ts).
    await expect(page.getByTestId("document-qr").locator("svg")).toBeVisible();
    // Its PDF, the file the confirmation mail attached: a PDF named by the invoice's number.
    const pdfHref = (await page.getByTestId("document-pdf").getAttribute("href")) ?? "";
    const pdf = await page.request.get(pdfHref);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["content-disposition"]).toContain(`${number}.pdf`);
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // Billing lists it beside the order.
    await page.goto(`${text.prefix}/account/billing`);
    await expect(page.getByTestId("billing-documents")).toContainText(number);
    await expect(page.getByTestId("billing-orders")).toContainText(/M-\d{4}-\d{6}/);

    // Someone else's invoice is a 404.
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto("/auth/login");
    await logIn(other, "learner@manara.local", DEMO_PASSWORD);
    await expectSignedIn(other, "Lina Saleh");
    const answer = await other.goto(`/account/billing/${number}`);
    expect(answer?.status()).toBe(404);
    await stranger.close();
  });
}

test("a top-up an admin approves puts its receipt on Billing", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const text = TEXT.en;
  const email = uniqueEmail("billing-receipt");
  await page.goto("/auth/signup");
  await page.getByLabel(text.name).fill("Rami");
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill("a-good-password");
  await page.getByRole("button", { name: text.signup }).click();
  await expectSignedIn(page, "Rami");
  const reference = `TRX-E2E-${Date.now()}`;
  await page.goto("/account/wallet");
  await page.getByLabel("Amount (USD)").fill("20");
  await page.getByLabel("Transfer reference (optional)").fill(reference);
  await page.getByRole("button", { name: "Request top-up" }).click();
  await expect(page.getByTestId("toast-success").last()).toContainText("Your top-up request for");

  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto("/auth/login");
  await logIn(admin, "admin@manara.local", DEMO_PASSWORD);
  await expectSignedIn(admin, "Huda Al-Rashid");
  await admin.goto("/dashboard/admin/top-ups");
  const row = admin.getByTestId("top-up-row").filter({ hasText: reference });
  await row.getByRole("button", { name: /^Approve/ }).click();
  await expect(admin.getByTestId("toast-success").last()).toContainText("Approved:");
  await context.close();

  // The receipt, in its own series, beside the invoices; its page has no QR code (no VAT, no tax invoice).
  await page.goto("/account/billing");
  const receipt = page.getByTestId("billing-documents").locator("tbody tr").filter({ hasText: "Receipt" });
  await expect(receipt).toHaveCount(1);
  await expect(receipt).toContainText(/RCT-\d{4}-\d{6}/);
  await expect(receipt).toContainText("20.00");
  await receipt.getByRole("link").click();
  await expect(page.getByTestId("document-number")).toHaveText(/^RCT-\d{4}-\d{6}$/);
  await expect(page.getByTestId("document-fields")).toContainText(reference);
  await expect(page.getByTestId("document-qr")).toHaveCount(0);
});

test("the admins' invoices page shows the period's totals and the CSV link", async ({ browser }) => {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto("/auth/login");
  await logIn(admin, "admin@manara.local", DEMO_PASSWORD);
  await expectSignedIn(admin, "Huda Al-Rashid");
  await admin.goto("/ar/dashboard/admin/invoices?from=2000-01-01");
  await expect(admin.locator("h1")).toHaveText("الفواتير");
  await expect(admin.getByTestId("invoices-csv")).toHaveAttribute(
    "href",
    "/ar/dashboard/admin/invoices.csv?from=2000-01-01",
  );
  await context.close();
});
