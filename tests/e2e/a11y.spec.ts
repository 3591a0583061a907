// axe-core on every page a guest, a learner, a trainer and an admin can reach, in both languages, on a
// phone (390 px) and a desktop (1280 px), with the menus open too: any serious or critical violation fails.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "./fixtures";
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

/** One h1, and no level skipped on the way down (h1 → h3 with no h2). */
async function headingProblems(page: Page, label: string): Promise<string[]> {
  const levels = await page
    .locator("main h1, main h2, main h3, main h4, main h5, main h6")
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName[1])));
  const problems: string[] = [];
  if (levels.filter((level) => level === 1).length !== 1)
    problems.push(`${label}: ${levels.filter((l) => l === 1).length} h1`);
  levels.forEach((level, index) => {
    const previous = index === 0 ? 0 : (levels[index - 1] ?? 0);
    if (level > previous + 1) problems.push(`${label}: h${previous} → h${level}`);
  });
  return problems;
}

// One test per role, language and width: each walks every page once, which keeps a test well inside its
// time on a busy two-core machine.
for (const role of ["guest", "learner", "trainer", "admin"] as const satisfies readonly Role[]) {
  for (const locale of ["en", "ar"] as const) {
    for (const width of WIDTHS) {
      test(`axe: no serious or critical violations for a ${role} (${locale}, ${width} px)`, async ({
        browser,
      }, testInfo) => {
        test.skip(testInfo.project.name === "no-js", "axe runs in the page");
        test.setTimeout(300_000);
        const context = await browser.newContext(
          role === "guest" ? {} : { storageState: await demoState(browser, role) },
        );
        const page = await context.newPage();
        const found: string[] = [];
        {
          await page.setViewportSize({ width, height: 900 });
          for (const path of PAGES_BY_ROLE[role]) {
            const url = localized(path, locale);
            await page.goto(url);
            found.push(...(await seriousViolations(page, `${url} @${width}`)));
            if (width === WIDTHS[0]) found.push(...(await headingProblems(page, url)));
          }
          // The menus, opened: the mobile menu on a phone, the language and account dropdowns on a desktop.
          await page.goto(localized("/", locale));
          const menus =
            width < 1024
              ? ["mobile-menu"]
              : ["language-dropdown", ...(role === "guest" ? [] : ["user-menu"])];
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
}
