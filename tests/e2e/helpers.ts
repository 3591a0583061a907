// Shared steps for end-to-end tests.
import { type Browser, expect, type Locator, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "manara-demo";

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Fills and submits the log-in form of the page's locale (labels differ per language). */
export async function logIn(page: Page, email: string, password: string, locale: "en" | "ar" = "en") {
  const labels =
    locale === "ar"
      ? { email: "البريد الإلكتروني", password: "كلمة المرور", submit: "تسجيل الدخول" }
      : { email: "Email address", password: "Password", submit: "Log in" };
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.locator("main").getByRole("button", { name: labels.submit }).click();
}

/**
 * The header names the person signed in. A sign-in lands on a full page (the admin dashboard draws its charts), which
 * took over the default 5 s twice in a loaded CI run (stop 56), so the wait is longer by default.
 */
export async function expectSignedIn(page: Page, name: string, timeout = 15_000) {
  await expect(page.getByTestId("user-menu").locator("summary")).toContainText(name, { timeout });
}

export type Role = "guest" | "learner" | "trainer" | "admin";
export const DEMO_ACCOUNTS = {
  learner: { email: "learner@manara.local", name: "Lina Saleh", nameAr: "لينا صالح" },
  trainer: { email: "trainer@manara.local", name: "Omar Khalil", nameAr: "عمر خليل" },
  admin: { email: "admin@manara.local", name: "Huda Al-Rashid", nameAr: "هدى الراشد" },
} as const;

/** A demo account's name as the header shows it: the Arabic display name on Arabic pages. */
export function demoName(role: Exclude<Role, "guest">, locale: "en" | "ar"): string {
  return locale === "ar" ? DEMO_ACCOUNTS[role].nameAr : DEMO_ACCOUNTS[role].name;
}

/** The pages each kind of visitor can reach, unprefixed (English); `localized()` gives the Arabic path. */
export const PAGES_BY_ROLE: Record<Role, string[]> = {
  guest: [
    "/",
    // The demo landing page holds every block type (issue 49).
    "/p/spring-campaign",
    "/about_us",
    "/about",
    "/services",
    "/courses",
    "/courses?q=python",
    "/courses/1",
    "/portfolio",
    "/portfolio/1",
    "/blog",
    "/blog/1",
    "/cart",
    "/help",
    "/safety",
    "/privacy",
    "/terms",
    "/contact",
    // Consultations (issue 48, item 4): the open slots and the form; a booking link that is not ours says so.
    "/consultation",
    "/consultation/booking/1.not-ours",
    "/faq",
    "/developers",
    "/auth/login",
    "/auth/signup",
    "/auth/forgot-password",
    // Without a link it says the link is not valid and offers a new one.
    "/auth/reset-password",
    "/certificates/verify/MNRA-DEMQ-26",
    "/certificates/verify/ZZZZ-ZZZZ-ZZ",
    "/credentials/verify",
    // An unsubscribe link that is not ours says so and leads to the account page (issue 35).
    "/unsubscribe/00000000-0000-0000-0000-000000000000.refund.x",
    // The newsletter (issue 48): its page, the page after a sign-up, and links that are not ours.
    "/newsletter",
    "/newsletter?sent=1",
    "/newsletter/confirm/1.1700000000000.x",
    "/newsletter/unsubscribe/1.x",
    // An instructor's profile (issue 50): course 1's teacher, whose id each install makes anew
    // (resolveSweepPath).
    "/instructors/{instructor-of-course:1}",
    "/no-such-page",
  ],
  learner: [
    "/",
    "/courses/1",
    "/courses/2",
    "/cart",
    // The checkout's review step (issue 46) for one course, as "Buy now" would open it.
    "/checkout?course=2",
    "/my-enrollments",
    "/my-favorites",
    "/account",
    "/account/wallet",
    // Orders, invoices and credit notes (issue 47).
    "/account/billing",
    // Without a link it says the link does not work and leads back to the settings.
    "/account/confirm-email",
    "/certificates",
    "/notifications",
  ],
  trainer: [
    "/instructor",
    "/instructor/courses/new",
    "/instructor/courses/1",
    "/instructor/courses/1/curriculum",
    "/instructor/courses/1/learners",
    // A video lesson's captions (issue 36): lesson 1 plays the first demo clip, with both languages seeded.
    "/instructor/courses/1/lessons/1/captions",
    "/instructor/courses/1/announcements",
    "/instructor/blog",
    "/instructor/coupons",
    "/instructor/analytics",
    "/instructor/analytics?period=365",
    "/instructor/profile",
    "/instructor/blog/new",
    "/courses/1/learn",
    // A lesson page (issue 9): the demo trainer teaches course 1, whose first lesson is lesson 1.
    "/courses/1/learn/1",
    // The course's Q&A (issue 35): its trainer reads every question of it.
    "/courses/1/questions",
    "/my-enrollments",
  ],
  admin: [
    "/dashboard/admin",
    "/dashboard/admin/users",
    "/dashboard/admin/top-ups",
    "/dashboard/admin/bank-transfer",
    "/dashboard/admin/enrollments",
    "/dashboard/admin/coupons",
    "/dashboard/admin/outbox",
    "/dashboard/admin/jobs",
    "/dashboard/admin/settings",
    "/dashboard/admin/pages",
    "/dashboard/admin/pages/home",
    "/dashboard/admin/consultations",
    "/dashboard/admin/orders",
    // Invoices and credit notes by period, with totals (issue 47).
    "/dashboard/admin/invoices",
    // The leads (issue 48): the inbox, its board (with spam), and a demo lead with its history.
    "/dashboard/admin/leads",
    "/dashboard/admin/leads/board",
    "/dashboard/admin/leads/board?spam=1",
    "/dashboard/admin/leads/1",
    "/dashboard/admin/users?role=trainer",
    "/dashboard/admin/certificates",
    "/dashboard/admin/blog",
    "/dashboard/admin/blog/new",
    "/dashboard/admin/blog/1",
    "/dashboard/admin/portfolio",
    "/dashboard/admin/portfolio/new",
    "/dashboard/admin/portfolio/1",
    "/dashboard/admin?period=90",
    "/instructor",
    "/instructor/analytics",
  ],
};

/**
 * A page list's path with its placeholder filled in: `{instructor-of-course:N}` is the id of course N's
 * teacher, read from the course API (`getJson` asks the running app). Other paths come back as they are.
 */
export async function resolveSweepPath(
  path: string,
  getJson: (url: string) => Promise<unknown>,
): Promise<string> {
  const match = /\{instructor-of-course:(\d+)\}/.exec(path);
  if (!match) return path;
  const answer = (await getJson(`/api/courses/${match[1]}`)) as { course?: { instructor?: { id?: string } } };
  const id = answer.course?.instructor?.id;
  if (!id) throw new Error(`resolveSweepPath: course ${match[1]} names no instructor`);
  return path.replace(match[0], id);
}

export function localized(path: string, locale: "en" | "ar"): string {
  if (locale === "en") return path;
  return path === "/" ? "/ar" : `/ar${path}`;
}

/** Where demo-accounts.setup.ts saved the signed-in cookies of a demo account (inside the run's data dir). */
export function demoStatePath(role: Exclude<Role, "guest">): string {
  return `.data-e2e/storage-${role}.json`;
}

/** A signed-in browser state for a demo account, made once per run by the setup project. */
export async function demoState(_browser: Browser, role: Exclude<Role, "guest">): Promise<string> {
  return demoStatePath(role);
}

/**
 * Waits until the outbox page (already showing the right recipient) lists `message`: mail is written by a
 * job (app/jobs/), moments after the request that queued it, and the page shows what was there when it
 * loaded, so it is loaded again until the message is there.
 */
export async function expectMailInOutbox(page: Page, message: Locator, timeout = 20_000): Promise<void> {
  await expect
    .poll(
      async () => {
        if ((await message.count()) > 0) return true;
        await page.reload();
        return (await message.count()) > 0;
      },
      { timeout, intervals: [250, 500, 1_000] },
    )
    .toBe(true);
}

/**
 * Records the Content-Security-Policy violations the page reports, from before its first script runs, on
 * every document it opens from now on (tests/e2e/security.spec.ts, tests/e2e/page-sweep.spec.ts).
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
      messages.push(message.text().slice(0, 160));
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return messages;
}
