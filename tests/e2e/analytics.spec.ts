// Analytics pages end to end, in both locales, with JavaScript on and off (the charts are server-rendered
// SVG and the period selector is a GET form): the trainer's /instructor/analytics and the admin dashboard.
import { expect, type Locator, type Page, test } from "./fixtures";
import { demoStatePath, localized } from "./helpers";

const TEXT = {
  en: {
    title: "Course analytics",
    link: "Analytics",
    perDay: "Enrollments per day",
    perWeek: "Enrollments per week",
    signupsPerMonth: "Sign-ups per month",
    showTable: "Show as a table",
    period90: "Last 90 days",
  },
  ar: {
    title: "إحصاءات الدورات",
    link: "الإحصاءات",
    perDay: "التسجيلات يوميًا",
    perWeek: "التسجيلات أسبوعيًا",
    signupsPerMonth: "الحسابات الجديدة شهريًا",
    showTable: "العرض جدولًا",
    period90: "آخر 90 يومًا",
  },
} as const;

/** A chart's data table, opened. */
async function openTable(chart: Locator, showTable: string): Promise<Locator> {
  // With JavaScript a period change is a client navigation, and a table opened before stays open.
  const details = chart.locator("details");
  if ((await details.getAttribute("open")) === null)
    await details.locator("summary", { hasText: showTable }).click();
  const table = chart.locator("table");
  await expect(table).toBeVisible();
  return table;
}

async function choosePeriod(page: Page, days: "90" | "365") {
  const form = page.getByTestId("period-form");
  await form.locator("select[name=period]").selectOption(days);
  await form.getByRole("button").click();
  await expect(page).toHaveURL(new RegExp(`period=${days}`));
}

for (const locale of ["en", "ar"] as const) {
  const text = TEXT[locale];

  test.describe(`${locale}: analytics`, () => {
    test.describe("trainer", () => {
      test.use({ storageState: demoStatePath("trainer") });

      test(`${locale}: the studio links to charts, totals and a per-course table that follow the period`, async ({
        page,
      }) => {
        await page.goto(localized("/instructor", locale));
        await page.getByTestId("analytics-link").click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);
        await expect(page.getByTestId("analytics-link")).toHaveCount(0);

        const chart = page.getByTestId("chart-enrollments");
        await expect(chart.locator("figcaption")).toContainText(text.perDay);
        // The wide drawing shows on a desktop, with one bar per day; its accessible name sums it up.
        const drawing = chart.locator("svg[role=img]:visible");
        await expect(drawing).toHaveCount(1);
        await expect(drawing.locator("rect")).toHaveCount(30);
        await expect(drawing).toHaveAttribute("aria-label", new RegExp(text.perDay));
        // The chart's total is the totals card's figure, and the table has every day.
        const total = (await chart.getByTestId("chart-enrollments-total").textContent())?.trim() ?? "";
        await expect(page.locator('[data-stat="enrollments"] dd')).toHaveText(total);
        const table = await openTable(chart, text.showTable);
        await expect(table.locator("tbody tr")).toHaveCount(30);
        await expect(page.getByTestId("chart-revenue").locator("svg:visible path")).toHaveCount(2);
        // The demo trainer's courses, with the one the demo learner took.
        await expect(page.getByTestId("analytics-courses").locator("tbody tr")).not.toHaveCount(0);

        await choosePeriod(page, "90");
        await expect(chart.locator("figcaption")).toContainText(text.perWeek);
        await expect(page.locator("#analytics-period")).toHaveValue("90");
        await expect(page.locator("#analytics-totals")).toContainText(text.period90);
        const weeks = await (await openTable(chart, text.showTable)).locator("tbody tr").count();
        expect(weeks).toBeGreaterThanOrEqual(13);
        expect(weeks).toBeLessThanOrEqual(14);
      });
    });

    test.describe("admin", () => {
      test.use({ storageState: demoStatePath("admin") });

      test(`${locale}: the dashboard charts revenue, enrollments and sign-ups and lists top courses`, async ({
        page,
      }) => {
        await page.goto(localized("/dashboard/admin", locale));
        for (const id of ["chart-revenue", "chart-enrollments", "chart-signups"]) {
          await expect(page.getByTestId(id).locator("svg[role=img]:visible")).toHaveCount(1);
        }
        // The seeded enrollments are recent, so the demo course is a top course of the last 30 days.
        await expect(page.getByTestId("top-courses").locator("tbody tr")).not.toHaveCount(0);

        await choosePeriod(page, "365");
        const signups = page.getByTestId("chart-signups");
        await expect(signups.locator("figcaption")).toContainText(text.signupsPerMonth);
        const table = await openTable(signups, text.showTable);
        await expect(table.locator("tbody tr")).toHaveCount(13);
        // The demo accounts signed up in this run, so this month's sign-ups are at least 3.
        const lastMonth = (await table.locator("tbody tr").last().locator("td").textContent()) ?? "";
        expect(Number(lastMonth.replace(/[^\d]/g, ""))).toBeGreaterThanOrEqual(3);
      });
    });
  });
}
