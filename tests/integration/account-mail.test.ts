// Issue 14's mail and account rules: the "forgot password" request answers the same for every address and
// mails a single-use, short-lived link stored hashed; a reset ends every session; the welcome mail; the
// SMTP path against a local SMTP server; email change, confirmed by a link mailed to the new address (issue
// 31, item 6); account deletion that keeps the ledger whole; reset links that end with any change of the
// account's email or password (issue 31, item 3).

import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deleteAccount } from "../../app/account/deletion.server";
import {
  isResetTokenValid,
  requestPasswordReset,
  resetPassword,
} from "../../app/account/password-reset.server";
import { resetTokenId } from "../../app/account/reset-token";
import { authenticateWithPassword } from "../../app/auth/accounts.server";
import { verifyPassword } from "../../app/auth/password.server";
import { purchaseCourses } from "../../app/commerce/enrollment.server";
import { publicOrigin } from "../../app/config.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import {
  certificates,
  courseReviews,
  emailChanges,
  passwordResetTokens,
  rateLimits,
  sessions,
  users,
  walletLedger,
} from "../../app/db/schema";
import { i18nFor } from "../../app/i18n/context.server";
import { drainJobs } from "../../app/jobs/worker.server";
import { createSmtpMailer, listOutbox, type Mailer } from "../../app/mail/mailer.server";
import { action as accountAction, loader as accountLoader } from "../../app/routes/account";
import { action as confirmAction, loader as confirmLoader } from "../../app/routes/account-confirm-email";
import { action as emailApi, loader as emailApiLoader } from "../../app/routes/api/auth-email";
import { action as emailConfirmApi } from "../../app/routes/api/auth-email-confirm";
import { action as forgotApi } from "../../app/routes/api/auth-forgot-password";
import { action as passwordApi } from "../../app/routes/api/auth-password";
import { action as resetApi } from "../../app/routes/api/auth-reset-password";
import { action as signupApi } from "../../app/routes/api/auth-signup";
import { action as forgotAction } from "../../app/routes/auth-forgot-password";
import { action as resetAction, loader as resetLoader } from "../../app/routes/auth-reset-password";
import { action as signupAction } from "../../app/routes/auth-signup";
import { creditWallet } from "../../app/wallet/wallet.server";
import { bearerFor, cookieFor, cookiesFrom, createUser, TEST_PASSWORD } from "./auth-helpers";
import { formRequest, fromAddress, runRoute, settle } from "./route-context";
import { createCourseFor, tempOutboxMailer } from "./studio-factories";
import { createTestDatabase } from "./test-database";

const PUBLIC = publicOrigin();
let handle: DatabaseHandle;
let outbox: ReturnType<typeof tempOutboxMailer>;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());
beforeEach(async () => {
  outbox = tempOutboxMailer();
  // Each test starts with fresh rate-limit windows.
  await handle.db.delete(rateLimits);
});

async function messages() {
  return (await listOutbox(outbox, { limit: 100, offset: 0 })).items;
}

