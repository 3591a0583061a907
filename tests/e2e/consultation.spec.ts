// Consultations booked online (issue 48, item 4), in both languages, with JavaScript and without (the no-js
// project runs the same tests): a visitor picks an open slot on /consultation, books it with the plain form
// and lands on the booking's own page with the confirmation; its invite downloads; with JavaScript each slot
// also shows the visitor's own time. An admin then sees the call among the coming calls, linked to its lead.
import { expect, test } from "./fixtures";
import { demoState, localized } from "./helpers";

// The visitor is in London: the agency's times are Riyadh's, so JavaScript adds the visitor's own.
test.use({ timezoneId: "Europe/London" });

const TEXT = {
  en: {
    name: "Your name",
    email: "Email",
    topic: "What would you like to talk about?",
    submit: "Book the call",
    booked: "Your call is booked",
    confirmed: "Confirmed",
    zone: "Times are shown in the agency's time zone, Asia/Riyadh.",
  },
  ar: {
    name: "اسمك",
    email: "البريد الإلكتروني",
    topic: "عمّ تودّ أن نتحدث؟",
    submit: "احجز المكالمة",
    booked: "حُجزت مكالمتك",
    confirmed: "مؤكد",
    zone: "المواعيد معروضة بتوقيت الوكالة، Asia/Riyadh.",
  },
} as const;

for (const locale of ["en", "ar"] as const) {
  test(`a visitor books a call and sees the confirmation (${locale})`, async ({ page }, testInfo) => {
    const text = TEXT[locale];
    const javaScript = testInfo.project.name !== "no-js";
    await page.goto(localized("/consultation", locale));
    await expect(page.locator("h1")).toBeVisible();
    await expect(page.getByTestId("slot-picker")).toContainText(text.zone);
    const slots = page.getByTestId("slot");
    await expect(slots.first()).toBeVisible();
    if (javaScript) await expect(page.getByTestId("visitor-time").first()).toContainText("Europe/London");
    else await expect(page.getByTestId("visitor-time")).toHaveCount(0);

    // Each project and language takes its own slot, so parallel runs do not meet on one.
    const index = (javaScript ? 0 : 2) + (locale === "ar" ? 1 : 0);
    const slot = slots.nth(index);
    const start = await slot.getAttribute("value");
    await slot.check();
    await page.getByLabel(text.name).fill(`Visitor ${locale} ${testInfo.project.name}`);
    await page
      .getByLabel(text.email, { exact: true })
      .fill(`visitor-${locale}-${testInfo.project.name}@example.com`);
    await page.getByLabel(text.topic).fill(locale === "ar" ? "حملة لإطلاق دورتنا" : "A launch campaign");
    await page.getByRole("button", { name: text.submit }).click();

    await expect(page).toHaveURL(
      new RegExp(`${locale === "ar" ? "/ar" : ""}/consultation/booking/\\d+\\.[\\w-]+$`),
    );
    await expect(page.getByTestId("toast-success").last()).toContainText(text.booked);
    await expect(page.getByTestId("booking-status")).toHaveText(text.confirmed);

    // The invite: METHOD:REQUEST at the booked instant.
    const href = await page.getByTestId("booking-invite").getAttribute("href");
    const invite = await page.request.get(href ?? "");
    expect(invite.headers()["content-type"]).toContain("text/calendar");
    const ics = await invite.text();
    expect(ics).toContain("METHOD:REQUEST");
    const stamp = (start ?? "").replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");
    expect(ics).toContain(`DTSTART:${stamp}`);

    // The slot is no longer offered.
    await page.goto(localized("/consultation", locale));
    await expect(page.locator(`input[name="start"][value="${start}"]`)).toHaveCount(0);
  });
}

test("a taken slot is refused with a message, and what was typed stays", async ({
  page,
  request,
}, testInfo) => {
  await page.goto("/consultation");
  const slot = page.getByTestId("slot").nth(testInfo.project.name === "no-js" ? 5 : 4);
  const start = (await slot.getAttribute("value")) ?? "";
  // Someone else books it through the API while the page is open.
  const other = await request.post("/api/consultations", {
    // Another person, from another address (the server trusts the loopback proxy in this suite): the page's
    // own bookings keep 127.0.0.1's hourly allowance.
    headers: { "X-Forwarded-For": `203.0.113.${testInfo.project.name === "no-js" ? 11 : 10}` },
    data: {
      start,
      name: "Someone",
      email: `someone-${testInfo.project.name}@example.com`,
      topic: "First come",
    },
  });
  expect(other.status()).toBe(201);
  await slot.check();
  await page.getByLabel("Your name").fill("Late Visitor");
  await page.getByLabel("Email", { exact: true }).fill("late@example.com");
  await page.getByLabel("What would you like to talk about?").fill("Second come");
  await page.getByRole("button", { name: "Book the call" }).click();
  await expect(page.locator('[data-field-error="start"]')).toHaveText(
    "Someone has just booked this time. Please choose another.",
  );
  await expect(page.getByLabel("Your name")).toHaveValue("Late Visitor");
});

test("an admin sees the coming calls, each linked to its lead", async ({ browser, request }, testInfo) => {
  const slots = (await (
    await request.get("/api/consultations/slots?from=2026-01-01&to=2026-01-01")
  ).json()) as {
    timeZone: string;
  };
  expect(slots.timeZone).toBe("Asia/Riyadh");
  const page0 = await request.get(
    `/api/consultations/slots?from=${new Date().toISOString().slice(0, 10)}&to=${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}`,
  );
  const open = (await page0.json()) as { slots: { start: string }[] };
  const start = open.slots.at(testInfo.project.name === "no-js" ? -1 : -2)?.start ?? "";
  const name = `Admin Sees ${testInfo.project.name}`;
  const booked = await request.post("/api/consultations", {
    headers: { "X-Forwarded-For": `203.0.113.${testInfo.project.name === "no-js" ? 21 : 20}` },
    data: {
      start,
      name,
      email: `admin-sees-${testInfo.project.name}@example.com`,
      topic: "Seen by the admin",
    },
  });
  expect(booked.status()).toBe(201);
  const context = await browser.newContext({
    javaScriptEnabled: testInfo.project.name !== "no-js",
    storageState: await demoState(browser, "admin"),
  });
  const page = await context.newPage();
  await page.goto("/dashboard/admin");
  await page.getByTestId("admin-consultations-link").click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/consultations$/);
  const call = page.getByTestId("upcoming-calls").locator("li", { hasText: name });
  await expect(call).toBeVisible();
  await call.getByRole("link").click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/leads\/\d+$/);
  await expect(page.locator('[data-kind="booking"]')).toContainText(`${name} booked a consultation`);
  await context.close();
});
