// The suite's `test`: Playwright's, plus one rule for the JavaScript project. A page's modules start after
// its first paint (docs/decisions/026-first-paint.md), so hydration can finish after the `load` event that
// `page.goto` waits for; a test that then clicked something JavaScript enhances would sometimes meet the
// server-rendered page instead (which works, but is not what a JavaScript test is about). So, in that project,
// `goto` and `reload` of an HTML page also wait until React has hydrated it: root.tsx marks <html> with
// data-hydrated from an effect. Tests that mean to act before hydration pass a waitUntil of "commit".
import { test as base, expect, type Page } from "@playwright/test";

export * from "@playwright/test";

async function waitForHydration(page: Page, response: Awaited<ReturnType<Page["goto"]>>) {
  if (!response?.headers()["content-type"]?.startsWith("text/html")) return;
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", { timeout: 15_000 });
}

let patched = false;

export const test = base.extend<object, { hydratedNavigation: undefined }>({
  hydratedNavigation: [
    async ({ browser }, use, workerInfo) => {
      if (workerInfo.project.name === "js" && !patched) {
        patched = true;
        // Every page of the worker, including those of contexts a test opens itself.
        const context = await browser.newContext();
        const prototype = Object.getPrototypeOf(await context.newPage()) as Page;
        await context.close();
        const goto = prototype.goto;
        const reload = prototype.reload;
        prototype.goto = async function (this: Page, url, options) {
          const response = await goto.call(this, url, options);
          if (!options?.waitUntil || options.waitUntil === "load") await waitForHydration(this, response);
          return response;
        };
        prototype.reload = async function (this: Page, options) {
          const response = await reload.call(this, options);
          if (!options?.waitUntil || options.waitUntil === "load") await waitForHydration(this, response);
          return response;
        };
      }
      await use(undefined);
    },
    { scope: "worker", auto: true },
  ],
});