/** A reset link mailed to `email` by a new request: the mail is written after the answer, so wait for it. */
async function newLinkFor(email: string) {
  const mailsTo = async () => (await messages()).filter((message) => message.to === email);
  const before = (await mailsTo()).length;
  await forgot(email);
  for (let waited = 0; waited < 10_000; waited += 50) {
    const sent = await mailsTo();
    if (sent.length > before) return tokenFrom(sent[0]?.text ?? "");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no reset mail to ${email}`);
}

function tokenFrom(text: string): string {
  const match = text.match(/reset-password\?token=([A-Za-z0-9_-]{43})/);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

function forgotForm(email: string, path = "/auth/forgot-password", address = "198.51.100.7") {
  return fromAddress(formRequest(`http://test${path}`, { email }), address);
}

async function forgot(email: string, path?: string, address?: string) {
  const answer = await settle(
    runRoute(handle.db, forgotForm(email, path, address), forgotAction as never, {}, { mail: outbox }),
  );
  // The mail leaves after the answer; give the outbox's file write a moment.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return answer;
}

function unwrap(answer: unknown): { status: number; body: unknown } {
  const value = answer as { type?: string; data?: unknown; init?: { status?: number } };
  if (value && value.type === "DataWithResponseInit")
    return { status: value.init?.status ?? 200, body: value.data };
  return { status: 200, body: answer };
}

describe("forgot password", () => {
  it("answers an unknown address exactly as a member's, and mails only the member", async () => {
    const member = await createUser(handle.db);
    const known = unwrap(await forgot(member.email));
    const unknown = unwrap(await forgot("nobody-here@example.com"));
    expect(known).toEqual({ status: 200, body: { sent: true, email: member.email } });
    expect(unknown).toEqual({ status: 200, body: { sent: true, email: "nobody-here@example.com" } });
    const sent = await messages();
    expect(sent.map((message) => message.to)).toEqual([member.email]);
    expect(sent[0]?.subject).toBe("Reset your Manara password");
    // On the configured origin (PUBLIC_URL or its default), not the request's (http://test).
    expect(sent[0]?.text).toContain(`${PUBLIC}/auth/reset-password?token=`);
  });

  it("stores only the token's digest, valid for thirty minutes", async () => {
    const member = await createUser(handle.db);
    await forgot(member.email);
    const [message] = await messages();
    const token = tokenFrom(message?.text ?? "");
    const rows = await handle.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(resetTokenId(token));
    expect(rows[0]?.id).not.toContain(token);
    const minutes = ((rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0)) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThan(30.1);
  });

  it("writes the Arabic mail from an Arabic page, link included", async () => {
    const member = await createUser(handle.db);
    await forgot(member.email, "/ar/auth/forgot-password");
    const [message] = await messages();
    expect(message?.locale).toBe("ar");
    expect(message?.subject).toBe("إعادة تعيين كلمة مرورك في منارة");
    expect(message?.html).toContain('dir="rtl"');
    expect(message?.text).toContain(`${PUBLIC}/ar/auth/reset-password?token=`);
  });

  it("mails one account at most three times an hour, with the same answer after that", async () => {
    const member = await createUser(handle.db);
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++) answers.push(unwrap(await forgot(member.email)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expect(await messages()).toHaveLength(3);
  });

  it("slows one address down after twenty requests, whatever the emails (429, nothing about accounts)", async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 21; attempt++)
      statuses.push(unwrap(await forgot(`someone-${attempt}@example.com`, undefined, "203.0.113.9")).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("refuses a malformed email with a field error and sends nothing", async () => {
    const answer = unwrap(await forgot("not-an-email"));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ fieldErrors: { email: expect.any(String) } });
    expect(await messages()).toHaveLength(0);
  });
});

describe("reset password page", () => {
  const linkFor = newLinkFor;

  it("moves the token into a cookie, then sets the password once and ends every session", async () => {
    const member = await createUser(handle.db);
    await cookieFor(handle.db, member.id);
    await cookieFor(handle.db, member.id);
    const token = await linkFor(member.email);

    const landing = (await settle(
      runRoute(
        handle.db,
        new Request(`http://test/auth/reset-password?token=${token}`),
        resetLoader as never,
      ),
    )) as Response;
    expect(landing.status).toBe(302);
    expect(landing.headers.get("Location")).toBe("/auth/reset-password");
    expect(landing.headers.get("Referrer-Policy")).toBe("same-origin");
    const cookie = cookiesFrom(landing);
    expect(cookie).toMatch(/manara_reset=/);

    const page = unwrap(
      await runRoute(
        handle.db,
        new Request("http://test/auth/reset-password", { headers: { Cookie: cookie } }),
        resetLoader as never,
      ),
    );
    expect(page.body).toMatchObject({ valid: true });

    const post = formRequest("http://test/auth/reset-password", { password: "a brand new secret" });
    post.headers.set("Cookie", cookie);
    const done = (await settle(runRoute(handle.db, post, resetAction as never))) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/auth/login");
    const [row] = await handle.db.select().from(users).where(eq(users.id, member.id));
    expect(await verifyPassword("a brand new secret", row?.passwordHash ?? "")).toBe(true);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);

    // The same link again: spent.
    const again = formRequest("http://test/auth/reset-password", { password: "another new secret" });
    again.headers.set("Cookie", cookie);
    const refused = unwrap(await settle(runRoute(handle.db, again, resetAction as never)));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ expired: true });
  });

  it("refuses a link that has run out", async () => {
    const member = await createUser(handle.db);
    const token = await linkFor(member.email);
    await handle.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, member.id));
    const outcome = await resetPassword(handle.db, { token, password: "a brand new secret" });
    expect(outcome).toEqual({ ok: false, reason: "invalid_token" });
  });

  it("keeps a short password out with a field error, and the link stays good", async () => {
    const member = await createUser(handle.db);
    const token = await linkFor(member.email);
    const landing = (await settle(
      runRoute(
        handle.db,
        new Request(`http://test/ar/auth/reset-password?token=${token}`),
        resetLoader as never,
      ),
    )) as Response;
    const post = formRequest("http://test/ar/auth/reset-password", { password: "short" });
    post.headers.set("Cookie", cookiesFrom(landing));
    const answer = unwrap(await settle(runRoute(handle.db, post, resetAction as never)));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ expired: false, fieldErrors: { password: expect.any(String) } });
    expect(
      await handle.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id)),
    ).toHaveLength(1);
  });

  it("says a garbage or missing token is not valid, without a database error", async () => {
    for (const url of ["http://test/auth/reset-password?token=%00zz", "http://test/auth/reset-password"]) {
      const first = await settle(runRoute(handle.db, new Request(url), resetLoader as never));
      const cookie = first instanceof Response ? cookiesFrom(first) : "";
      const page = unwrap(
        await runRoute(
          handle.db,
          new Request("http://test/auth/reset-password", { headers: { Cookie: cookie } }),
          resetLoader as never,
        ),
      );
      expect(page.body).toMatchObject({ valid: false });
    }
  });

  it("lets only one of two simultaneous submissions of a link through", async () => {
    const member = await createUser(handle.db);
    const token = await linkFor(member.email);
    const outcomes = await Promise.all([
      resetPassword(handle.db, { token, password: "first new secret" }),
      resetPassword(handle.db, { token, password: "second new secret" }),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
  });
});

