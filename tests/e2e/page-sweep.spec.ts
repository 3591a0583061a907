// Every page a guest, a learner, a trainer and an admin can reach (PAGES_BY_ROLE), in both languages, loaded
// once and checked for all of this at once:
// - axe-core (JavaScript project): no serious or critical violation on a phone (390 px) and on a desktop
//   (1280 px), with the menus open too; one h1 and no heading level skipped;
// - layout (both projects): no sideways scrolling at any width from 320 px, and the header's pieces on screen
//   and apart at the tablet widths where it used to break;
// - the Nu HTML Checker (the vnu-jar package, on the machine's Java): no error but the checker's own gaps
//   listed below. Without JavaScript it checks the documents as the server sends them; with JavaScript, each
//   document as the browser holds it once React has hydrated it.
// These were three sweeps, each loading every page again (three loads per page and width in the JavaScript
// project); one load per page keeps the suite inside CI's time on a busy two-core machine. The pages of a role
// and language are split into parts of at most PAGES_PER_TEST, so each test stays well inside its time.
import AxeBuilder from "@axe-core/playwright";
import { htmlProblems, type ValidatorGap } from "../fixtures/nu-checker";
import { expect, type Page, test } from "./fixtures";
import {
  demoState,
  localized,
  PAGES_BY_ROLE,
  type Role,
  resolveSweepPath,
  watchCspViolations,
} from "./helpers";

const LAYOUT_WIDTHS = [1440, 1280, 1024, 900, 834, 800, 768, 600, 414, 390, 360, 320] as const;
const PHONE = 390;
const DESKTOP = 1280;
// Each test starts one JVM for the Nu checker (about 3 s of CPU): 12 pages a test rather than 8 starts a
// third fewer of them (the test's timeout below leaves room for twelve pages on a busy machine).
const PAGES_PER_TEST = 12;

// ——— axe ———

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

/** The menus, opened: the mobile menu on a phone, the language and account dropdowns on a desktop. */
async function openMenuViolations(page: Page, role: Role, locale: "en" | "ar"): Promise<string[]> {
  const found: string[] = [];
  for (const width of [PHONE, DESKTOP]) {
    await page.setViewportSize({ width, height: 900 });
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
  return found;
}

// ——— layout ———

async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const { scrollWidth } = document.documentElement;
    if (scrollWidth <= window.innerWidth) return null;
    // Name the widest culprit to make the failure useful.
    const wide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.right > window.innerWidth + 1 || rect.left < -1;
      })
      .slice(-1)[0];
    return `${scrollWidth} > ${window.innerWidth} (${wide ? wide.tagName.toLowerCase() + (wide.className ? `.${String(wide.className).split(" ").slice(0, 3).join(".")}` : "") : "?"})`;
  });
}

/** The header's brand, links and account controls are on screen and do not overlap one another. */
async function headerProblems(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const header = document.querySelector("header");
    if (!header) return "no header";
    const boxes = [
      ...header.querySelectorAll<HTMLElement>(
        'a[href="/"], a[href="/ar"], nav:not([hidden]) li, [data-testid="language-dropdown"] > summary, [data-testid="user-menu"] > summary, [data-testid="mobile-menu"] > summary',
      ),
    ]
      .filter((element) => element.offsetParent !== null && !element.closest("details:not([open]) > div"))
      .filter((element) => !element.closest('[data-testid="mobile-menu"] > div'))
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0);
    for (const { element, rect } of boxes) {
      if (rect.left < 0 || rect.right > window.innerWidth + 0.5) return `${element.textContent} off screen`;
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]?.rect;
        const b = boxes[j]?.rect;
        const first = boxes[i]?.element;
        const second = boxes[j]?.element;
        if (!a || !b || !first || !second || first.contains(second) || second.contains(first)) continue;
        const overlap =
          Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
          Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
        if (overlap) return `"${first.textContent}" overlaps "${second.textContent}"`;
      }
    }
    return null;
  });
}

// ——— the Nu HTML Checker ———

