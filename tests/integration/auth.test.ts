// Sign-up, sign-in, sessions, token revocation and rate limits, through the real routes and middleware.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findSessionUser } from "../../app/auth/session.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { rateLimits, sessions, users } from "../../app/db/schema";
import { action as apiLogin } from "../../app/routes/api/auth-login";
import { action as apiLogout } from "../../app/routes/api/auth-logout";
import { loader as apiMe } from "../../app/routes/api/auth-me";
import { action as apiSignup } from "../../app/routes/api/auth-signup";
import { action as loginAction, loader as loginLoader } from "../../app/routes/auth-login";
import { action as logoutAction, loader as logoutLoader } from "../../app/routes/auth-logout";
import { action as signupAction } from "../../app/routes/auth-signup";
import { cookieFor, cookiesFrom, createUser, TEST_PASSWORD } from "./auth-helpers";
import { formRequest, fromAddress, runRoute, settle } from "./route-context";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await handle.db.delete(rateLimits);
});

type PageResult = {
  data: { fieldErrors: Record<string, string>; values: Record<string, string>; formError: string | null };
  init: ResponseInit;
};

const run = <T>(request: Request, handler: unknown) =>
  runRoute(handle.db, request, handler as never) as Promise<T>;
const fromIp = fromAddress;
const json = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(url, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...headers },
  });

describe("sign-up page", () => {
  it("creates the account, signs it in and goes back to a local redirectTo", async () => {
    const response = await run<Response>(
      formRequest("http://test/ar/auth/signup", {
        userName: "Sara",
        email: "Sara@Example.com",
        password: "long-enough-1",
        redirectTo: "/ar/courses?page=2",
        website: "",
      }),
      signupAction,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/ar/courses?page=2");
    const cookie = cookiesFrom(response);
    expect(cookie).toMatch(/manara_session=/);
    const [user] = await handle.db.select().from(users).where(eq(users.email, "sara@example.com"));
    expect(user).toMatchObject({ name: "Sara", role: "user", walletBalance: 0 });
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    // The cookie really signs the new user in.
    const me = await run<{ meta: unknown }>(
      new Request("http://test/auth/login", { headers: { Cookie: cookie } }),
      loginLoader,
    ).catch((error) => error);
    expect(me).toBeInstanceOf(Response);
    expect((me as Response).status).toBe(302);
  });

  it("answers Arabic field errors, keeps the typed values but never the password", async () => {
    const result = await run<PageResult>(
      formRequest("http://test/ar/auth/signup", {
        userName: "S",
        email: "nope",
        password: "short",
        website: "",
      }),
      signupAction,
    );
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      userName: "يُرجى إدخال اسمك (حرفان على الأقل).",
      email: "يُرجى إدخال بريد إلكتروني صحيح.",
      password: "يجب أن تتكوّن كلمة المرور من 8 أحرف على الأقل.",
    });
    expect(result.data.values).toEqual({ userName: "S", email: "nope", website: "" });
  });

  it("refuses a taken email in any letter case and a filled honeypot, creating nobody", async () => {
    await createUser(handle.db, "user", "taken@example.com");
    const before = await handle.db.$count(users);
    const taken = await run<PageResult>(
      formRequest("http://test/auth/signup", {
        userName: "Copy",
        email: "TAKEN@example.com",
        password: "long-enough-1",
        website: "",
      }),
      signupAction,
    );
    expect(taken.init.status).toBe(409);
    expect(taken.data.fieldErrors.email).toMatch(/already exists/);
    const bot = await run<PageResult>(
      formRequest("http://test/auth/signup", {
        userName: "Bot",
        email: "bot@example.com",
        password: "long-enough-1",
        website: "x",
      }),
      signupAction,
    );
    expect(bot.init.status).toBe(400);
    expect(await handle.db.$count(users)).toBe(before);
  });

  it("ignores a redirectTo that leaves the site", async () => {
    const response = await run<Response>(
      formRequest("http://test/ar/auth/signup", {
        userName: "Omar",
        email: "omar@example.com",
        password: "long-enough-1",
        redirectTo: "//evil.example/phish",
        website: "",
      }),
      signupAction,
    );
    expect(response.headers.get("Location")).toBe("/ar");
  });
});