describe("the JSON API", () => {
  function json(url: string, body: unknown) {
    const request = new Request(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return fromAddress(request, "192.0.2.44");
  }

  it("POST /api/auth/forgot-password answers 202 alike; /api/auth/reset-password spends the token once", async () => {
    const member = await createUser(handle.db);
    await bearerSessions(member.id);
    const known = (await runRoute(
      handle.db,
      json("http://test/api/auth/forgot-password", { email: member.email.toUpperCase() }),
      forgotApi as never,
      {},
      { mail: outbox },
    )) as Response;
    const unknown = (await runRoute(
      handle.db,
      json("http://test/api/auth/forgot-password", { email: "ghost@example.com" }),
      forgotApi as never,
      {},
      { mail: outbox },
    )) as Response;
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const token = tokenFrom((await messages())[0]?.text ?? "");

    const reset = (await runRoute(
      handle.db,
      json("http://test/api/auth/reset-password", { token, password: "api chosen secret" }),
      resetApi as never,
    )) as Response;
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ revokedSessions: 2 });
    expect(await authenticateWithPassword(handle.db, member.email, "api chosen secret")).not.toBeNull();

    const reused = (await runRoute(
      handle.db,
      json("http://test/api/auth/reset-password", { token, password: "api chosen secret 2" }),
      resetApi as never,
    )) as Response;
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({
      error: { code: "validation_failed", fields: { token: expect.any(String) } },
    });
  });

  it("answers 422 for bad bodies and never 5xx", async () => {
    for (const [url, body] of [
      ["http://test/api/auth/forgot-password", { email: 42 }],
      ["http://test/api/auth/forgot-password", { email: "a\u0000@example.com" }],
      ["http://test/api/auth/reset-password", { token: "x".repeat(5000), password: "long enough" }],
      ["http://test/api/auth/reset-password", { token: "short", password: "long enough" }],
    ] as const) {
      const handler = url.endsWith("forgot-password") ? forgotApi : resetApi;
      const response = (await runRoute(
        handle.db,
        json(url, body),
        handler as never,
        {},
        { mail: outbox },
      )) as Response;
      expect(response.status).toBe(422);
    }
  });

  async function bearerSessions(userId: string) {
    await cookieFor(handle.db, userId);
    await cookieFor(handle.db, userId);
  }
});

describe("welcome mail", () => {
  it("greets a new account from the sign-up page and from the API, in the page's language", async () => {
    const email = `welcome-${crypto.randomUUID()}@example.com`;
    const page = formRequest("http://test/ar/auth/signup", {
      userName: "Salma",
      email,
      password: TEST_PASSWORD,
    });
    await settle(runRoute(handle.db, page, signupAction as never, {}, { mail: outbox }));
    const apiEmail = `welcome-${crypto.randomUUID()}@example.com`;
    const api = new Request("http://test/api/auth/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ userName: "Kareem", email: apiEmail, password: TEST_PASSWORD }),
    });
    const created = (await runRoute(handle.db, api, signupApi as never, {}, { mail: outbox })) as Response;
    expect(created.status).toBe(201);
    const sent = await messages();
    expect(sent.map((message) => [message.to, message.subject, message.locale]).sort()).toEqual(
      [
        [email, "أهلًا بك في منارة يا Salma", "ar"],
        [apiEmail, "Welcome to Manara, Kareem", "en"],
      ].sort(),
    );
    expect(sent.find((message) => message.to === apiEmail)?.text).toContain(`${PUBLIC}/courses`);
  });

  it("still signs the person up when the mail cannot go out", async () => {
    const broken: Mailer = { kind: "smtp", send: () => Promise.reject(new Error("mail server down")) };
    const api = new Request("http://test/api/auth/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        userName: "Nadia",
        email: `n-${crypto.randomUUID()}@example.com`,
        password: TEST_PASSWORD,
      }),
    });
    const created = (await runRoute(handle.db, api, signupApi as never, {}, { mail: broken })) as Response;
    expect(created.status).toBe(201);
  });
});

describe("SMTP", () => {
  let server: SMTPServer;
  let port: number;
  const received: { from: string; to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends the reset mail through the SMTP server named by SMTP_URL", async () => {
    const member = await createUser(handle.db);
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, "Manara <no-reply@manara.test>");
    const outcome = await requestPasswordReset(handle.db, {
      email: member.email,
      address: "192.0.2.1",
      locale: "en",
      t: i18nFor("en").getFixedT("en", "mail"),
    });
    expect(outcome.ok).toBe(true);
    expect(await drainJobs({ db: handle.db, mailer }, { queues: ["mail"] })).toBe(1);
    const message = received.find((item) => item.to.includes(member.email));
    expect(message?.from).toBe("no-reply@manara.test");
    expect(message?.raw).toContain("Subject: Reset your Manara password");
    expect(message?.raw).toContain("Content-Language: en");
    expect(message?.raw.replace(/=\r\n/g, "").replace("token=3D", "token=")).toMatch(
      new RegExp(`${PUBLIC}/auth/reset-password\\?token=[A-Za-z0-9_-]{43}`),
    );
  });
});

