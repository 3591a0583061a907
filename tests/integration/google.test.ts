// Google sign-in without the internet: a local server plays Google (signing keys and the token endpoint),
// and the real routes run through the i18n middleware on a fresh database.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { toPublicUser } from "../../app/auth/accounts.server";
import { findSessionUser, sessionCookie } from "../../app/auth/session.server";
import { publicOrigin } from "../../app/config.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { sessions, users } from "../../app/db/schema";
import { captureLogs } from "../../app/lib/logger.server";
import { toasts } from "../../app/lib/toast.server";
import { action as apiGoogle, loader as apiGoogleGet } from "../../app/routes/api/auth-google";
import { loader as googleStart } from "../../app/routes/auth-google";
import { loader as googleCallback } from "../../app/routes/auth-google-callback";
import { runRoute } from "./route-context";
import { createTestDatabase } from "./test-database";

const CLIENT_ID = "manara-test.apps.googleusercontent.com";
const CLIENT_SECRET = "fake-google-client-secret";
const ENV_KEYS = [
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "GOOGLE_JWKS_URL",
  "GOOGLE_AUTH_URL",
  "GOOGLE_TOKEN_URL",
  "SESSION_SECRET",
  "NODE_ENV",
] as const;

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
type Claims = Record<string, unknown> & { sub: string };
type TokenRequest = { form: URLSearchParams; authorization: string | null };

let handle: DatabaseHandle;
let server: Server;
let googleUrl: string;
let googleKey: KeyPair;
let strangerKey: KeyPair;
const savedEnv: Partial<Record<(typeof ENV_KEYS)[number], string>> = {};
/** What the fake token endpoint puts in the ID token for each authorization code. */
const claimsForCode = new Map<string, Claims>();
const tokenRequests: TokenRequest[] = [];

async function idToken(
  claims: Claims,
  options: { key?: KeyPair; kid?: string; audience?: string; issuer?: string; expiresAt?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = options.expiresAt ?? now + 3600;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: options.kid ?? "google-test-key" })
    .setIssuer(options.issuer ?? "https://accounts.google.com")
    .setAudience(options.audience ?? CLIENT_ID)
    .setIssuedAt(Math.min(now, expiresAt - 3600))
    .setExpirationTime(expiresAt)
    .sign((options.key ?? googleKey).privateKey);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

/** Google's two endpoints we call: the key set and the code-for-tokens exchange. */
async function fakeGoogle(request: IncomingMessage, response: ServerResponse) {
  const path = new URL(request.url ?? "/", googleUrl).pathname;
  if (request.method === "GET" && path === "/certs") {
    const jwk = await exportJWK(googleKey.publicKey);
    return sendJson(response, 200, { keys: [{ ...jwk, kid: "google-test-key", alg: "RS256", use: "sig" }] });
  }
  if (request.method === "POST" && path === "/token") {
    const form = new URLSearchParams(await readBody(request));
    const authorization = request.headers.authorization ?? null;
    tokenRequests.push({ form, authorization });
    const expectedAuthorization = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
    if (authorization !== expectedAuthorization) return sendJson(response, 401, { error: "invalid_client" });
    const claims = claimsForCode.get(form.get("code") ?? "");
    if (form.get("grant_type") !== "authorization_code" || !form.get("code_verifier") || !claims) {
      return sendJson(response, 400, { error: "invalid_grant" });
    }
    return sendJson(response, 200, {
      access_token: `ya29.fake-access-token-${"x".repeat(40)}`,
      id_token: await idToken(claims),
      token_type: "Bearer",
      expires_in: 3600,
    });
  }
  sendJson(response, 404, { error: "not_found" });
}

