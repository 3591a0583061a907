import { chromium } from "@playwright/test";
const base = "http://localhost:3111";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const [who, pages] = [process.argv[2], process.argv.slice(3)];
for (const width of [1280, 390]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/auth/login`);
  await page.fill('input[name="email"]', `${who}@manara.local`);
  await page.fill('input[name="password"]', "manara-demo");
  await Promise.all([page.waitForURL((u) => !u.pathname.includes("login")), page.click('form button[type="submit"]')]);
  for (const path of pages) {
    await page.goto(base + path);
    const name = `${path.replaceAll("/", "_")}-${width}.png`;
    await page.screenshot({ path: `/tmp/shots/${name}`, fullPage: true });
    console.log(name);
  }
  await context.close();
}
await browser.close();
