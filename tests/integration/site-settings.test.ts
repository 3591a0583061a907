// The site settings (issue 49, item 6) through the whole app: the defaults from the locale files, an admin's
// save on the page without JavaScript and through the API, the header, footer, contact page and JSON-LD that
// read them (only the filled-in social links), a refused save that changes nothing, and stored text escaped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteEndpoints } from "../../app/api-docs/endpoints/site";
import { siteSettings, type User } from "../../app/db/schema";
import { type FuzzApp, ORIGIN, startFuzzApp } from "./fuzz/app";

let app: FuzzApp;
let admin: User;
let adminCookie: string;
let adminBearer: string;
let userBearer: string;

beforeAll(async () => {
  app = await startFuzzApp();
  admin = await app.helpers.createUser(app.db, "admin");
  adminCookie = await app.helpers.cookieFor(app.db, admin.id);
  adminBearer = await app.helpers.bearerFor(app.db, admin.id);
  const user = await app.helpers.createUser(app.db, "user");
  userBearer = await app.helpers.bearerFor(app.db, user.id);
  await app.db.delete(siteSettings);
}, 180_000);
afterAll(() => app?.close());

const page = async (path: string) => {
  const response = await app.fetch(path);
  expect(response.status, path).toBe(200);
  return response.text();
};

const form = {
  brandNameEn: "Manara Studio",
  brandNameAr: "",
  email: "team@manara.example",
  phone: "+962 6 555 0100",
  whatsapp: "+962 79 555 0100",
  addressEn: "Amman, Jordan",
  addressAr: "عمّان، الأردن",
  hoursEn: "Sunday to Thursday",
  hoursAr: "",
  "social.x": "https://x.com/manara_studio",
  "social.linkedin": "",
  "social.instagram": "https://www.instagram.com/manara_studio",
  "social.youtube": "",
  "social.tiktok": "",
  "social.snapchat": "",
  "social.facebook": "",
};

function save(fields: Record<string, string>, prefix = "") {
  return app.fetch(`${prefix}/dashboard/admin/settings`, {
    method: "POST",
    headers: {
      cookie: adminCookie,
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

function api(method: "GET" | "PUT", bearer: string, body?: unknown, locale = "en") {
  return app.fetch("/api/admin/settings/site", {
    method,
    headers: {
      authorization: bearer,
      "accept-language": locale,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The footer's social links, by network. */
const socialLinks = (html: string) =>
  [...html.matchAll(/<a href="([^"]+)" rel="me noopener" data-social="([a-z]+)"/g)].map((match) => [
    match[2],
    match[1],
  ]);

describe("site settings", () => {
  it("shows today's text before any admin saved settings, and no placeholder social links", async () => {
    const home = await page("/");
    expect(home).not.toContain("#social-x");
    expect(home).not.toContain("#social-linkedin");
    expect(socialLinks(home)).toEqual([]);
    expect(home).toContain("hello@manara.example");
    const arabic = await page("/ar/contact");
    expect(arabic).toContain("منارة");
    expect(arabic).toContain("hello@manara.example");
    const answer = await api("GET", adminBearer);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { settings: { brandName: { en: string } }; updatedAt: null };
    // The answer is what the OpenAPI document says it is (the documented schemas are strict).
    for (const endpoint of siteEndpoints) endpoint.responses[200]?.schema?.parse(body);
    expect(body.updatedAt).toBeNull();
    expect(body.settings.brandName.en).toBe("Manara");
  });

  it("saves from the page without JavaScript; header, footer, contact page and JSON-LD follow in both languages", async () => {
    const response = await save(form, "/ar");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/ar/dashboard/admin/settings");

    const home = await page("/");
    expect(socialLinks(home)).toEqual([
      ["x", "https://x.com/manara_studio"],
      ["instagram", "https://www.instagram.com/manara_studio"],
    ]);
    expect(home).toContain("Manara Studio on X");
    expect(home).toContain("© ");
    const jsonLd = [...home.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? "{}") as Record<string, unknown>,
    );
    expect(jsonLd.find((item) => item["@type"] === "Organization")).toMatchObject({
      name: "Manara Studio",
      email: "team@manara.example",
      telephone: "+96265550100",
      address: "Amman, Jordan",
      sameAs: ["https://x.com/manara_studio", "https://www.instagram.com/manara_studio"],
    });

    // The Arabic brand name is empty: the English one is shown; the Arabic address is the Arabic one.
    const contact = await page("/ar/contact");
    expect(contact).toContain("Manara Studio على منصة X");
    expect(contact).toContain('href="tel:+96265550100"');
    expect(contact).toContain('href="https://wa.me/962795550100"');
    expect(contact).toContain("عمّان، الأردن");
    // The empty Arabic hours fall back to the English ones.
    expect(contact).toContain("Sunday to Thursday");

    const editor = await app.fetch("/dashboard/admin/settings", { headers: { cookie: adminCookie } });
    const html = await editor.text();
    expect(html).toContain('value="+96265550100"');
    expect(html).toMatch(/id="site-brandNameAr"[^>]*dir="rtl"|dir="rtl"[^>]*id="site-brandNameAr"/);
  });

  it("refuses a bad save with each field's message and changes nothing", async () => {
    const before = await app.db.select().from(siteSettings);
    const response = await save(
      { ...form, brandNameEn: "", phone: "12345", "social.linkedin": "https://linkedin.com.evil.test/a" },
      "/ar",
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("يرجى كتابة اسم العلامة بالإنجليزية");
    expect(html).toContain("يرجى كتابة رقم الهاتف بالصيغة الدولية");
    expect(html).toContain("يرجى كتابة عنوان https على linkedin.com");
    expect(html).toContain('value="https://linkedin.com.evil.test/a"');
    expect(await app.db.select().from(siteSettings)).toEqual(before);

    const refused = await api("PUT", adminBearer, { brandName: { en: "", ar: "" } }, "ar");
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("validation_failed");
    expect(await app.db.select().from(siteSettings)).toEqual(before);
  });

  it("is an admin's only: a learner's token is refused", async () => {
    expect((await api("GET", userBearer)).status).toBe(403);
    expect((await api("PUT", userBearer, {})).status).toBe(403);
  });

  it("saves through the API and escapes stored markup on every page", async () => {
    const current = (await (await api("GET", adminBearer)).json()) as { settings: Record<string, unknown> };
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const response = await api("PUT", adminBearer, {
      ...current.settings,
      brandName: { en: hostile, ar: hostile },
      address: { en: hostile, ar: "" },
      hours: { en: hostile, ar: hostile },
    });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as { settings: { brandName: { en: string } }; updatedAt: string };
    expect(saved.settings.brandName.en).toBe(hostile);
    expect(saved.updatedAt).toEqual(expect.any(String));
    for (const endpoint of siteEndpoints) endpoint.responses[200]?.schema?.parse(saved);
    for (const path of ["/", "/ar/contact", "/dashboard/admin/settings"]) {
      const html = await (
        await app.fetch(path, { headers: path.includes("admin") ? { cookie: adminCookie } : {} })
      ).text();
      expect(html, path).not.toContain("<script>alert");
      expect(html, path).not.toContain("<img src=x");
      expect(html, path).toContain("&lt;script&gt;");
    }
  });
});
