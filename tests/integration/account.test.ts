// The profile's names: the /account form and PATCH /api/auth/me change them, within the sign-up bounds,
// and the Arabic name replaces the English one on Arabic pages (course cards, the header).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../app/auth/password.server";
import { createSession, findSessionUser, sessionCookie, sessionIdOf } from "../../app/auth/session.server";
import { listPublishedCourses } from "../../app/courses/catalog.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { courses, type User, users } from "../../app/db/schema";
import { action as accountAction, loader as accountLoader } from "../../app/routes/account";
import { loader as apiMe, action as apiMeAction } from "../../app/routes/api/auth-me";
import { action as passwordApi } from "../../app/routes/api/auth-password";
import { bearerFor, cookieFor, createUser, TEST_PASSWORD } from "./auth-helpers";
import { formRequest, runRoute, settle } from "./route-context";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let person: User;

beforeAll(async () => {
  handle = await createTestDatabase();
  person = await createUser(handle.db, "trainer");
});
afterAll(() => handle?.close());

async function namesOf(id: string) {
  const [row] = await handle.db
    .select({ name: users.name, nameAr: users.nameAr })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

function signedForm(cookie: string, fields: Record<string, string>, path = "/account") {
  const request = formRequest(`http://test${path}`, fields);
  request.headers.set("Cookie", cookie);
  return request;
}

describe("/account", () => {
  it("shows the signed-in person's names", async () => {
    const cookie = await cookieFor(handle.db, person.id);
    const page = await runRoute(
      handle.db,
      new Request("http://test/ar/account", { headers: { Cookie: cookie } }),
      accountLoader as never,
    );
    expect(page).toMatchObject({ profile: { name: person.name, nameAr: "", email: person.email } });
  });

  it("saves both names, then clears the Arabic one when it is emptied", async () => {
    const cookie = await cookieFor(handle.db, person.id);
    const saved = await settle(
      runRoute(
        handle.db,
        signedForm(cookie, { name: "  Omar Khalil ", nameAr: " عمر خليل " }),
        accountAction as never,
      ),
    );
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).status).toBe(302);
    expect((saved as Response).headers.get("Location")).toBe("/account");
    expect(await namesOf(person.id)).toEqual({ name: "Omar Khalil", nameAr: "عمر خليل" });

    await settle(
      runRoute(
        handle.db,
        signedForm(cookie, { name: "Omar Khalil", nameAr: "" }, "/ar/account"),
        accountAction as never,
      ),
    );
    expect(await namesOf(person.id)).toEqual({ name: "Omar Khalil", nameAr: null });
  });

  it.each([
    [{ name: "O", nameAr: "" }, "name"],
    [{ name: "x".repeat(81), nameAr: "" }, "name"],
    [{ name: "Omar", nameAr: "ع".repeat(81) }, "nameAr"],
    [{ name: "Om\u0000ar", nameAr: "" }, "name"],
  ])("refuses %j with a field error and changes nothing", async (fields, field) => {
    const cookie = await cookieFor(handle.db, person.id);
    const before = await namesOf(person.id);
    const answer = await settle(runRoute(handle.db, signedForm(cookie, fields), accountAction as never));
    const { init, data } = answer as unknown as {
      init: { status: number };
      data: { fieldErrors: Record<string, string> };
    };
    expect(init.status).toBe(400);
    expect(Object.keys(data.fieldErrors)).toEqual([field]);
    expect(await namesOf(person.id)).toEqual(before);
  });
});

describe("PATCH /api/auth/me", () => {
  async function patch(body: unknown, authorization?: string) {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (authorization) headers.Authorization = authorization;
    const request = new Request("http://test/api/auth/me", {
      method: "PATCH",
      headers,
      body: JSON.stringify(body),
    });
    return (await settle(runRoute(handle.db, request, apiMeAction as never))) as Response;
  }

  it("changes only the names sent, and GET shows them", async () => {
    const token = await bearerFor(handle.db, person.id);
    const answer = await patch({ nameAr: "عمر" }, token);
    expect(answer.status).toBe(200);
    expect((await answer.json()).user).toMatchObject({ name: "Omar Khalil", nameAr: "عمر" });
    const me = (await runRoute(
      handle.db,
      new Request("http://test/api/auth/me", { headers: { Authorization: token } }),
      apiMe as never,
    )) as Response;
    expect((await me.json()).user).toMatchObject({ name: "Omar Khalil", nameAr: "عمر" });
    expect((await (await patch({ nameAr: null }, token)).json()).user.nameAr).toBeNull();
  });

  it.each([
    [{ name: "" }],
    [{ nameAr: "\ud800" }],
    [{ name: 7 }],
    [{ nameAr: 7 }],
    [{ role: "admin" }],
    [[]],
    ["x"],
  ])("answers 422 for %j and changes nothing", async (body) => {
    const token = await bearerFor(handle.db, person.id);
    const before = await namesOf(person.id);
    const answer = await patch(body, token);
    expect(answer.status).toBe(422);
    expect((await answer.json()).error.code).toBe("validation_failed");
    expect(await namesOf(person.id)).toEqual(before);
  });

  it("needs a Bearer token (a cookie is not enough)", async () => {
    const cookie = await cookieFor(handle.db, person.id);
    const request = new Request("http://test/api/auth/me", {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ nameAr: "x y" }),
    });
    const answer = (await settle(runRoute(handle.db, request, apiMeAction as never))) as Response;
    expect(answer.status).toBe(401);
  });
});

