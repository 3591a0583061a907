// /account: a person gives themselves an Arabic display name, which the Arabic pages then show, changes their
// password and their sign-in email (confirmed by the link mailed to the new address), and deletes the
// account, with JavaScript on and off (the two projects). One sign-up per project: sign-ups are rate limited
// per IP.
import { expect, test } from "./fixtures";
import { demoState, expectMailInOutbox, expectSignedIn, uniqueEmail } from "./helpers";

// Sign-ups from an address of their own: the per-address limit is shared by every suite (playwright.config.ts).
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.25" } });

test("an Arabic display name shows on Arabic pages, the English one on English pages", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.goto("/auth/signup");
  await page.getByLabel("Full name").fill("Samir Haddad");
  await page.getByLabel("Email address").fill(uniqueEmail("account"));
  await page.getByLabel("Password", { exact: true }).fill("a-good-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expectSignedIn(page, "Samir Haddad");

  // The settings are one click away in the user menu.
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByTestId("user-menu").getByRole("link", { name: "Account settings" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account settings");

  // A one-letter name is refused: the summary takes focus and the typed values stay.
  await page.getByLabel("Name", { exact: true }).fill("S");
  await page.getByLabel("Name in Arabic (optional)").fill("سمير حداد");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.locator("[data-field-error=name]")).toContainText("at least 2 characters");
  await expect(page.getByLabel("Name in Arabic (optional)")).toHaveValue("سمير حداد");
  await expectSignedIn(page, "Samir Haddad");

  await page.getByLabel("Name", { exact: true }).fill("Samir Haddad");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("toast-success").last()).toContainText("Your name was saved.");
  await expectSignedIn(page, "Samir Haddad");

  await page.goto("/ar/account");
  await expectSignedIn(page, "سمير حداد");
  await expect(page.getByLabel("الاسم بالعربية (اختياري)")).toHaveValue("سمير حداد");

  // Emptying the Arabic name brings the English one back on Arabic pages.
  await page.getByLabel("الاسم بالعربية (اختياري)").fill("");
  await page.getByRole("button", { name: "حفظ", exact: true }).click();
  await expect(page.getByTestId("toast-success").last()).toContainText("تم حفظ اسمك.");
  await expectSignedIn(page, "Samir Haddad");

  // The sessions list names this device; the password change asks for the current password first.
  await expect(page.getByTestId("sessions")).toContainText("هذا الجهاز");
  const password = page.getByRole("region", { name: "كلمة المرور", exact: true });
  await password.getByLabel("كلمة المرور الحالية").fill("not-my-password");
  await password.getByLabel("كلمة المرور الجديدة").fill("a-better-password");
  await password.getByRole("button", { name: "تغيير كلمة المرور" }).click();
  await expect(page.locator("[data-field-error=currentPassword]")).toContainText(
    "كلمة المرور الحالية غير صحيحة",
  );
  await password.getByLabel("كلمة المرور الحالية").fill("a-good-password");
  await password.getByLabel("كلمة المرور الجديدة").fill("a-better-password");
  await password.getByRole("button", { name: "تغيير كلمة المرور" }).click();
  await expect(page.getByTestId("toast-success").last()).toContainText("تم تغيير كلمة المرور");
  // This session stays signed in.
  await expectSignedIn(page, "Samir Haddad");

  // The sign-in email: asking mails a link to the new address and changes nothing yet. In English first, a
  // change that is cancelled; then in Arabic, one confirmed by its link (read from the admin's outbox).
  await page.goto("/account");
  const cancelled = uniqueEmail("account-never");
  const emailEn = page.getByRole("region", { name: "Sign-in email" });
  await emailEn.getByLabel("New email").fill(cancelled);
  await emailEn.getByLabel("Current password").fill("a-better-password");
  await emailEn.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByTestId("toast-success").last()).toContainText(
    `We sent a confirmation link to ${cancelled}`,
  );
  await expect(page.getByTestId("pending-email")).toContainText(cancelled);
  await page.getByTestId("pending-email").getByRole("button", { name: "Cancel this change" }).click();
  await expect(page.getByTestId("toast-success").last()).toContainText("The email change was cancelled");
  await expect(page.getByTestId("pending-email")).toHaveCount(0);

  await page.goto("/ar/account");
  const newEmail = uniqueEmail("account-moved");
  const email = page.getByRole("region", { name: "بريد تسجيل الدخول" });
  await expect(email).not.toContainText(newEmail);
  await email.getByLabel("البريد الإلكتروني الجديد").fill(newEmail);
  await email.getByLabel("كلمة المرور الحالية").fill("a-better-password");
  await email.getByRole("button", { name: "غيّر البريد الإلكتروني" }).click();
  await expect(page.getByTestId("toast-success").last()).toContainText(newEmail);
  await expect(page.getByTestId("pending-email")).toContainText(newEmail);

  const admin = await browser.newContext({
    javaScriptEnabled: testInfo.project.name !== "no-js",
    storageState: await demoState(browser, "admin"),
  });
  const adminPage = await admin.newPage();
  await adminPage.goto("/ar/dashboard/admin/outbox");
  await adminPage.getByLabel("بريد المستلم").fill(newEmail);
  await adminPage.getByRole("button", { name: "اعرض رسائله" }).click();
  const confirmation = adminPage
    .getByTestId("outbox-message")
    .filter({ hasText: "أكّد بريدك الإلكتروني الجديد في منارة" });
  await expectMailInOutbox(adminPage, confirmation);
  await expect(confirmation).toHaveCount(1);
  await confirmation.getByText("اعرض الرسالة").click();
  const href =
    (await confirmation
      .getByTestId("outbox-text")
      .locator('a[href*="/ar/account/confirm-email?token="]')
      .getAttribute("href")) ?? "";
  await admin.close();

  // Opening the link shows a button; pressing it makes the change.
  await page.goto(href);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("أكّد بريدك الإلكتروني الجديد");
  await page.getByRole("button", { name: "أكّد البريد الجديد" }).click();
  await expect(page).toHaveURL(/\/ar\/account$/);
  await expect(page.getByTestId("toast-success").last()).toContainText(newEmail);
  await expect(page.getByRole("region", { name: "بريد تسجيل الدخول" })).toContainText(newEmail);
  await expect(page.getByTestId("pending-email")).toHaveCount(0);
  // The link works once.
  await page.goto(href);
  await expect(page.getByTestId("confirm-email-problem")).toBeVisible();
  await page.goto("/ar/account");

  // Deleting the account: a wrong password is refused; the right one signs out and leads home.
  const deletion = page.getByRole("region", { name: "احذف حسابك" });
  await deletion.getByText("أريد حذف حسابي").click();
  await deletion.getByLabel("كلمة المرور الحالية").fill("not-my-password");
  await deletion.getByRole("button", { name: "احذف حسابي" }).click();
  await expect(page.locator("[data-field-error=confirmation]")).toContainText(
    "كلمة المرور الحالية غير صحيحة",
  );
  await page
    .getByRole("region", { name: "احذف حسابك" })
    .getByLabel("كلمة المرور الحالية")
    .fill("a-better-password");
  await page.getByRole("region", { name: "احذف حسابك" }).getByRole("button", { name: "احذف حسابي" }).click();
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.getByTestId("toast-success").last()).toContainText("حُذف حسابك");
  await page.goto("/ar/account");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
});
