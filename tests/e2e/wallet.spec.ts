// Adding money without a card: the demo learner asks for a top-up by bank transfer, the demo admin approves
// it in the queue, and the learner's wallet shows the approved request and the credit in its history. Both
// languages in sequence in one test per project (JavaScript on and off), so the learner never has more than
// two requests waiting at once (the cap is three).
import { type Browser, expect, test } from "./fixtures";
import { demoState } from "./helpers";

const TEXT = {
  en: {
    prefix: "",
    amount: "Amount (USD)",
    reference: "Transfer reference (optional)",
    submit: "Request top-up",
    sent: "Your top-up request for",
    pending: "Waiting for review",
    approved: "Approved",
    approve: "Approve",
    approvedToast: "Approved:",
    topUp: "Top-up by bank transfer",
  },
  ar: {
    prefix: "/ar",
    amount: "المبلغ (USD)",
    reference: "مرجع التحويل (اختياري)",
    submit: "طلب إضافة رصيد",
    sent: "أُرسل طلبك لإضافة",
    pending: "بانتظار المراجعة",
    approved: "مقبول",
    approve: "قبول",
    approvedToast: "تم القبول:",
    topUp: "إضافة رصيد بتحويل بنكي",
  },
} as const;

async function contextFor(browser: Browser, role: "learner" | "admin", javaScriptEnabled: boolean) {
  return browser.newContext({ javaScriptEnabled, storageState: await demoState(browser, role) });
}

test("a top-up request by transfer, approved by an admin, credits the wallet (en, then ar)", async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const javaScriptEnabled = testInfo.project.name !== "no-js";
  for (const locale of ["en", "ar"] as const) {
    const text = TEXT[locale];
    const reference = `E2E-${testInfo.project.name}-${locale}-${Date.now()}`;

    const learnerContext = await contextFor(browser, "learner", javaScriptEnabled);
    const learner = await learnerContext.newPage();
    await learner.goto(`${text.prefix}/account/wallet`);
    // Out of range first: the field error shows and nothing is sent.
    await learner.getByLabel(text.amount).fill("1");
    await learner.getByLabel(text.reference).fill(reference);
    await learner.getByRole("button", { name: text.submit }).click();
    await expect(learner.locator("[data-field-error=amount]")).toBeVisible();
    await expect(learner.getByLabel(text.reference)).toHaveValue(reference);

    await learner.getByLabel(text.amount).fill(locale === "ar" ? "١٢٫٥" : "12.50");
    await learner.getByRole("button", { name: text.submit }).click();
    await expect(learner.getByTestId("toast-success").last()).toContainText(text.sent);
    const request = learner.getByTestId("top-up-requests").locator("li").filter({ hasText: reference });
    await expect(request).toContainText(text.pending);

    const adminContext = await contextFor(browser, "admin", javaScriptEnabled);
    const admin = await adminContext.newPage();
    await admin.goto(`${text.prefix}/dashboard/admin/top-ups`);
    const row = admin.getByTestId("top-up-row").filter({ hasText: reference });
    await row.getByRole("button", { name: new RegExp(`^${text.approve}`) }).click();
    await expect(admin.getByTestId("toast-success").last()).toContainText(text.approvedToast);
    await expect(admin.getByTestId("top-up-row").filter({ hasText: reference })).toHaveCount(0);
    await adminContext.close();

    await learner.reload();
    await expect(request).toContainText(text.approved);
    await expect(learner.getByTestId("wallet-history")).toContainText(text.topUp);
    await learnerContext.close();
  }
});
