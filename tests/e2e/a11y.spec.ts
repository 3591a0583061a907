// axe-core on every page a guest, a learner, a trainer and an admin can reach, in both languages, on a
// phone (390 px) and a desktop (1280 px), with the menus open too: any serious or critical violation fails.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { demoState, localized, PAGES_BY_ROLE, type Role } from "./helpers";

const WIDTHS = [390, 1280] as const;

async function seriousViolations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${label}: ${violation.id} (${violation.impact}) at ${node.target.join(" ")} — ${node.failureSummary?.split("\n").slice(1, 2).join("").trim()}`,
      ),
    );
}

for (const role of ["guest", "learner", "trainer", "admin"] as const satisfies readonly Role[]) {
  for (const locale of ["en", "ar"] as const) {
    test(`axe: no serious or critical violations for a ${role} (${locale})`, async ({
      browser,
    }, testInfo) => {
      test.skip(testInfo.project.name === "no-js", "axe runs in the page");
      test.setTimeout(180_000);
      const context = await browser.newContext(
        role === "guest" ? {} : { storageState: await demoState(browser, role) },
      );
      const page = await context.newPage();
      const found: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const path of PAGES_BY_ROLE[role]) {
          const url = localized(path, locale);
          await page.goto(url);
          found.push(...(await seriousViolations(page, `${url} @${width}`)));
        }
        // The menus, opened: the mobile menu on a phone, the language and account dropdowns on a desktop.
        await page.goto(localized("/", locale));
        const menus =
          width < 1024 ? ["mobile-menu"] : ["language-dropdown", ...(role === "guest" ? [] : ["user-menu"])];
        for (const menu of menus) {
          await page.getByTestId(menu).locator("summary").click();
          await expect(page.getByTestId(menu)).toHaveAttribute("open", "");
          found.push(...(await seriousViolations(page, `${menu} open @${width}`)));
          await page.getByTestId(menu).locator("summary").click();
        }
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
}