describe("log-in page", () => {
  it("gives a wrong password and an unknown email the same answer", async () => {
    await createUser(handle.db, "user", "known@example.com");
    const wrong = await run<PageResult>(
      formRequest("http://test/auth/login", {
        email: "known@example.com",
        password: "wrong-password",
        website: "",
      }),
      loginAction,
    );
    const unknown = await run<PageResult>(
      formRequest("http://test/auth/login", {
        email: "nobody@example.com",
        password: "wrong-password",
        website: "",
      }),
      loginAction,
    );
    expect(wrong.init.status).toBe(400);
    expect(wrong.data.formError).toBe("The email or password is not right.");
    expect(unknown.data).toEqual({
      ...wrong.data,
      values: { ...wrong.data.values, email: "nobody@example.com" },
    });
    expect(JSON.stringify(wrong.data)).not.toContain("wrong-password");
  });

  it("lands a learner on My learning and staff on the home page when no redirectTo names a page", async () => {
    const learner = await createUser(handle.db);
    const trainer = await createUser(handle.db, "trainer");
    const login = (email: string, path: string) =>
      run<Response>(
        formRequest(`http://test${path}`, { email, password: TEST_PASSWORD, website: "", redirectTo: "" }),
        loginAction,
      );
    expect((await login(learner.email, "/auth/login")).headers.get("Location")).toBe("/my-enrollments");
    expect((await login(learner.email, "/ar/auth/login")).headers.get("Location")).toBe("/ar/my-enrollments");
    expect((await login(trainer.email, "/ar/auth/login")).headers.get("Location")).toBe("/ar");
  });

  it("issues a fresh session id at every sign-in and drops the previous one", async () => {
    const user = await createUser(handle.db);
    const login = (cookie = "") =>
      run<Response>(
        new Request("http://test/auth/login", {
          method: "POST",
          body: new URLSearchParams({
            email: user.email,
            password: TEST_PASSWORD,
            website: "",
            redirectTo: "/courses",
          }),
          headers: cookie ? { Cookie: cookie } : {},
        }),
        loginAction,
      );
    const first = await login();
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/courses");
    const firstCookie = cookiesFrom(first);
    const second = await login(firstCookie);
    const secondCookie = cookiesFrom(second);
    expect(secondCookie).not.toBe(firstCookie);
    // Only the second session is left.
    expect(await handle.db.$count(sessions, eq(sessions.userId, user.id))).toBe(1);
  });

  it("limits failed passwords per account and address, without locking the owner out", async () => {
    const user = await createUser(handle.db);
    const attemptFrom = (ip: string, password: string) =>
      run<PageResult>(
        fromIp(formRequest("http://test/ar/auth/login", { email: user.email, password, website: "" }), ip),
        loginAction,
      );
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await attemptFrom("10.0.0.66", "nope-nope")).init.status).toBe(400);
    }
    // The guessing address is stopped, even with the right password…
    const blocked = await attemptFrom("10.0.0.66", TEST_PASSWORD);
    expect(blocked.init.status).toBe(429);
    expect(new Headers(blocked.init.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(blocked.data.formError).toMatch(/^محاولات كثيرة جدًا/);
    // …while the owner, from their own address, still signs in.
    const owner = await settle(attemptFrom("10.0.1.1", TEST_PASSWORD));
    expect(owner).toBeInstanceOf(Response);
    expect((owner as Response).status).toBe(302);
    // The counters live in the database, so every server process sees the same count.
    expect(await handle.db.$count(rateLimits)).toBeGreaterThan(0);
  });

  it("does not count successful sign-ins against the account", async () => {
    const user = await createUser(handle.db);
    for (let attempt = 0; attempt < 12; attempt++) {
      const result = await settle(
        run(
          fromIp(
            formRequest("http://test/auth/login", {
              email: user.email,
              password: TEST_PASSWORD,
              website: "",
            }),
            "10.0.2.2",
          ),
          loginAction,
        ),
      );
      expect((result as Response).status).toBe(302);
    }
  });

  it("rate-limits per IP across accounts", async () => {
    let status = 0;
    for (let attempt = 0; attempt <= 60; attempt++) {
      const result = await run<PageResult>(
        fromIp(
          formRequest("http://test/auth/login", {
            email: `a${attempt}@example.com`,
            password: "x",
            website: "",
          }),
          "192.0.2.9",
        ),
        loginAction,
      );
      status = result.init.status ?? 0;
    }
    expect(status).toBe(429);
  });

  it("logs out with a POST that deletes the session row and clears the cookie; GET does nothing", async () => {
    const user = await createUser(handle.db);
    const cookie = await cookieFor(handle.db, user.id);
    const get = await settle(
      run(new Request("http://test/auth/logout", { headers: { Cookie: cookie } }), logoutLoader),
    );
    expect((get as Response).status).toBe(405);
    expect(await handle.db.$count(sessions, eq(sessions.userId, user.id))).toBe(1);
    const response = await run<Response>(
      new Request("http://test/ar/auth/logout", { method: "POST", headers: { Cookie: cookie } }),
      logoutAction,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/ar");
    expect(response.headers.getSetCookie().join()).toMatch(/manara_session=;.*Max-Age=0/i);
    expect(response.headers.getSetCookie().join()).toMatch(/manara_toast=/);
    // The browser's cart empties with the session (SPEC §4).
    expect(response.headers.getSetCookie().join()).toMatch(/manara_cart=[^;]*; Max-Age=0/i);
    expect(await handle.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
  });
});

describe("JSON API auth", () => {
  it("signs up, reads /me, logs out and the token stops working", async () => {
    const signup = await run<Response>(
      json("http://test/api/auth/signup", {
        userName: "Api User",
        email: "api@example.com",
        password: "long-enough-1",
      }),
      apiSignup,
    );
    expect(signup.status).toBe(201);
    const { user, token } = await signup.json();
    expect(user).toEqual({
      id: expect.any(String),
      name: "Api User",
      nameAr: null,
      email: "api@example.com",
      role: "user",
      walletBalance: 0,
      createdAt: expect.any(String),
    });
    const headers = { Authorization: `Bearer ${token}` };
    const me = await run<Response>(new Request("http://test/api/auth/me", { headers }), apiMe);
    expect(me.status).toBe(200);
    expect(me.headers.get("Cache-Control")).toBe("private, max-age=300");
    const body = await me.json();
    expect(body.user).toMatchObject({
      id: user.id,
      name: "Api User",
      role: "user",
      walletBalance: 0,
      favorites: [],
    });
    expect(JSON.stringify(body)).not.toMatch(/scrypt|passwordHash/);

    const logout = await run<Response>(
      new Request("http://test/api/auth/logout", { method: "POST", headers }),
      apiLogout,
    );
    expect(logout.status).toBe(204);
    const after = await settle(run(new Request("http://test/api/auth/me", { headers }), apiMe));
    expect((after as Response).status).toBe(401);
    expect(await (after as Response).json()).toEqual({
      error: { code: "unauthorized", message: expect.stringMatching(/Bearer/) },
    });
  });

  it("logs in with JSON, refuses bad credentials with 401 and bad input with 422", async () => {
    const user = await createUser(handle.db);
    const ok = await run<Response>(
      json("http://test/api/auth/login", { email: user.email, password: TEST_PASSWORD }),
      apiLogin,
    );
    expect(ok.status).toBe(200);
    expect((await ok.json()).token).toMatch(/^[\w-]{40,}$/);
    const bad = await run<Response>(
      json("http://test/api/auth/login", { email: user.email, password: "nope" }),
      apiLogin,
    );
    expect(bad.status).toBe(401);
    const invalid = await run<Response>(
      json("http://test/api/auth/login", { email: 5 }, { "Accept-Language": "ar" }),
      apiLogin,
    );
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).error.fields).toMatchObject({ password: "يُرجى إدخال كلمة المرور." });
  });

  it("answers 429 with Retry-After once the failure limit is reached", async () => {
    const user = await createUser(handle.db);
    let last: Response | undefined;
    for (let attempt = 0; attempt < 11; attempt++) {
      last = await run<Response>(
        json("http://test/api/auth/login", { email: user.email, password: "nope" }),
        apiLogin,
      );
    }
    if (!last) throw new Error("no response");
    expect(last.status).toBe(429);
    expect(last.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await last.json()).error.code).toBe("rate_limited");
  });

  it("accepts only Bearer tokens on the API, never the session cookie", async () => {
    const user = await createUser(handle.db);
    const cookie = await cookieFor(handle.db, user.id);
    const response = await settle(
      run(new Request("http://test/api/auth/me", { headers: { Cookie: cookie } }), apiMe),
    );
    expect((response as Response).status).toBe(401);
  });
});

