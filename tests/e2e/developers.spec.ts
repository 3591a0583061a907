// The API reference (/developers): server-rendered from /api/openapi.json, read with and without
// JavaScript (the "js" and "no-js" projects), in both languages; nothing is loaded from another origin.
import { expect, test } from "./fixtures";

for (const { path, heading, tag, footer, dir } of [
  { path: "/developers", heading: "API reference", tag: "Catalog", footer: "API reference", dir: "ltr" },
  {
    path: "/ar/developers",
    heading: "مرجع واجهة البرمجة",
    tag: "الدورات",
    footer: "مرجع واجهة البرمجة",
    dir: "rtl",
  },
]) {
  test(`${path} lists the endpoints by group and opens one`, async ({ page }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!["localhost", "127.0.0.1"].includes(url.hostname) && url.protocol !== "data:")
        foreign.push(url.href);
    });
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("dir", dir);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: tag })).toBeVisible();
    const endpoint = page.locator("details#get_api_courses_id");
    await expect(endpoint).toBeVisible();
    await endpoint.locator("summary").first().click();
    await expect(endpoint).toHaveAttribute("open", "");
    await expect(endpoint.getByText("/api/courses/{id}").first()).toBeVisible();
    await expect(endpoint.getByText("404", { exact: true })).toBeVisible();
    // The footer links here; the raw document is one click away.
    await expect(page.getByRole("contentinfo").getByRole("link", { name: footer })).toBeVisible();
    await expect(page.getByRole("link", { name: "/api/openapi.json" })).toHaveAttribute(
      "href",
      "/api/openapi.json",
    );
    expect(foreign).toEqual([]);
  });
}

test("/api/openapi.json is an OpenAPI 3.1 document with every group", async ({ request }) => {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  const document = await response.json();
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toContain("/api/courses/{id}");
  expect(
    document.paths["/api/auth/login"].post.requestBody.content["application/json"].schema.required,
  ).toEqual(expect.arrayContaining(["email", "password"]));
});