describe("email change", () => {
  /** A form post to /account (or another page) by the holder of `cookie`, from a client address of its own. */
  function post(
    cookie: string,
    fields: Record<string, string>,
    { path = "/account", handler = accountAction as unknown } = {},
  ) {
    const request = fromAddress(formRequest(`http://test${path}`, fields), "198.51.100.60");
    if (cookie) request.headers.set("Cookie", cookie);
    return settle(runRoute(handle.db, request, handler as never, {}, { mail: outbox }));
  }

  function ask(cookie: string, newEmail: string, path = "/account") {
    return post(cookie, { intent: "email", newEmail, currentPassword: TEST_PASSWORD }, { path });
  }

  async function confirm(cookie: string, token: string, path = "/account/confirm-email") {
    return post(cookie, { token }, { path: `${path}?token=${token}`, handler: confirmAction });
  }

  async function confirmPage(cookie: string, token: string) {
    const request = new Request(`http://test/account/confirm-email?token=${token}`);
    if (cookie) request.headers.set("Cookie", cookie);
    return settle(runRoute(handle.db, request, confirmLoader as never));
  }

  async function emailOf(userId: string) {
    const [row] = await handle.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return row?.email;
  }

  /** The token of the newest confirmation link mailed to `to`. */
  async function confirmationTo(to: string): Promise<string> {
    const mail = (await messages()).find((message) => message.to === to);
    const match = mail?.text.match(/confirm-email\?token=([A-Za-z0-9_-]{43})/);
    if (!match?.[1]) throw new Error(`no confirmation link to ${to}`);
    return match[1];
  }

  const newAddress = () => `moved-${crypto.randomUUID()}@example.com`;

  it("asks for the password, refuses a taken address, and changes nothing until the link is used", async () => {
    const member = await createUser(handle.db);
    const other = await createUser(handle.db);
    const cookie = await cookieFor(handle.db, member.id);

    const wrong = unwrap(
      await post(cookie, { intent: "email", newEmail: newAddress(), currentPassword: "not it" }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ fieldErrors: { currentPassword: expect.any(String) } });
    const taken = unwrap(await ask(cookie, other.email.toUpperCase()));
    expect(taken.status).toBe(409);
    expect(await messages()).toHaveLength(0);

    const newEmail = newAddress();
    const done = (await ask(cookie, ` ${newEmail.toUpperCase()} `)) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/account");
    // Not yet: the account still signs in with its old address.
    expect(await emailOf(member.id)).toBe(member.email);

    const sent = await messages();
    expect(sent.map((message) => message.to).sort()).toEqual([member.email, newEmail].sort());
    const toNew = sent.find((message) => message.to === newEmail);
    expect(toNew?.subject).toBe("Confirm your new Manara email address");
    // On the configured origin (PUBLIC_URL or its default), not the request's (http://test).
    expect(toNew?.text).toContain(`${PUBLIC}/account/confirm-email?token=`);
    const toOld = sent.find((message) => message.to === member.email);
    expect(toOld?.subject).toBe("A change of your Manara email address was requested");
    expect(toOld?.text).toContain(newEmail);
    // The old address hears of it, but never gets the link that makes the change.
    expect(`${toOld?.text}${toOld?.html}`).not.toContain("confirm-email");
    expect(toOld?.text).toContain(`${PUBLIC}/auth/forgot-password`);

    // Stored as the token's digest, for 24 hours; the account page shows it waiting.
    const token = await confirmationTo(newEmail);
    const [row] = await handle.db.select().from(emailChanges).where(eq(emailChanges.userId, member.id));
    expect(row?.id).toBe(resetTokenId(token));
    expect(row?.newEmail).toBe(newEmail);
    const hours = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 3_600_000;
    expect(hours).toBeGreaterThan(23.99);
    expect(hours).toBeLessThan(24.01);
    const page = unwrap(
      await runRoute(
        handle.db,
        new Request("http://test/account", { headers: { Cookie: cookie } }),
        accountLoader as never,
      ),
    );
    expect(page.body).toMatchObject({
      profile: { email: member.email },
      pendingEmail: { email: newEmail, until: expect.any(String) },
    });
  });

  it("changes the email when the asking account confirms by POST; reset links end, other sessions stay", async () => {
    const member = await createUser(handle.db);
    const cookie = await cookieFor(handle.db, member.id);
    await cookieFor(handle.db, member.id);
    const resetLink = await newLinkFor(member.email);
    const newEmail = newAddress();
    await ask(cookie, newEmail);
    const token = await confirmationTo(newEmail);
    // Asking alone ends nothing.
    expect(await isResetTokenValid(handle.db, resetLink)).toBe(true);

    // Opening the link (what a mail scanner does) only shows the button.
    const landing = (await confirmPage(cookie, token)) as { type?: string; init?: { headers?: HeadersInit } };
    expect(unwrap(landing).body).toMatchObject({ newEmail, token, problem: null });
    expect(new Headers(landing.init?.headers).get("Cache-Control")).toBe("no-store");
    expect(await emailOf(member.id)).toBe(member.email);

    const done = (await confirm(cookie, token)) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/account");
    expect(await emailOf(member.id)).toBe(newEmail);
    expect(await authenticateWithPassword(handle.db, newEmail, TEST_PASSWORD)).not.toBeNull();
    expect(await authenticateWithPassword(handle.db, member.email, TEST_PASSWORD)).toBeNull();
    // The reset link mailed to the old address no longer works; both sessions are still signed in.
    expect(await isResetTokenValid(handle.db, resetLink)).toBe(false);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(2);
    // The old address is told it is done.
    const notice = (await messages()).find(
      (message) => message.to === member.email && message.subject === "Your Manara email address was changed",
    );
    expect(notice?.text).toContain(newEmail);
    expect(await handle.db.select().from(emailChanges).where(eq(emailChanges.userId, member.id))).toEqual([]);

    // The link works once.
    const again = unwrap(await confirm(cookie, token));
    expect(again).toEqual({ status: 400, body: { problem: "invalid_token" } });
    expect(unwrap(await confirmPage(cookie, token)).body).toMatchObject({
      token: null,
      problem: "invalid_token",
    });
  });

  it("refuses a link that ran out, saying so, and changes nothing", async () => {
    const member = await createUser(handle.db);
    const cookie = await cookieFor(handle.db, member.id);
    const newEmail = newAddress();
    await ask(cookie, newEmail);
    const token = await confirmationTo(newEmail);
    await handle.db
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailChanges.userId, member.id));
    expect(unwrap(await confirmPage(cookie, token)).body).toMatchObject({ token: null, problem: "expired" });
    expect(unwrap(await confirm(cookie, token))).toEqual({ status: 410, body: { problem: "expired" } });
    expect(await emailOf(member.id)).toBe(member.email);
  });

  it("refuses an address someone took between the request and the confirmation", async () => {
    const member = await createUser(handle.db);
    const cookie = await cookieFor(handle.db, member.id);
    const newEmail = newAddress();
    await ask(cookie, newEmail);
    const token = await confirmationTo(newEmail);
    // Another account signs up with it, spelled in capitals: the rule is sign-up's, case-insensitive.
    await createUser(handle.db, "user", newEmail.toUpperCase());
    expect(unwrap(await confirm(cookie, token))).toEqual({ status: 409, body: { problem: "email_taken" } });
    expect(await emailOf(member.id)).toBe(member.email);
  });

  it("a newer request replaces the older, whose link stops working; a pending change can be cancelled", async () => {
    const member = await createUser(handle.db);
    const cookie = await cookieFor(handle.db, member.id);
    const [first, second] = [newAddress(), newAddress()];
    await ask(cookie, first);
    const firstToken = await confirmationTo(first);
    await ask(cookie, second);
    const secondToken = await confirmationTo(second);
    expect(unwrap(await confirm(cookie, firstToken)).status).toBe(400);
    expect(
      await handle.db.select().from(emailChanges).where(eq(emailChanges.userId, member.id)),
    ).toMatchObject([{ newEmail: second }]);

    const cancelled = (await post(cookie, { intent: "cancelEmail" })) as Response;
    expect(cancelled.status).toBe(302);
    const page = unwrap(
      await runRoute(
        handle.db,
        new Request("http://test/account", { headers: { Cookie: cookie } }),
        accountLoader as never,
      ),
    );
    expect(page.body).toMatchObject({ pendingEmail: null });
    expect(unwrap(await confirm(cookie, secondToken)).status).toBe(400);
    expect(await emailOf(member.id)).toBe(member.email);
  });

  it("is the asking account's alone: another account cannot use the link, a guest signs in first", async () => {
    const member = await createUser(handle.db);
    const finder = await createUser(handle.db);
    const newEmail = newAddress();
    await ask(await cookieFor(handle.db, member.id), newEmail);
    const token = await confirmationTo(newEmail);

    const stranger = await cookieFor(handle.db, finder.id);
    expect(unwrap(await confirmPage(stranger, token)).body).toMatchObject({ problem: "invalid_token" });
    expect(unwrap(await confirm(stranger, token)).status).toBe(400);
    expect(await emailOf(member.id)).toBe(member.email);
    expect(await emailOf(finder.id)).toBe(finder.email);

    const guest = (await confirmPage("", token)) as Response;
    expect(guest.status).toBe(302);
    const login = new URL(guest.headers.get("Location") ?? "", "http://test");
    expect(login.pathname).toBe("/auth/login");
    expect(login.searchParams.get("redirectTo")).toBe(`/account/confirm-email?token=${token}`);
    // The stranger's attempt did not spend it: its owner still can.
    expect(((await confirm(await cookieFor(handle.db, member.id), token)) as Response).status).toBe(302);
    expect(await emailOf(member.id)).toBe(newEmail);
  });

  it("writes both mails in Arabic from the Arabic page, the link to the Arabic confirmation page", async () => {
    const member = await createUser(handle.db);
    const newEmail = newAddress();
    const done = (await ask(await cookieFor(handle.db, member.id), newEmail, "/ar/account")) as Response;
    expect(done.headers.get("Location")).toBe("/ar/account");
    const sent = await messages();
    expect(sent.map((message) => message.locale)).toEqual(["ar", "ar"]);
    const toNew = sent.find((message) => message.to === newEmail);
    expect(toNew?.subject).toBe("أكّد بريدك الإلكتروني الجديد في منارة");
    expect(toNew?.html).toContain('dir="rtl"');
    expect(toNew?.text).toContain(`${PUBLIC}/ar/account/confirm-email?token=`);
    expect(sent.find((message) => message.to === member.email)?.subject).toBe(
      "طُلب تغيير بريدك الإلكتروني في منارة",
    );
  });

  it("takes five requests an hour per account, wrong passwords included; then 429 and no mail", async () => {
    const member = await createUser(handle.db);
    const cookie = await cookieFor(handle.db, member.id);
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++)
      statuses.push(
        unwrap(await post(cookie, { intent: "email", newEmail: newAddress(), currentPassword: "guess" }))
          .status,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const limited = unwrap(await ask(cookie, newAddress()));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ fieldErrors: { newEmail: expect.stringContaining("Too many") } });
    expect(await messages()).toHaveLength(0);
  });

  it("ends with a password reset: the old mailbox's holder is not moved out afterwards", async () => {
    const member = await createUser(handle.db);
    const newEmail = newAddress();
    await ask(await cookieFor(handle.db, member.id), newEmail);
    const token = await confirmationTo(newEmail);
    const link = await newLinkFor(member.email);
    expect(await resetPassword(handle.db, { token: link, password: "taken back secret" })).toMatchObject({
      ok: true,
    });
    expect(unwrap(await confirm(await cookieFor(handle.db, member.id), token)).status).toBe(400);
    expect(await emailOf(member.id)).toBe(member.email);
  });
});

