// Client navigations fetch `<page>.data?_routes=…`, and forms posted to an index route carry `?index`.
// With `future.v8_passThroughRequests` (docs/decisions/033-pass-through-requests.md) loaders, actions and
// middleware get that request as it came in, and the page's own URL as `url`: whatever decides by the URL
// (locale, area, redirects) must read the page's URL, never the data URL. Run on the whole app.

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FuzzApp, ORIGIN, startFuzzApp } from "./fuzz/app";

let app: FuzzApp;
let trainerCookie: string;
let adminCookie: string;

beforeAll(async () => {
  app = await startFuzzApp();
  const trainer = await app.helpers.createUser(app.db, "trainer");
  const admin = await app.helpers.createUser(app.db, "admin");
  trainerCookie = await app.helpers.cookieFor(app.db, trainer.id);
  adminCookie = await app.helpers.cookieFor(app.db, admin.id);
}, 180_000);
afterAll(() => app?.close());

/** A client navigation's data request for the leaf route `routeId` (turbo-stream text). */
async function dataRequest(path: string, routeId: string, cookie?: string) {
  const separator = path.includes("?") ? "&" : "?";
  const response = await app.fetch(`${path}${separator}_routes=${encodeURIComponent(`root,${routeId}`)}`, {
    headers: cookie ? { cookie } : {},
  });
  return { response, text: await response.text() };
}

/** Where a data request's answer sends the browser: a turbo-stream `SingleFetchRedirect` (HTTP 202). */
function redirectOf({ response, text }: { response: Response; text: string }): string {
  expect(response.status).toBe(202);
  const flat = JSON.parse(text) as unknown[];
  expect(flat[0]).toEqual(["SingleFetchRedirect", 1]);
  return String(flat[flat.indexOf("redirect") + 1]);
}

/** Where an action's data answer sends the browser: a turbo-stream `{ redirect, status, … }` (HTTP 202). */
function actionRedirectOf({ response, text }: { response: Response; text: string }): string {
  expect(response.status).toBe(202);
  const flat = JSON.parse(text) as unknown[];
  expect(flat[flat.indexOf("status") + 1]).toBe(302);
  return String(flat[flat.indexOf("redirect") + 1]);
}

describe("data requests decide by the page's URL", () => {
  it("the Arabic home page's data is Arabic (/ar.data), the English one's English (/_.data)", async () => {
    const arabic = await dataRequest("/ar.data", "routes/home");
    expect(arabic.response.status).toBe(200);
    expect(arabic.text).toMatch(/[\u0600-\u06ff]{3}/);
    const english = await dataRequest("/_.data", "routes/home");
    expect(english.response.status).toBe(200);
    expect(english.text).not.toMatch(/[\u0600-\u06ff]{3}/);
  });

  it("the admin coupons page's data is the admin area's: a trainer gets 403, an admin the page", async () => {
    const trainer = await dataRequest("/dashboard/admin/coupons.data", "admin-coupons", trainerCookie);
    expect(trainer.response.status).toBe(403);
    const admin = await dataRequest("/dashboard/admin/coupons.data", "admin-coupons", adminCookie);
    expect(admin.response.status).toBe(200);
    expect(admin.text).toContain("isAdmin");
    // The trainer's own coupons page, by the same route module, still lets the trainer in.
    const own = await dataRequest("/instructor/coupons.data", "instructor-coupons", trainerCookie);
    expect(own.response.status).toBe(200);
  });

  it("a guest's data request for a private page sends sign-in back to the page, not to its data URL", async () => {
    const answer = await dataRequest("/ar/account/wallet.data", "routes/account-wallet");
    expect(redirectOf(answer)).toBe("/ar/auth/login?redirectTo=%2Far%2Faccount%2Fwallet");
  });

  it("/en/… data requests redirect to the unprefixed page, without `.data` or `_routes`", async () => {
    expect(redirectOf(await dataRequest("/en/courses.data?q=css", "routes/courses"))).toBe("/courses?q=css");
  });

  it("an admin list's form, posted by a fetcher, sends the admin back to the list with its query", async () => {
    // A user who does not exist: the action answers with an error toast and a redirect back to the list.
    const fields = { intent: "changeRole", userId: randomUUID(), role: "user" };
    for (const [list, form] of [
      ["/dashboard/admin/users", fields],
      ["/ar/dashboard/admin/users", fields],
      ["/dashboard/admin/certificates", { intent: "revoke", id: randomUUID(), reason: "Not earned" }],
      ["/dashboard/admin/enrollments", { id: "999999", reason: "Asked" }],
    ] as const) {
      const response = await app.fetch(`${list}.data?q=amal&page=2`, {
        method: "POST",
        headers: { cookie: adminCookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
      });
      const text = await response.text();
      expect(actionRedirectOf({ response, text }), list).toBe(`${list}?q=amal&page=2`);
    }
  });

  it("a reset link opened by a client navigation redirects to the page, not to its data URL", async () => {
    const answer = await dataRequest("/auth/reset-password.data?token=abc", "routes/auth-reset-password");
    expect(redirectOf(answer)).toBe("/auth/reset-password");
  });
});
