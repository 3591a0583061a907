// Issue 7's holes, each pinned by the request that once opened it: cookies on /API paths, bodies that
// were not forms or JSON, NUL bytes and int4 overflows, token caching, contact floods, lockouts,
// cross-site logouts and renders without middleware.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import {
  cartItems,
  courses,
  enrollments,
  leadEvents,
  leads,
  rateLimits,
  sessions,
  users,
} from "../../app/db/schema";
import { toasts } from "../../app/lib/toast.server";
import { sameOriginMiddleware } from "../../app/middleware/same-origin.server";
import { action as apiLogin } from "../../app/routes/api/auth-login";
import { loader as apiMe } from "../../app/routes/api/auth-me";
import { action as apiSignup } from "../../app/routes/api/auth-signup";
import { action as apiContact } from "../../app/routes/api/contact";
import { loader as apiCourses } from "../../app/routes/api/courses";
import { action as apiBulkEnroll } from "../../app/routes/api/enroll-bulk";
import { action as cartAction } from "../../app/routes/cart";
import { action as contactAction } from "../../app/routes/contact";
import { action as courseAction } from "../../app/routes/course";
import { loader as coursesLoader } from "../../app/routes/courses";
import { isSameOriginRequest } from "../../app/security/same-origin.server";
import { creditWallet } from "../../app/wallet/wallet.server";
import { cookieFor, cookiesFrom, createUser, TEST_PASSWORD } from "./auth-helpers";
import { formRequest, fromAddress, routePattern, runRoute, settle } from "./route-context";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let courseId = 0;
let adminId = "";
beforeAll(async () => {
  handle = await createTestDatabase();
  adminId = (await createUser(handle.db, "admin")).id;
  const trainer = await createUser(handle.db, "trainer");
  const [course] = await handle.db
    .insert(courses)
    .values({
      trainerId: trainer.id,
      isPublished: true,
      slug: "hardening",
      title: "Hardening",
      titleAr: "التحصين",
      description: "Safe servers",
      category: "cyber-security",
      price: 1000,
    })
    .returning();
  courseId = course?.id ?? 0;
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await handle.db.delete(rateLimits);
  await handle.db.delete(leads);
});

const run = <T>(request: Request, handler: unknown, params: Record<string, string> = {}) =>
  runRoute(handle.db, request, handler as never, params) as Promise<T>;

const fromIp = fromAddress;

async function fund(userId: string, amount: number) {
  const outcome = await creditWallet(handle.db, { userId, actorId: adminId, amount, reason: "Top-up" });
  expect(outcome.ok).toBe(true);
}

async function balanceOf(userId: string) {
  const [row] = await handle.db
    .select({ balance: users.walletBalance })
    .from(users)
    .where(eq(users.id, userId));
  return row?.balance;
}

/** The toast a redirect carries in its cookie. */
async function toastOf(response: Response) {
  const request = new Request("http://test/", { headers: { Cookie: cookiesFrom(response) } });
  return (await toasts().getToast(request)).toast;
}

const contactFields = {
  name: "Sara",
  email: "sara@example.com",
  subject: "A project",
  message: "We need a new website soon.",
  website: "",
};

describe("the API is decided by the matched route, not the raw path", () => {
  it.each(["http://test/API/auth/me", "http://test/%61pi/auth/me", "http://test/Api/Auth/Me"])(
    "%s with only a session cookie is not signed in",
    async (url) => {
      const user = await createUser(handle.db);
      const request = new Request(url, { headers: { Cookie: await cookieFor(handle.db, user.id) } });
      expect(routePattern(request)).toBe("api/auth/me");
      const response = await settle(run<Response>(request, apiMe));
      expect((response as Response).status).toBe(401);
    },
  );

  it("a cross-site text/plain POST to /API/…/bulk/enroll with a cookie charges nothing", async () => {
    const user = await createUser(handle.db);
    // Money for the course, so a charge would show.
    await fund(user.id, 5_000);
    const request = new Request("http://test/API/course/enrollment/bulk/enroll", {
      method: "POST",
      headers: { Cookie: await cookieFor(handle.db, user.id), "Content-Type": "text/plain" },
      body: JSON.stringify({ courseIds: [courseId] }),
    });
    const response = await settle(run<Response>(request, apiBulkEnroll));
    expect((response as Response).status).toBe(401);
    expect(await handle.db.$count(enrollments, eq(enrollments.userId, user.id))).toBe(0);
    expect(await balanceOf(user.id)).toBe(5_000);
  });

  it("JSON endpoints take only JSON bodies: 415 otherwise", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/xml", ""]) {
      const request = new Request("http://test/api/contact", {
        method: "POST",
        headers: type ? { "Content-Type": type } : {},
        body: JSON.stringify(contactFields),
      });
      if (!type) request.headers.delete("Content-Type");
      const response = await run<Response>(request, apiContact);
      expect(response.status).toBe(415);
      expect((await response.json()).error.code).toBe("unsupported_media_type");
    }
    expect(await handle.db.$count(leads)).toBe(0);
  });
});

