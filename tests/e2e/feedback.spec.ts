// The same feedback with JavaScript as without: add to cart, remove (also from the cart page, where the
// button disappears before its answer arrives) and favourite each confirm with a success toast.
import { expect, test } from "./fixtures";
import { demoState } from "./helpers";

test("add to cart, remove and favourite confirm with a toast", async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    javaScriptEnabled: testInfo.project.name !== "no-js",
  });
  const page = await context.newPage();
  const toast = page.getByTestId("toast-success").last();
  await page.goto("/courses/1");
  await page.getByTestId("add-to-cart").click();
  await expect(toast).toHaveText(/Added to your cart\./);
  await page.getByTestId("in-cart").getByRole("button", { name: "Remove" }).click();
  await expect(toast).toHaveText(/Removed from your cart\./);
  // Wait for the answer, not just the optimistic state: leaving earlier would cancel the request.
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByTestId("add-to-cart").click(),
  ]);
  await page.goto("/cart");
  await page.getByTestId("cart-items").getByRole("button", { name: "Remove" }).first().click();
  await expect(toast).toHaveText(/Removed from your cart\./);
  await context.close();

  const learner = await browser.newContext({
    javaScriptEnabled: testInfo.project.name !== "no-js",
    storageState: await demoState(browser, "learner"),
  });
  const signedIn = await learner.newPage();
  await signedIn.goto("/courses/3");
  const toggle = signedIn.getByTestId("favorite-toggle");
  const before = await toggle.getAttribute("aria-pressed");
  await toggle.click();
  await expect(signedIn.getByTestId("toast-success").last()).toHaveText(
    before === "true" ? /Removed from favorites/ : /Saved to favorites/,
  );
  await toggle.click();
  await expect(signedIn.getByTestId("toast-success").last()).toHaveText(
    before === "true" ? /Saved to favorites/ : /Removed from favorites/,
  );
  await learner.close();
});

for (const [path, label] of [
  ["/", "English"],
  ["/ar", "العربية"],
] as const) {
  test(`the language button's name starts with its visible label, the language's own name, and no flag (${label})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    const summary = page.getByTestId("language-dropdown").locator("summary");
    await expect(summary).toHaveAccessibleName(new RegExp(`^${label}`));
    // A flag names a state, not a language (issue 50): none, neither drawn nor as an emoji.
    await expect(page.getByTestId("language-dropdown").locator("svg[data-flag]")).toHaveCount(0);
    const text = await page.getByTestId("language-dropdown").textContent();
    expect(text ?? "").not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
  });
}