describe("email change through the JSON API", () => {
  async function api(method: string, path: string, bearer: string, body?: unknown) {
    const request = fromAddress(
      new Request(`http://test${path}`, {
        method,
        headers: {
          Authorization: bearer,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      "192.0.2.60",
    );
    const handler = path.endsWith("/confirm")
      ? emailConfirmApi
      : method === "GET"
        ? emailApiLoader
        : emailApi;
    return (await runRoute(handle.db, request, handler as never, {}, { mail: outbox })) as Response;
  }

  async function tokenTo(to: string) {
    const mail = (await messages()).find((message) => message.to === to);
    return mail?.text.match(/confirm-email\?token=([A-Za-z0-9_-]{43})/)?.[1] ?? "";
  }

  it("POST /api/auth/email mails the link; GET shows it pending; confirm changes the email once; DELETE cancels", async () => {
    const member = await createUser(handle.db);
    const bearer = await bearerFor(handle.db, member.id);
    const newEmail = `api-moved-${crypto.randomUUID()}@example.com`;
    const asked = await api("POST", "/api/auth/email", bearer, { newEmail, currentPassword: TEST_PASSWORD });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ pending: { email: newEmail, expiresAt: expect.any(String) } });
    expect((await messages()).map((message) => message.to).sort()).toEqual([member.email, newEmail].sort());
    const shown = await api("GET", "/api/auth/email", bearer);
    expect(await shown.json()).toMatchObject({ email: member.email, pending: { email: newEmail } });

    const token = await tokenTo(newEmail);
    const done = await api("POST", "/api/auth/email/confirm", bearer, { token });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ user: { id: member.id, email: newEmail } });
    const reused = await api("POST", "/api/auth/email/confirm", bearer, { token });
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({
      error: { code: "token_invalid", fields: { token: expect.any(String) } },
    });

    await api("POST", "/api/auth/email", bearer, {
      newEmail: `api-later-${crypto.randomUUID()}@example.com`,
      currentPassword: TEST_PASSWORD,
    });
    const cancelled = await api("DELETE", "/api/auth/email", bearer);
    expect(cancelled.status).toBe(204);
    expect(await (await api("GET", "/api/auth/email", bearer)).json()).toEqual({
      email: newEmail,
      pending: null,
    });
  });

  it("answers 410 token_expired, 409 for an address taken meanwhile, 422 for bad bodies, never 5xx", async () => {
    const member = await createUser(handle.db);
    const bearer = await bearerFor(handle.db, member.id);
    const newEmail = `api-late-${crypto.randomUUID()}@example.com`;
    await api("POST", "/api/auth/email", bearer, { newEmail, currentPassword: TEST_PASSWORD });
    const token = await tokenTo(newEmail);
    await handle.db
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailChanges.userId, member.id));
    const expired = await api("POST", "/api/auth/email/confirm", bearer, { token });
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ error: { code: "token_expired" } });

    const takenEmail = `api-taken-${crypto.randomUUID()}@example.com`;
    await api("POST", "/api/auth/email", bearer, { newEmail: takenEmail, currentPassword: TEST_PASSWORD });
    const takenToken = await tokenTo(takenEmail);
    await createUser(handle.db, "user", takenEmail);
    const taken = await api("POST", "/api/auth/email/confirm", bearer, { token: takenToken });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: { code: "email_taken" } });
    expect(await emailOf(member.id)).toBe(member.email);

    const wrong = await api("POST", "/api/auth/email", bearer, {
      newEmail: "x@example.com",
      currentPassword: "nope",
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({
      error: { code: "validation_failed", fields: { currentPassword: expect.any(String) } },
    });
    for (const [path, body] of [
      ["/api/auth/email", { newEmail: 42, currentPassword: TEST_PASSWORD }],
      ["/api/auth/email", { newEmail: "a\u0000@example.com", currentPassword: TEST_PASSWORD }],
      ["/api/auth/email/confirm", { token: "x".repeat(5000) }],
      ["/api/auth/email/confirm", { token: "short" }],
      ["/api/auth/email/confirm", {}],
    ] as const) {
      const response = await api("POST", path, bearer, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
    }
    expect(await emailOf(member.id)).toBe(member.email);
  });

  async function emailOf(userId: string) {
    const [row] = await handle.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return row?.email;
  }
});