beforeAll(async () => {
  for (const key of ENV_KEYS) savedEnv[key] = process.env[key];
  googleKey = await generateKeyPair("RS256");
  strangerKey = await generateKeyPair("RS256");
  server = createServer((request, response) => {
    fakeGoogle(request, response).catch(() => sendJson(response, 500, { error: "server_error" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  googleUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
  await new Promise((resolve) => server?.close(resolve));
});

beforeEach(async () => {
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    GOOGLE_JWKS_URL: `${googleUrl}/certs`,
    GOOGLE_AUTH_URL: `${googleUrl}/authorize`,
    GOOGLE_TOKEN_URL: `${googleUrl}/token`,
    SESSION_SECRET: "google-test-session-secret",
    NODE_ENV: "test",
  });
  claimsForCode.clear();
  tokenRequests.length = 0;
  await handle.db.delete(sessions);
  await handle.db.delete(users);
});

afterEach(() => {
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
});

const noor: Claims = {
  sub: "google-sub-noor",
  email: "noor@example.com",
  email_verified: true,
  name: "Noor",
};

function postToken(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request("http://test/api/auth/google", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json", "User-Agent": "google-test", ...headers },
  });
  return runRoute(handle.db, request, apiGoogle as never) as Promise<Response>;
}

async function expectError(response: Response, status: number, code: string, message?: string) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body.error.code).toBe(code);
  if (message !== undefined) expect(body.error.message).toBe(message);
  return body;
}

