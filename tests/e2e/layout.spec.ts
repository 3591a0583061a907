// No page scrolls sideways at any width from 320 px, in either language, signed in or not; the header's
// pieces stay on screen and apart at the tablet widths where it used to break.
import { expect, type Page, test } from "./fixtures";
import { demoState, localized, PAGES_BY_ROLE, type Role } from "./helpers";

const WIDTHS = [320, 360, 390, 414, 600, 768, 800, 834, 900, 1024, 1280, 1440];

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

for (const role of ["guest", "learner", "trainer", "admin"] as const satisfies readonly Role[]) {
  for (const locale of ["en", "ar"] as const) {
    test(`no sideways scrolling from 320 px up for a ${role} (${locale})`, async ({ browser }, testInfo) => {
      test.setTimeout(300_000);
      const javaScriptEnabled = testInfo.project.name !== "no-js";
      const context = await browser.newContext({
        javaScriptEnabled,
        ...(role === "guest" ? {} : { storageState: await demoState(browser, role) }),
      });
      const page = await context.newPage();
      const found: string[] = [];
      await page.setViewportSize({ width: 1280, height: 900 });
      for (const path of PAGES_BY_ROLE[role]) {
        const url = localized(path, locale);
        await page.goto(url);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          const wide = await overflow(page);
          if (wide) found.push(`${url} @${width}: ${wide}`);
          const header = await headerProblems(page);
          if (header) found.push(`${url} @${width}: header ${header}`);
        }
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
}