describe("bodies are bounded and typed before they are read", () => {
  it("a JSON body over 1 MB to /api/contact is 413 and stores nothing, even without Content-Length", async () => {
    const huge = JSON.stringify({ ...contactFields, message: "x".repeat(2 * 1024 * 1024) });
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= huge.length) return controller.close();
        controller.enqueue(new TextEncoder().encode(huge.slice(sent, sent + 64 * 1024)));
        sent += 64 * 1024;
      },
    });
    const request = new Request("http://test/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const response = await run<Response>(request, apiContact);
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("payload_too_large");
    // The read stopped soon after the limit instead of buffering the whole body.
    expect(sent).toBeLessThan(1.5 * 1024 * 1024);
    expect(await handle.db.$count(leads)).toBe(0);
  });

  it("a 2 MB form to /cart is 413", async () => {
    const response = await settle(
      run(
        formRequest("http://test/cart", { intent: "clear", padding: "x".repeat(2 * 1024 * 1024) }),
        cartAction,
      ),
    );
    expect((response as Response).status).toBe(413);
  });

  it.each([
    ["application/json", '{"intent":"clear"}', 415],
    ["text/plain", "intent=clear", 415],
    ["application/xml", "<intent>clear</intent>", 415],
    ["multipart/form-data", "--x\r\nbroken", 400],
    ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data\r\n\r\nno end", 400],
  ])("a %s body to a page action answers %d", async (type, body, status) => {
    for (const [url, action, params] of [
      ["http://test/cart", cartAction, {}],
      [`http://test/courses/${courseId}`, courseAction, { id: String(courseId) }],
      ["http://test/contact", contactAction, {}],
    ] as const) {
      const request = new Request(url, { method: "POST", headers: { "Content-Type": type }, body });
      const response = await settle(run(request, action, params));
      expect((response as Response).status, url).toBe(status);
    }
  });
});

describe("text and ids that once reached PostgreSQL unchecked", () => {
  it("a NUL byte in any contact field is a field error, and nothing is stored", async () => {
    // Each value is one the form takes once the NUL is gone (an empty honeypot is dropped silently), so only
    // the NUL can be what is refused, and the error is on that field alone.
    const withNul: Record<keyof typeof contactFields, string> = {
      name: "Sa\u0000ra",
      email: "sa\u0000ra@example.com",
      subject: "A pro\u0000ject",
      message: "We need a new\u0000website soon.",
      website: "\u0000",
    };
    for (const [field, value] of Object.entries(withNul)) {
      const result = await run<{ init: ResponseInit; data: { fieldErrors: Record<string, string> } }>(
        formRequest("http://test/contact", { ...contactFields, [field]: value }),
        contactAction,
      );
      expect(result.init.status, field).toBe(400);
      expect(Object.keys(result.data.fieldErrors), field).toEqual([field]);
    }
    expect(await handle.db.$count(leads)).toBe(0);
    // The same fields without the NUL are a message.
    const accepted = await settle(run(formRequest("http://test/contact", contactFields), contactAction));
    expect((accepted as Response).status).toBe(302);
    expect(await handle.db.$count(leads)).toBe(1);
  });

  it("a NUL byte in a sign-up name or a login email is a 422, not a 500", async () => {
    const json = (url: string, body: unknown) =>
      new Request(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const signup = await run<Response>(
      json("http://test/api/auth/signup", {
        userName: "A\u0000B",
        email: "nul@example.com",
        password: "long-enough",
      }),
      apiSignup,
    );
    expect(signup.status).toBe(422);
    const login = await run<Response>(
      json("http://test/api/auth/login", { email: "a\u0000@example.com", password: "x" }),
      apiLogin,
    );
    expect(login.status).toBe(422);
    expect(await handle.db.$count(rateLimits)).toBe(0);
  });

  it("a NUL byte in a search is dropped: the catalog answers", async () => {
    const page = await run<{ filters: { q: string }; courses: { id: number }[] }>(
      new Request("http://test/courses?q=%00Hardening%00"),
      coursesLoader,
    );
    expect(page.filters.q).toBe("Hardening");
    expect(page.courses.map((course) => course.id)).toEqual([courseId]);
    // A query of NULs alone is no query: the whole catalog, as without one.
    const everything = await (await run<Response>(new Request("http://test/api/courses"), apiCourses)).json();
    const api = await run<Response>(new Request("http://test/api/courses?q=%00%00"), apiCourses);
    expect(api.status).toBe(200);
    const body = (await api.json()) as { items: { id: number }[]; total: number };
    expect(body.total).toBe(1);
    expect(body).toEqual(everything);
  });

  it("removing course 2147483648 from the cart is refused without touching the database", async () => {
    const user = await createUser(handle.db);
    await handle.db.insert(cartItems).values({ userId: user.id, courseId });
    const request = formRequest("http://test/cart", { intent: "remove", courseId: "2147483648" });
    request.headers.set("Cookie", await cookieFor(handle.db, user.id));
    const response = (await settle(run(request, cartAction))) as Response;
    // Refused with the form's error, not read as "not in your cart" (which would have asked the database).
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cart");
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      message: "This request could not be understood.",
    });
    const cart = await handle.db.select().from(cartItems).where(eq(cartItems.userId, user.id));
    expect(cart.map((item) => item.courseId)).toEqual([courseId]);
  });
});