describe("POST /api/auth/google: the SPEC token checks", () => {
  const jwt = (length: number) => `eyJ${"a".repeat(length - 3)}`;
  const accessToken = `ya29.${"a".repeat(60)}`;

  it.each([
    ["no token at all", {}, "Invalid token format - expected string, got undefined"],
    ["a number", { token: 42 }, "Invalid token format - expected string, got number"],
    ["null", { token: null }, "Invalid token format - expected string, got null"],
    ["an array", { token: [jwt(60)] }, "Invalid token format - expected string, got array"],
    [
      "a wrapper without a known field",
      { token: { jwt: jwt(60) } },
      "Invalid token format - expected string, got undefined",
    ],
    [
      "a doubly wrapped token",
      { token: { token: { token: jwt(60) } } },
      "Invalid token format - expected string, got object",
    ],
    [
      "credential holding a boolean",
      { token: { credential: true } },
      "Invalid token format - expected string, got boolean",
    ],
    ["a 49-character string", { token: jwt(49) }, "Invalid token - too short"],
    ["token.token too short", { token: { token: "eyJshort" } }, "Invalid token - too short"],
    ["token.credential too short", { token: { credential: "eyJshort" } }, "Invalid token - too short"],
    ["token.idToken too short", { token: { idToken: "eyJshort" } }, "Invalid token - too short"],
    [
      "an access token",
      { token: accessToken },
      "Received Access Token instead of ID Token. Check Google Cloud Console configuration.",
    ],
    [
      "an access token in token.credential",
      { token: { credential: accessToken } },
      "Received Access Token instead of ID Token. Check Google Cloud Console configuration.",
    ],
    ["something else", { token: "x".repeat(60) }, "Invalid token format - must be a JWT"],
    [
      "something else in token.idToken",
      { token: { idToken: "x".repeat(60) } },
      "Invalid token format - must be a JWT",
    ],
  ])("refuses %s with the exact SPEC message", async (_label, body, message) => {
    await expectError(await postToken(body), 400, "bad_request", message);
    expect(await handle.db.$count(users)).toBe(0);
  });

  it("keeps the SPEC message in English for Arabic clients", async () => {
    await expectError(
      await postToken({ token: accessToken }, { "Accept-Language": "ar" }),
      400,
      "bad_request",
      "Received Access Token instead of ID Token. Check Google Cloud Console configuration.",
    );
  });

  it("lets a 50-character JWT-looking string past the shape check (then the signature fails)", async () => {
    await expectError(await postToken({ token: jwt(50) }), 401, "unauthorized");
  });

  it("answers 400 with the usual message for a body that is not JSON", async () => {
    await expectError(await postToken("{oops"), 400, "bad_request", "The request body must be valid JSON.");
    await expectError(
      await postToken("{oops", { "Accept-Language": "ar" }),
      400,
      "bad_request",
      "يجب أن يكون جسم الطلب بصيغة JSON صحيحة.",
    );
  });

  it("answers 405 with Allow: POST to GET", async () => {
    const response = (await runRoute(
      handle.db,
      new Request("http://test/api/auth/google"),
      apiGoogleGet as never,
    )) as Response;
    await expectError(response, 405, "method_not_allowed");
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("POST /api/auth/google: signing in", () => {
  it("creates a user and returns it with an API session token, never a password hash", async () => {
    const response = await postToken({ token: await idToken(noor) });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    expect(text).not.toMatch(/password/i);
    const body = JSON.parse(text);
    expect(Object.keys(body).sort()).toEqual(["token", "user"]);
    const [row] = await handle.db.select().from(users);
    expect(row).toMatchObject({ email: "noor@example.com", name: "Noor", role: "user", googleSub: noor.sub });
    expect(row?.passwordHash).toBeNull();
    expect(body.user).toEqual(toPublicUser(row as NonNullable<typeof row>));
    expect(body.user.walletBalance).toBe(0);

    const sessionUser = await findSessionUser(handle.db, body.token);
    expect(sessionUser?.id).toBe(row?.id);
    const [session] = await handle.db.select().from(sessions);
    expect(session).toMatchObject({ kind: "api", userAgent: "google-test" });
  });

  it.each(["token", "credential", "idToken"])("accepts the ID token wrapped in token.%s", async (field) => {
    const response = await postToken({ token: { [field]: await idToken(noor) } });
    expect(response.status).toBe(200);
    expect((await response.json()).user.email).toBe("noor@example.com");
  });

  it("signs the same Google subject into the same user, even after an email change", async () => {
    const first = await (await postToken({ token: await idToken(noor) })).json();
    const second = await (
      await postToken({ token: await idToken({ ...noor, email: "noor@new.example" }) })
    ).json();
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.email).toBe("noor@example.com");
    expect(second.token).not.toBe(first.token);
    expect(await handle.db.$count(users)).toBe(1);
  });

  it("settles concurrent first sign-ins of one person on one account", async () => {
    const token = await idToken(noor);
    const created = await Promise.all(Array.from({ length: 5 }, () => postToken({ token })));
    const createdIds = await Promise.all(created.map(async (response) => (await response.json()).user?.id));
    expect(created.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(createdIds).size).toBe(1);

    await handle.db
      .insert(users)
      .values({ name: "Layla", email: "layla@example.com", passwordHash: "scrypt$kept" });
    const layla = await idToken({
      sub: "google-sub-layla",
      email: "layla@example.com",
      email_verified: true,
    });
    const linked = await Promise.all(Array.from({ length: 5 }, () => postToken({ token: layla })));
    expect(linked.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await handle.db.$count(users)).toBe(2);
  });

  it("names a user without a name claim after the email's local part", async () => {
    const { name: _name, ...nameless } = noor;
    const body = await (await postToken({ token: await idToken(nameless) })).json();
    expect(body.user.name).toBe("noor");
  });

  it("accepts the issuer without https://", async () => {
    const response = await postToken({ token: await idToken(noor, { issuer: "accounts.google.com" }) });
    expect(response.status).toBe(200);
  });

  it("links a verified email to the existing password account, case-insensitively", async () => {
    const [existing] = await handle.db
      .insert(users)
      .values({ name: "Layla", email: "Layla@Example.com", passwordHash: "scrypt$kept" })
      .returning();
    const response = await postToken({
      token: await idToken({ sub: "google-sub-layla", email: "LAYLA@example.COM", email_verified: true }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).user.id).toBe(existing?.id);
    const [row] = await handle.db.select().from(users);
    expect(row).toMatchObject({ googleSub: "google-sub-layla", passwordHash: "scrypt$kept", name: "Layla" });
    expect(await handle.db.$count(users)).toBe(1);
  });

  it('accepts email_verified sent as the string "true"', async () => {
    const response = await postToken({ token: await idToken({ ...noor, email_verified: "true" }) });
    expect(response.status).toBe(200);
  });

  it("refuses an unverified email that matches an account, without linking it", async () => {
    await handle.db
      .insert(users)
      .values({ name: "Layla", email: "layla@example.com", passwordHash: "scrypt$kept" });
    const token = await idToken({
      sub: "google-sub-mallory",
      email: "layla@example.com",
      email_verified: false,
    });
    await expectError(
      await postToken({ token }),
      403,
      "forbidden",
      "Your Google email address is not verified.",
    );
    const rows = await handle.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.googleSub).toBeNull();
    expect(await handle.db.$count(sessions)).toBe(0);
  });

  it("refuses an unverified email without an account too, creating nothing", async () => {
    const token = await idToken({ ...noor, email_verified: false });
    await expectError(
      await postToken({ token }, { "Accept-Language": "ar" }),
      403,
      "forbidden",
      "بريدك الإلكتروني في Google غير موثّق.",
    );
    const missing = await idToken({ sub: "google-sub-x", email: "x@example.com" });
    await expectError(await postToken({ token: missing }), 403, "forbidden");
    expect(await handle.db.$count(users)).toBe(0);
  });

  it("still signs in an already linked subject whose email is now unverified", async () => {
    const first = await (await postToken({ token: await idToken(noor) })).json();
    const again = await postToken({ token: await idToken({ ...noor, email_verified: false }) });
    expect(again.status).toBe(200);
    expect((await again.json()).user.id).toBe(first.user.id);
  });

  it("answers 409 when the email's account is linked to a different Google account", async () => {
    await postToken({ token: await idToken(noor) });
    const impostor = await idToken({ ...noor, sub: "google-sub-other" });
    await expectError(await postToken({ token: impostor }), 409, "email_taken");
    expect(await handle.db.$count(users)).toBe(1);
  });

  it.each([
    ["the wrong audience", () => idToken(noor, { audience: "someone-else.apps.googleusercontent.com" })],
    ["the wrong issuer", () => idToken(noor, { issuer: "https://accounts.example.com" })],
    ["an expired token", () => idToken(noor, { expiresAt: Math.floor(Date.now() / 1000) - 3600 })],
    ["another key with an unknown key id", () => idToken(noor, { key: strangerKey, kid: "stranger-key" })],
    ["another key posing as Google's key id", () => idToken(noor, { key: strangerKey })],
  ])("answers 401 to %s", async (_label, makeToken) => {
    const response = await postToken({ token: await makeToken() });
    await expectError(response, 401, "unauthorized", "Google sign-in did not complete. Please try again.");
    expect(response.headers.get("WWW-Authenticate")).toContain("Bearer");
    expect(await handle.db.$count(users)).toBe(0);
    expect(await handle.db.$count(sessions)).toBe(0);
  });

  it("answers 401 to a token without an email", async () => {
    const { email: _email, ...emailless } = noor;
    await expectError(await postToken({ token: await idToken(emailless) }), 401, "unauthorized");
  });

  it("answers 401 and tells the operator, without the token, when Google's keys cannot be loaded", async () => {
    process.env.GOOGLE_JWKS_URL = `${googleUrl}/no-such-certs`;
    const logs = captureLogs();
    try {
      await expectError(await postToken({ token: await idToken(noor) }), 401, "unauthorized");
      expect(logs.lines.map((line) => [line.level, line.msg])).toEqual([
        ["error", "Google sign-in: could not load Google's signing keys"],
      ]);
    } finally {
      logs.restore();
    }
  });

  it("answers 404 when GOOGLE_CLIENT_ID is unset", async () => {
    const token = await idToken(noor);
    delete process.env.GOOGLE_CLIENT_ID;
    await expectError(await postToken({ token }), 404, "not_found");
    expect(await handle.db.$count(users)).toBe(0);
  });

  it("works with only GOOGLE_CLIENT_ID set: verifying an ID token needs no client secret", async () => {
    delete process.env.GOOGLE_CLIENT_SECRET;
    expect((await postToken({ token: await idToken(noor) })).status).toBe(200);
  });
});

/** The `name=value` pairs a browser would send back after these responses. */
function cookiesFrom(...responses: Response[]): string {
  return responses
    .flatMap((response) => response.headers.getSetCookie())
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => pair !== "" && !pair.endsWith("="))
    .join("; ");
}

function setCookieNamed(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}

async function toastOf(response: Response) {
  const cookie = setCookieNamed(response, "manara_toast")?.split(";")[0] ?? "";
  const { toast } = await toasts().getToast(new Request("http://test/", { headers: { Cookie: cookie } }));
  return toast;
}

async function startFlow(query: string) {
  const response = (await runRoute(
    handle.db,
    new Request(`http://test/auth/google${query}`),
    googleStart as never,
  )) as Response;
  // A 404 has no Location; an unmistakable placeholder keeps the parse from throwing.
  const location = new URL(response.headers.get("Location") ?? "http://no-location.invalid/");
  return { response, location, state: location.searchParams.get("state") ?? "" };
}

function callback(query: string, cookie: string): Promise<Response> {
  const request = new Request(`http://test/auth/google/callback${query}`, {
    headers: { Cookie: cookie, "User-Agent": "google-test-browser" },
  });
  return runRoute(handle.db, request, googleCallback as never) as Promise<Response>;
}

describe("the Google redirect flow", () => {
  let warnings: ReturnType<typeof captureLogs>;
  beforeEach(() => {
    warnings = captureLogs();
  });
  afterEach(() => {
    warnings.restore();
    // Failures are logged for operators, by reason only: never a token, a code or a verifier.
    for (const line of warnings.lines) {
      expect(line.level).toBe("warn");
      expect(String(line.msg)).toMatch(/^Google sign-in did not complete \(/);
      expect(JSON.stringify(line)).not.toMatch(/eyJ|ya29|abc/);
    }
  });

  it("sends the visitor to Google with PKCE and state, then signs them in where they started", async () => {
    const start = await startFlow("?redirectTo=%2Far%2Fcourses%3Fpage%3D2&lang=ar");
    expect(start.response.status).toBe(302);
    expect(`${start.location.origin}${start.location.pathname}`).toBe(`${googleUrl}/authorize`);
    const params = start.location.searchParams;
    expect(params.get("client_id")).toBe(CLIENT_ID);
    // The public origin's callback (the one registered with Google), not the request's (http://test).
    expect(params.get("redirect_uri")).toBe(`${publicOrigin()}/auth/google/callback`);
    expect(params.get("response_type")).toBe("code");
    expect(params.get("scope")).toBe("openid email profile");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(start.state).not.toBe("");
    expect(setCookieNamed(start.response, "manara_google_return")).toMatch(/HttpOnly/i);
    expect(start.response.headers.getSetCookie().some((cookie) => cookie.startsWith("manara_oauth:"))).toBe(
      true,
    );

    claimsForCode.set("abc", noor);
    const response = await callback(`?code=abc&state=${start.state}`, cookiesFrom(start.response));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/ar/courses?page=2");

    // The code went to the token endpoint with the verifier matching the challenge, and our credentials.
    expect(tokenRequests).toHaveLength(1);
    const form = tokenRequests[0]?.form;
    expect(form?.get("code")).toBe("abc");
    expect(form?.get("redirect_uri")).toBe(`${publicOrigin()}/auth/google/callback`);
    const verifier = form?.get("code_verifier") ?? "";
    expect(createHash("sha256").update(verifier).digest("base64url")).toBe(params.get("code_challenge"));

    // A browser session for the new Google user, a welcome in Arabic, and the flow's cookies cleared.
    const sessionSetCookie = setCookieNamed(response, "manara_session");
    expect(sessionSetCookie).toBeDefined();
    const token = await sessionCookie().parse(sessionSetCookie ?? "");
    const user = await findSessionUser(handle.db, token);
    expect(user).toMatchObject({ email: "noor@example.com", googleSub: noor.sub, passwordHash: null });
    const [session] = await handle.db.select().from(sessions);
    expect(session).toMatchObject({ kind: "browser", userAgent: "google-test-browser" });
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "أهلًا بعودتك يا Noor!" });
    expect(setCookieNamed(response, "manara_google_return")).toMatch(/Max-Age=0/i);
    expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith("manara_oauth:"))).toEqual([
      expect.stringMatching(/Max-Age=0/),
    ]);
  });

  it("refuses a tampered state: back to the login page with an error, no token exchange, no session", async () => {
    const start = await startFlow("?redirectTo=%2Fcourses");
    claimsForCode.set("abc", noor);
    const response = await callback("?code=abc&state=tampered", cookiesFrom(start.response));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fcourses");
    expect(setCookieNamed(response, "manara_session")).toBeUndefined();
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      message: "Google sign-in did not complete. Please try again.",
    });
    expect(tokenRequests).toHaveLength(0);
    expect(await handle.db.$count(users)).toBe(0);
  });

  it("refuses a callback without the state cookie, or without any state", async () => {
    const start = await startFlow("?lang=ar");
    claimsForCode.set("abc", noor);
    const withoutCookie = await callback(`?code=abc&state=${start.state}`, "");
    expect(withoutCookie.headers.get("Location")).toBe("/auth/login");
    const withoutState = await callback("?code=abc", cookiesFrom(start.response));
    expect(withoutState.headers.get("Location")).toBe("/ar/auth/login");
    expect(withoutState.headers.get("Location")).not.toContain("127.0.0.1");
    expect(tokenRequests).toHaveLength(0);
    expect(await handle.db.$count(sessions)).toBe(0);
  });

  it("tells a visitor whose Google email is unverified, and creates nothing", async () => {
    const start = await startFlow("?lang=ar");
    claimsForCode.set("abc", { ...noor, email_verified: false });
    const response = await callback(`?code=abc&state=${start.state}`, cookiesFrom(start.response));
    expect(response.headers.get("Location")).toBe("/ar/auth/login");
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      message: "بريدك الإلكتروني في Google غير موثّق.",
    });
    expect(await handle.db.$count(users)).toBe(0);
  });

  it("handles a visitor who cancelled at Google", async () => {
    const start = await startFlow("");
    const response = await callback(`?error=access_denied&state=${start.state}`, cookiesFrom(start.response));
    expect(response.headers.get("Location")).toBe("/auth/login");
    expect(setCookieNamed(response, "manara_session")).toBeUndefined();
  });

  it("returns a learner to My learning in the chosen language when redirectTo is missing or unsafe", async () => {
    claimsForCode.set("abc", noor);
    // A learner's home is My learning (issue 50); a safe redirectTo still wins.
    for (const [query, home] of [
      ["?lang=ar", "/ar/my-enrollments"],
      ["?redirectTo=%2F%2Fevil.example", "/my-enrollments"],
      ["?redirectTo=https%3A%2F%2Fevil.example%2F&lang=ar", "/ar/my-enrollments"],
      ["?redirectTo=%2Far%2Ffaq", "/ar/faq"],
    ] as const) {
      const start = await startFlow(query);
      const response = await callback(`?code=abc&state=${start.state}`, cookiesFrom(start.response));
      expect(response.headers.get("Location")).toBe(home);
    }
  });

  it("is not found unless both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set", async () => {
    delete process.env.GOOGLE_CLIENT_SECRET;
    expect((await startFlow("")).response.status).toBe(404);
    expect((await callback("?code=abc&state=x", "")).status).toBe(404);
  });
});
