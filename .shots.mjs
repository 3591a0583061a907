import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:4441";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const context = await browser.newContext();
const page = await context.newPage();
await page.goto(`${base}/auth/login`);
await page.getByLabel("Email address").fill("learner@manara.local");
await page.getByLabel("Password", { exact: true }).fill("manara-demo");
await page.locator("main").getByRole("button", { name: "Log in" }).click();
await page.waitForURL(/my-enrollments/);
console.log("landed on", page.url());
for (const width of [390, 1280]) {
  await page.setViewportSize({ width, height: 900 });
  for (const prefix of ["", "/ar"]) {
    await page.goto(`${base}${prefix}/my-enrollments`);
    await page.screenshot({ path: `/tmp/l/shots/my-learning${prefix.replace("/", "-")}-${width}.png`, fullPage: true });
  }
  await page.goto(`${base}/courses/1`);
  await page.screenshot({ path: `/tmp/l/shots/header-${width}.png` });
}
await browser.close();