/**
 * Messages that are the checker's gaps, not our mistakes. Its CSS checks come from the W3C CSS validator,
 * which lags behind what browsers support; each entry says what in our CSS it does not know.
 */
const VALIDATOR_GAPS: ValidatorGap[] = [
  {
    message: /^CSS: Unrecognized at-rule “@property”\.?$/,
    why:
      "Tailwind 4 registers its internal custom properties (--tw-*) with @property (CSS Properties and Values " +
      "API, in every current browser); the checker's CSS validator does not know the at-rule.",
  },
  {
    message: /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.?$/,
    why:
      "Tailwind's preflight tells Safari apart with a feature query, @supports (not (margin-trim:block)); " +
      "the property (CSS Box Model 4) is unknown to the checker's CSS validator.",
  },
];

// ——— the sweep ———

/** `items` in `parts` runs of nearly equal length, in order. */
function split<T>(items: readonly T[], parts: number): T[][] {
  return Array.from({ length: parts }, (_, index) =>
    items.slice(Math.round((index * items.length) / parts), Math.round(((index + 1) * items.length) / parts)),
  );
}

for (const role of ["guest", "learner", "trainer", "admin"] as const satisfies readonly Role[]) {
  const parts = split(PAGES_BY_ROLE[role], Math.ceil(PAGES_BY_ROLE[role].length / PAGES_PER_TEST));
  for (const locale of ["en", "ar"] as const) {
    parts.forEach((paths, index) => {
      test(`every page of a ${role} (${locale}, part ${index + 1} of ${parts.length}): axe, layout from 320 px, valid HTML`, async ({
        browser,
      }, testInfo) => {
        test.setTimeout(480_000);
        const javaScript = testInfo.project.name !== "no-js";
        const context = await browser.newContext({
          javaScriptEnabled: javaScript,
          ...(role === "guest" ? {} : { storageState: await demoState(browser, role) }),
        });
        const page = await context.newPage();
        // Every page runs under the enforced policy: a script that probes eval or loads from elsewhere is
        // refused there, so a violation is a bug even where nothing visibly breaks.
        const cspViolations = javaScript ? await watchCspViolations(page) : [];
        const found: string[] = [];
        const documents = new Map<string, string>();
        for (const listed of paths) {
          const pathname = await resolveSweepPath(listed, async (api) =>
            (await context.request.get(api)).json(),
          );
          const url = localized(pathname, locale);
          await page.setViewportSize({ width: DESKTOP, height: 900 });
          if (javaScript) {
            await page.goto(url);
            documents.set(
              `${role} ${url}`,
              await page.evaluate(() => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`),
            );
            found.push(...(await seriousViolations(page, `${url} @${DESKTOP}`)));
            // Reported by now (modules run before the load event): named after the page that caused them.
            found.push(...cspViolations.splice(0).map((violation) => `${url}: ${violation}`));
          } else {
            // The served document, with the role's cookies (redirects followed, as a browser would).
            const response = await context.request.get(url);
            if (!response.headers()["content-type"]?.startsWith("text/html"))
              found.push(`${role} ${url}: not an HTML page (${response.headers()["content-type"]})`);
            documents.set(`${role} ${url}`, await response.text());
            await page.goto(url);
          }
          for (const width of LAYOUT_WIDTHS) {
            await page.setViewportSize({ width, height: 900 });
            const wide = await overflow(page);
            if (wide) found.push(`${url} @${width}: ${wide}`);
            const header = await headerProblems(page);
            if (header) found.push(`${url} @${width}: header ${header}`);
            if (javaScript && width === PHONE) {
              found.push(...(await seriousViolations(page, `${url} @${PHONE}`)));
              found.push(...(await headingProblems(page, url)));
            }
          }
        }
        if (javaScript && index === 0) found.push(...(await openMenuViolations(page, role, locale)));
        found.push(...cspViolations.map((violation) => `after ${paths.at(-1)}: ${violation}`));
        await context.close();
        found.push(...(await htmlProblems(documents, VALIDATOR_GAPS)));
        expect(found).toEqual([]);
      });
    });
  }
}
