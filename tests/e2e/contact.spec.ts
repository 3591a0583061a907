// The contact form works with and without JavaScript and answers bad input with localized errors.
import { expect, test } from "./fixtures";

test("bad input shows Arabic field errors and keeps what was typed", async ({ page }) => {
  await page.goto("/ar/contact");
  await page.getByLabel("البريد الإلكتروني").fill("not-an-email");
  await page.getByLabel("الموضوع").fill("مرحبا");
  await page.getByRole("button", { name: "أرسل الرسالة" }).click();
  await expect(page.locator('[data-field-error="name"]')).toHaveText("يُرجى إدخال اسمك.");
  await expect(page.locator('[data-field-error="email"]')).toHaveText("يُرجى إدخال بريد إلكتروني صحيح.");
  await expect(page.locator('[data-field-error="message"]')).toHaveText(
    "يُرجى كتابة رسالة من 10 أحرف على الأقل.",
  );
  await expect(page.locator('[data-field-error="subject"]')).toHaveCount(0);
  await expect(page.getByLabel("البريد الإلكتروني")).toHaveValue("not-an-email");
  await expect(page.getByLabel("الموضوع")).toHaveValue("مرحبا");
  await expect(page.getByTestId("toast-success")).toHaveCount(0);
});

test("a valid message is sent and confirmed with a success toast", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Your name").fill("Sara Al-Mansouri");
  await page.getByLabel("Email address").fill("sara@example.com");
  await page.getByLabel("Subject").fill("A new website");
  await page.getByLabel("Message").fill("We would like to talk about a bilingual website for our clinic.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByTestId("toast-success")).toContainText("Your message has been sent");
  await expect(page).toHaveURL(/\/contact$/);
  // The form is empty again: Post/Redirect/Get.
  await expect(page.getByLabel("Your name")).toHaveValue("");
});

test("POST /api/contact follows the same rules", async ({ request }) => {
  const bad = await request.post("/api/contact", {
    data: { name: "", email: "x", subject: "", message: "" },
  });
  expect(bad.status()).toBe(422);
  const body = await bad.json();
  expect(Object.keys(body.error.fields).sort()).toEqual(["email", "message", "name", "subject"]);
  const good = await request.post("/api/contact", {
    data: {
      name: "Omar",
      email: "omar@example.com",
      subject: "Training",
      message: "Do you run in-house workshops?",
    },
  });
  expect(good.status()).toBe(201);
});