describe("limits", () => {
  it("token responses are never cached", async () => {
    const user = await createUser(handle.db);
    const response = await run<Response>(
      new Request("http://test/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
      }),
      apiLogin,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const signup = await run<Response>(
      new Request("http://test/api/auth/signup", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          userName: "New One",
          email: `n-${Date.now()}@example.com`,
          password: "long-enough",
        }),
      }),
      apiSignup,
    );
    expect(signup.status).toBe(201);
    expect(signup.headers.get("Cache-Control")).toBe("no-store");
  });

  it("the contact form takes 10 messages per address per hour, page and API together", async () => {
    for (let i = 0; i < 6; i++) {
      const response = await settle(
        run(fromIp(formRequest("http://test/contact", contactFields), "192.0.2.7"), contactAction),
      );
      expect((response as Response).status).toBe(302);
    }
    for (let i = 0; i < 4; i++) {
      const request = new Request("http://test/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(contactFields),
      });
      expect((await run<Response>(fromIp(request, "192.0.2.7"), apiContact)).status).toBe(201);
    }
    const page = await run<{ init: ResponseInit; data: { formError: string } }>(
      fromIp(formRequest("http://test/ar/contact", contactFields), "192.0.2.7"),
      contactAction,
    );
    expect(page.init.status).toBe(429);
    expect(page.data.formError).toMatch(/رسائل كثيرة/);
    const api = await run<Response>(
      fromIp(
        new Request("http://test/api/contact", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(contactFields),
        }),
        "192.0.2.7",
      ),
      apiContact,
    );
    expect(api.status).toBe(429);
    expect(api.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await handle.db.$count(leadEvents)).toBe(10);
    // Another address is not affected.
    const other = await settle(
      run(fromIp(formRequest("http://test/contact", contactFields), "192.0.2.8"), contactAction),
    );
    expect((other as Response).status).toBe(302);
  });
});

describe("cross-site requests that ride on the cookie", () => {
  const logout = (headers: Record<string, string>) =>
    new Request("http://manara.test/auth/logout", { method: "POST", headers });

  it.each([
    [{ Origin: "https://evil.example" }, false],
    [{ Origin: "null" }, false],
    [{ Origin: "not a url" }, false],
    [{ "Sec-Fetch-Site": "cross-site" }, false],
    [{ Origin: "http://manara.test" }, true],
    [{ "Sec-Fetch-Site": "same-origin" }, true],
    [{}, true],
  ])("%o → same origin: %s", (headers, expected) => {
    expect(isSameOriginRequest(logout(headers))).toBe(expected);
  });

  it("refuses a cross-site logout with 403 and keeps the session", async () => {
    const user = await createUser(handle.db);
    const cookie = await cookieFor(handle.db, user.id);
    const request = logout({ Origin: "https://evil.example", Cookie: cookie });
    let reachedRoute = false;
    const outcome = await settle(
      (async () =>
        sameOriginMiddleware({ request, pattern: ":lang?/auth/logout" } as never, async () => {
          reachedRoute = true;
          return new Response(null);
        }))(),
    );
    expect((outcome as Response).status).toBe(403);
    expect(reachedRoute).toBe(false);
    expect(await handle.db.$count(sessions, eq(sessions.userId, user.id))).toBe(1);
  });

  it("lets API calls through: they carry Bearer tokens, never ambient cookies", async () => {
    const request = new Request("http://manara.test/api/auth/logout", {
      method: "POST",
      headers: { Origin: "https://app.example" },
    });
    const response = await sameOriginMiddleware({ request, pattern: "api/auth/logout" } as never, async () =>
      Response.json({ ok: true }),
    );
    expect((response as Response).status).toBe(200);
  });
});