describe("account deletion", () => {
  async function memberWithHistory() {
    const trainer = await createUser(handle.db, "trainer");
    const course = await createCourseFor(handle.db, trainer, { published: true, price: 1500, lessons: 1 });
    const member = await createUser(handle.db);
    await creditWallet(handle.db, { userId: member.id, actorId: null, amount: 5000, reason: "Test credit" });
    const bought = await purchaseCourses(handle.db, member.id, [course.id]);
    expect(bought.ok).toBe(true);
    await handle.db
      .insert(courseReviews)
      .values({ courseId: course.id, userId: member.id, rating: 4, comment: "Loved it" });
    await handle.db.insert(certificates).values({
      code: `TEST-${crypto.randomUUID().slice(0, 4).toUpperCase()}-XY`,
      userId: member.id,
      courseId: course.id,
      holderName: member.name,
      courseTitle: course.title,
      trainerName: trainer.name,
    });
    return { member, course, trainer };
  }

  it("anonymises the person, keeps the ledger summing to the balance, and frees the email", async () => {
    const { member } = await memberWithHistory();
    await cookieFor(handle.db, member.id);
    const ledgerBefore = await handle.db
      .select()
      .from(walletLedger)
      .where(eq(walletLedger.userId, member.id));
    const outcome = await deleteAccount(handle.db, member.id, { confirmation: TEST_PASSWORD });
    expect(outcome).toEqual({ ok: true, walletBalance: 3500 });

    const [row] = await handle.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({
      name: "Deleted account",
      nameAr: "حساب محذوف",
      passwordHash: null,
      googleSub: null,
    });
    expect(row?.email).toBe(`deleted-${member.id}@deleted.invalid`);
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);

    const ledgerAfter = await handle.db.select().from(walletLedger).where(eq(walletLedger.userId, member.id));
    expect(ledgerAfter).toEqual(ledgerBefore);
    const sum = ledgerAfter.reduce((total, entry) => total + entry.amount, 0);
    expect(sum).toBe(row?.walletBalance);

    const [review] = await handle.db.select().from(courseReviews).where(eq(courseReviews.userId, member.id));
    expect(review).toMatchObject({ rating: 4, comment: null });
    const [certificate] = await handle.db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, member.id));
    expect(certificate).toMatchObject({ holderName: "Deleted account", pdfKey: null });
    expect(certificate?.revokedAt).toBeInstanceOf(Date);

    expect(await authenticateWithPassword(handle.db, member.email, TEST_PASSWORD)).toBeNull();
    const again = await createUser(handle.db, "user", member.email);
    expect(again.id).not.toBe(member.id);
  });

  it("refuses a wrong password, an admin and a trainer who owns courses, changing nothing", async () => {
    const { member, trainer } = await memberWithHistory();
    const admin = await createUser(handle.db, "admin");
    expect(await deleteAccount(handle.db, member.id, { confirmation: "wrong" })).toEqual({
      ok: false,
      reason: "wrong_confirmation",
    });
    expect(await deleteAccount(handle.db, admin.id, { confirmation: TEST_PASSWORD })).toEqual({
      ok: false,
      reason: "admin",
    });
    expect(await deleteAccount(handle.db, trainer.id, { confirmation: TEST_PASSWORD })).toEqual({
      ok: false,
      reason: "owns_courses",
    });
    const rows = await handle.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          sql`${users.id} in (${member.id}, ${admin.id}, ${trainer.id})`,
          sql`${users.deletedAt} is not null`,
        ),
      );
    expect(rows).toHaveLength(0);
  });

  it("signs the browser out from /account and leads home", async () => {
    const member = await createUser(handle.db);
    const cookie = await cookieFor(handle.db, member.id);
    const request = formRequest("http://test/ar/account", { intent: "delete", confirmation: TEST_PASSWORD });
    request.headers.set("Cookie", cookie);
    const done = (await settle(runRoute(handle.db, request, accountAction as never))) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/ar");
    expect(done.headers.getSetCookie().some((value) => /manara_session=;/.test(value))).toBe(true);
  });
});

