// Adding money without a card: the demo learner sees the bank account to transfer to (issue 46, item 6),
// asks for a top-up by bank transfer with the reference it gets, the demo admin approves
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
    transferTo: "Transfer to",
    writeReference: "Write this reference on your transfer",
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
    transferTo: "حوّل إلى",
    writeReference: "اكتب هذا الرقم المرجعي في تحويلك",
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
    // Where to send the money: the demo's bank account, its IBAN in groups of four, read left to right.
    const details = learner.getByTestId("bank-transfer-details");
    await expect(details.getByRole("heading", { name: text.transferTo })).toBeVisible();
    await expect(details.getByTestId("bank-iban")).toHaveText("SA03 8000 0000 6080 1016 7519");
    await expect(details.getByTestId("bank-iban")).toHaveAttribute("dir", "ltr");
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
    // The reference to write on the transfer, also in the confirmation.
    const transferReference =
      (await request.getByTestId("transfer-reference").locator("bdi").textContent()) ?? "";
    expect(transferReference).toMatch(/^TU-\d{6,}$/);
    await expect(request.getByTestId("transfer-reference")).toContainText(text.writeReference);
    await expect(learner.getByTestId("toast-success").last()).toContainText(transferReference);

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
