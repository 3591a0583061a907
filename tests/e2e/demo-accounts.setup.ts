// Signs the demo learner, trainer and admin in once per run and saves their cookies for the suites that only
// need "someone with this role" (axe, layout, focus, feedback): the whole suite shares one address's sign-in
// rate limit (60 per 15 minutes), so those suites must not log in again and again.
import { test as setup } from "@playwright/test";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoStatePath, expectSignedIn, logIn } from "./helpers";

for (const role of ["learner", "trainer", "admin"] as const) {
  setup(`sign the demo ${role} in`, async ({ page }) => {
    // These run first, against a server that has just started (cold caches, first password hashes): give
    // the sign-in more time than the default five seconds.
    setup.setTimeout(60_000);
    await page.goto("/auth/login");
    await logIn(page, DEMO_ACCOUNTS[role].email, DEMO_PASSWORD);
    await expectSignedIn(page, DEMO_ACCOUNTS[role].name, 30_000);
    await page.context().storageState({ path: demoStatePath(role) });
  });
}