describe("session expiry", () => {
  it("ends a session after the idle window and after the absolute lifetime, deleting the row", async () => {
    const user = await createUser(handle.db);
    const idleToken = (await cookieFor(handle.db, user.id)).split("=")[1] ?? "";
    expect(idleToken).not.toBe("");
    const [idleRow] = await handle.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    await handle.db
      .update(sessions)
      .set({ lastSeenAt: eightDaysAgo })
      .where(eq(sessions.id, idleRow?.id ?? ""));
    const rows = await handle.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);

    const { createSession } = await import("../../app/auth/session.server");
    const fresh = await createSession(handle.db, user.id, "api");
    expect((await findSessionUser(handle.db, fresh))?.id).toBe(user.id);
    const later = new Date(Date.now() + 91 * 24 * 3600 * 1000);
    expect(await findSessionUser(handle.db, fresh, later)).toBeNull();
    expect(await handle.db.$count(sessions, eq(sessions.userId, user.id))).toBe(1);
  });

  it("refuses idle browser sessions", async () => {
    const user = await createUser(handle.db);
    const { createSession } = await import("../../app/auth/session.server");
    const token = await createSession(handle.db, user.id, "browser");
    const inEightDays = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    expect(await findSessionUser(handle.db, token, inEightDays)).toBeNull();
    expect(await findSessionUser(handle.db, token)).toBeNull();
  });
});