describe("the Arabic display name on Arabic pages", () => {
  it("names the trainer in Arabic on Arabic course cards and in English on English ones", async () => {
    await handle.db
      .update(users)
      .set({ name: "Omar Khalil", nameAr: "عمر خليل" })
      .where(eq(users.id, person.id));
    await handle.db.insert(courses).values({
      slug: "named",
      title: "Named course",
      description: "About names",
      category: "data-science",
      isPublished: true,
      trainerId: person.id,
    });
    const arabic = await listPublishedCourses(handle.db, "ar", { limit: 10, offset: 0 });
    const english = await listPublishedCourses(handle.db, "en", { limit: 10, offset: 0 });
    expect(arabic.items[0]?.instructorName).toBe("عمر خليل");
    expect(english.items[0]?.instructorName).toBe("Omar Khalil");
  });
});

describe("password and sessions", () => {
  async function signedInTwice(role: "user" | "trainer" = "user") {
    const owner = await createUser(handle.db, role);
    const here = await createSession(
      handle.db,
      owner.id,
      "browser",
      "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    );
    const elsewhere = await createSession(handle.db, owner.id, "browser", null);
    const app = await createSession(handle.db, owner.id, "api");
    const cookie = (await sessionCookie().serialize(here)).split(";")[0] ?? "";
    return { owner, here, elsewhere, app, cookie };
  }

  function post(cookie: string, fields: Record<string, string>) {
    return signedForm(cookie, fields);
  }

  it("lists the sessions with this device first, named by browser and system", async () => {
    const { cookie } = await signedInTwice();
    const page = (await runRoute(
      handle.db,
      new Request("http://test/account", { headers: { Cookie: cookie } }),
      accountLoader as never,
    )) as {
      sessions: { current: boolean; device: string }[];
      hasPassword: boolean;
    };
    expect(page.hasPassword).toBe(true);
    expect(page.sessions).toHaveLength(3);
    expect(page.sessions[0]).toMatchObject({ current: true, device: "Firefox on Linux" });
    expect(page.sessions.map((session) => session.device)).toContain("App or API token");
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const { owner, elsewhere, cookie } = await signedInTwice();
    const answer = (await settle(
      runRoute(
        handle.db,
        post(cookie, { intent: "password", currentPassword: "nope-nope", newPassword: "a-new-password" }),
        accountAction as never,
      ),
    )) as unknown as { init: { status: number }; data: { fieldErrors: Record<string, string> } };
    expect(answer.init.status).toBe(400);
    expect(Object.keys(answer.data.fieldErrors)).toEqual(["currentPassword"]);
    expect(await findSessionUser(handle.db, elsewhere)).not.toBeNull();
    const [row] = await handle.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, owner.id));
    expect(await verifyPassword(TEST_PASSWORD, row?.hash ?? "")).toBe(true);
  });

  it("changes the password and signs every other session out, keeping this one", async () => {
    const { owner, here, elsewhere, app, cookie } = await signedInTwice();
    const answer = (await settle(
      runRoute(
        handle.db,
        post(cookie, { intent: "password", currentPassword: TEST_PASSWORD, newPassword: "a-new-password" }),
        accountAction as never,
      ),
    )) as Response;
    expect(answer.status).toBe(302);
    expect(await findSessionUser(handle.db, here)).not.toBeNull();
    expect(await findSessionUser(handle.db, elsewhere)).toBeNull();
    expect(await findSessionUser(handle.db, app)).toBeNull();
    const [row] = await handle.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, owner.id));
    expect(await verifyPassword("a-new-password", row?.hash ?? "")).toBe(true);
  });

  it("signs one session out, never someone else's, then all the others", async () => {
    const { owner, here, elsewhere, app, cookie } = await signedInTwice();
    const stranger = await signedInTwice();
    const strangerId = sessionIdOf(stranger.elsewhere);
    await settle(
      runRoute(
        handle.db,
        post(cookie, { intent: "revokeSession", sessionId: strangerId }),
        accountAction as never,
      ),
    );
    expect(await findSessionUser(handle.db, stranger.elsewhere)).not.toBeNull();

    await settle(
      runRoute(
        handle.db,
        post(cookie, { intent: "revokeSession", sessionId: sessionIdOf(elsewhere) }),
        accountAction as never,
      ),
    );
    expect(await findSessionUser(handle.db, elsewhere)).toBeNull();
    expect(await findSessionUser(handle.db, app)).not.toBeNull();

    await settle(runRoute(handle.db, post(cookie, { intent: "revokeOthers" }), accountAction as never));
    expect(await findSessionUser(handle.db, app)).toBeNull();
    expect((await findSessionUser(handle.db, here))?.id).toBe(owner.id);
  });

  it("POST /api/auth/password: 422 for a wrong current password, then 200 keeping the calling token", async () => {
    const { here, app } = await signedInTwice();
    const call = (body: unknown) =>
      runRoute(
        handle.db,
        new Request("http://test/api/auth/password", {
          method: "POST",
          headers: { Authorization: `Bearer ${app}`, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        passwordApi as never,
      ) as Promise<Response>;
    const wrong = await call({ currentPassword: "nope-nope", newPassword: "another-password" });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).error.fields).toHaveProperty("currentPassword");
    expect((await call({ currentPassword: TEST_PASSWORD, newPassword: "short" })).status).toBe(422);
    const right = await call({ currentPassword: TEST_PASSWORD, newPassword: "another-password" });
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ revokedSessions: 2 });
    expect(await findSessionUser(handle.db, app)).not.toBeNull();
    expect(await findSessionUser(handle.db, here)).toBeNull();
  });
});