describe("reset links end with a change of email or password", () => {
  const linkFor = newLinkFor;

  /** The link no longer opens the form, and cannot set a password (the account keeps `password`). */
  async function expectRefused(token: string, userId: string, password: string) {
    expect(await isResetTokenValid(handle.db, token)).toBe(false);
    expect(await resetPassword(handle.db, { token, password: "the attacker's pick" })).toEqual({
      ok: false,
      reason: "invalid_token",
    });
    const [row] = await handle.db.select().from(users).where(eq(users.id, userId));
    expect(await verifyPassword(password, row?.passwordHash ?? "")).toBe(true);
    expect(
      await handle.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
    ).toHaveLength(0);
  }

  function accountForm(cookie: string, fields: Record<string, string>) {
    const request = formRequest("http://test/account", fields);
    request.headers.set("Cookie", cookie);
    return settle(runRoute(handle.db, request, accountAction as never, {}, { mail: outbox }));
  }

  /** Asks for `newEmail` on /account and opens the mailed link: the token, and the confirmation's answer. */
  async function changeEmailFully(userId: string, newEmail: string) {
    const cookie = await cookieFor(handle.db, userId);
    await accountForm(cookie, { intent: "email", newEmail, currentPassword: TEST_PASSWORD });
    const mail = (await messages()).find((message) => message.to === newEmail);
    const token = mail?.text.match(/confirm-email\?token=([A-Za-z0-9_-]{43})/)?.[1] ?? "";
    const request = formRequest(`http://test/account/confirm-email?token=${token}`, { token });
    request.headers.set("Cookie", cookie);
    return settle(runRoute(handle.db, request, confirmAction as never, {}, { mail: outbox }));
  }

  it("a new email (asked on /account, confirmed by its link) ends the links mailed to the old address", async () => {
    const member = await createUser(handle.db);
    const stranger = await createUser(handle.db);
    const [old, untouched] = [await linkFor(member.email), await linkFor(stranger.email)];
    const done = (await changeEmailFully(member.id, `moved-${crypto.randomUUID()}@example.com`)) as Response;
    expect(done.status).toBe(302);
    await expectRefused(old, member.id, TEST_PASSWORD);
    // Another account's link is its own business.
    expect(await isResetTokenValid(handle.db, untouched)).toBe(true);
  });

  it("a new password from the /account form ends every link", async () => {
    const member = await createUser(handle.db);
    const first = await linkFor(member.email);
    const second = await linkFor(member.email);
    const done = (await accountForm(await cookieFor(handle.db, member.id), {
      intent: "password",
      currentPassword: TEST_PASSWORD,
      newPassword: "a chosen new secret",
    })) as Response;
    expect(done.status).toBe(302);
    await expectRefused(first, member.id, "a chosen new secret");
    await expectRefused(second, member.id, "a chosen new secret");
  });

  it("a new password through POST /api/auth/password ends every link", async () => {
    const member = await createUser(handle.db);
    const link = await linkFor(member.email);
    const changed = (await runRoute(
      handle.db,
      new Request("http://test/api/auth/password", {
        method: "POST",
        headers: { Authorization: await bearerFor(handle.db, member.id), "Content-Type": "application/json" },
        body: JSON.stringify({ currentPassword: TEST_PASSWORD, newPassword: "an api new secret" }),
      }),
      passwordApi as never,
    )) as Response;
    expect(changed.status).toBe(200);
    await expectRefused(link, member.id, "an api new secret");
  });

  it("a reset with one link ends the others mailed before it", async () => {
    const member = await createUser(handle.db);
    const used = await linkFor(member.email);
    const other = await linkFor(member.email);
    expect(await resetPassword(handle.db, { token: used, password: "reset new secret" })).toMatchObject({
      ok: true,
    });
    await expectRefused(other, member.id, "reset new secret");
  });

  it("deleting the account ends its links", async () => {
    const member = await createUser(handle.db);
    const link = await linkFor(member.email);
    expect(await deleteAccount(handle.db, member.id, { confirmation: TEST_PASSWORD })).toMatchObject({
      ok: true,
    });
    expect(await isResetTokenValid(handle.db, link)).toBe(false);
    expect(await resetPassword(handle.db, { token: link, password: "the attacker's pick" })).toEqual({
      ok: false,
      reason: "invalid_token",
    });
    expect(
      await handle.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id)),
    ).toHaveLength(0);
  });

  it("a link asked for while the email changes is either ended by the change or never issued", async () => {
    // On PostgreSQL the two transactions really overlap (CI's TEST_DATABASE_URL); on PGlite they take turns.
    for (let round = 0; round < 5; round++) {
      const member = await createUser(handle.db);
      const newEmail = `race-${crypto.randomUUID()}@example.com`;
      const cookie = await cookieFor(handle.db, member.id);
      await accountForm(cookie, { intent: "email", newEmail, currentPassword: TEST_PASSWORD });
      const mail = (await messages()).find((message) => message.to === newEmail);
      const token = mail?.text.match(/confirm-email\?token=([A-Za-z0-9_-]{43})/)?.[1] ?? "";
      const confirmation = formRequest(`http://test/account/confirm-email?token=${token}`, { token });
      confirmation.headers.set("Cookie", cookie);
      await Promise.all([
        forgot(member.email, undefined, `198.51.100.${round + 20}`),
        settle(runRoute(handle.db, confirmation, confirmAction as never, {}, { mail: outbox })),
      ]);
      const [row] = await handle.db.select({ email: users.email }).from(users).where(eq(users.id, member.id));
      expect(row?.email).toBe(newEmail);
      expect(
        await handle.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id)),
      ).toHaveLength(0);
    }
  });
});
