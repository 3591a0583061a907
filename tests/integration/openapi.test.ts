// The OpenAPI document (issue 13 part 4): it covers every /api route of app/routes.ts, it is well-formed
// OpenAPI 3.1, and the real endpoints answer what it documents (each answer, success or error, parsed with
// the documented strict zod schema through the real request handler on a seeded database).

import type { RouteConfigEntry } from "@react-router/dev/routes";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { newLinkToken, newResetToken } from "../../app/account/reset-token";
import { ENDPOINTS } from "../../app/api-docs/endpoints";
import { errorAnswers, openApiDocument, openApiPaths } from "../../app/api-docs/openapi.server";
import { ApiErrorBody, type EndpointDoc } from "../../app/api-docs/registry";
import {
  blogPosts,
  certificates,
  emailChanges,
  enrollments,
  passwordResetTokens,
  topUpRequests,
  type User,
  users,
} from "../../app/db/schema";
import { captureLogs } from "../../app/lib/logger.server";
import type { TrainerQuiz } from "../../app/quizzes/quizzes.server";
import routes from "../../app/routes";
import { startFakeMoyasar } from "../fakes/moyasar";
import { startFakePaymob } from "../fakes/paymob";
import { everyBlockContent } from "../fixtures/page-blocks";
import { type FuzzApp, startFuzzApp } from "./fuzz/app";
import { createFixtures, type Fixtures, type Role } from "./fuzz/fixtures";
import { documentValidator, responseSchema } from "./openapi-ajv";
import { rightAnswers, sampleQuiz } from "./quiz-fixtures";

function apiRoutes(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.path?.startsWith("api/") && entry.path !== "api/*" ? [entry.path] : []),
    ...apiRoutes(entry.children ?? []),
  ]);
}

describe("coverage", () => {
  const real = apiRoutes(routes as RouteConfigEntry[]);

  it("documents every /api route of app/routes.ts", () => {
    const documented = new Set(ENDPOINTS.map((endpoint) => endpoint.route));
    const missing = real.filter((route) => !documented.has(route));
    expect(missing, "routes without an entry in app/api-docs/endpoints").toEqual([]);
    expect(real.length).toBeGreaterThan(40);
  });

  it("documents no route that does not exist", () => {
    const stale = ENDPOINTS.map((endpoint) => endpoint.route).filter((route) => !real.includes(route));
    expect(stale).toEqual([]);
  });

  it("names every path parameter of each route", () => {
    for (const endpoint of ENDPOINTS) {
      const names = [...endpoint.route.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const declared = Object.keys(endpoint.params?.shape ?? {});
      expect(declared.sort(), `${endpoint.method} ${endpoint.route}`).toEqual(names.sort());
    }
  });

  it("documents each method of a route once", () => {
    const keys = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.route}`);
    expect(keys.length).toBe(new Set(keys).size);
  });
});

type Json = Record<string, unknown>;

describe("the document's shape", () => {
  const document = openApiDocument() as Json & { paths: Record<string, Record<string, Json>> };

  it("is OpenAPI 3.1 with info, paths and the error component", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const components = document.components as Json & { schemas: Json; securitySchemes: Json };
    expect(components.schemas.Error).toBeTruthy();
    expect(components.securitySchemes.bearerAuth).toEqual({ type: "http", scheme: "bearer" });
  });

  it("has valid operations: unique ids, declared path parameters, responses, resolvable $refs", () => {
    const ids = new Set<string>();
    const methods = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);
    for (const [path, operations] of Object.entries(document.paths)) {
      expect(path.startsWith("/api/")).toBe(true);
      for (const [method, op] of Object.entries(operations)) {
        expect(methods.has(method)).toBe(true);
        const id = op.operationId as string;
        expect(ids.has(id), id).toBe(false);
        ids.add(id);
        expect(Array.isArray(op.tags) && op.tags.length === 1).toBe(true);
        const parameters = (op.parameters as Json[] | undefined) ?? [];
        for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])) {
          expect(
            parameters.some((p) => p.name === name && p.in === "path" && p.required === true),
            `${method} ${path} {${name}}`,
          ).toBe(true);
        }
        for (const parameter of parameters) {
          expect(["path", "query"]).toContain(parameter.in);
          expect(typeof parameter.schema).toBe("object");
        }
        const responses = op.responses as Record<string, Json>;
        expect(Object.keys(responses).length).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(responses)) {
          expect(status).toMatch(/^[1-5]\d\d$/);
          expect(typeof response.description).toBe("string");
        }
        expect(Array.isArray(op.security)).toBe(true);
      }
    }
    const text = JSON.stringify(document);
    for (const [, ref = ""] of text.matchAll(/"\$ref":"([^"]+)"/g)) {
      const target = ref
        .replace(/^#\//, "")
        .split("/")
        .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document);
      expect(target, ref).toBeTruthy();
    }
    // Every schema is JSON Schema 2020-12 as zod emits it: no zod internals leaked.
    expect(text).not.toContain("_zod");
  });

  it("turns an optional route segment into two paths", () => {
    expect(openApiPaths("api/cloudinary/delete/:publicId/:resourceType?")).toEqual([
      "/api/cloudinary/delete/{publicId}",
      "/api/cloudinary/delete/{publicId}/{resourceType}",
    ]);
    expect(document.paths["/api/cloudinary/delete/{publicId}"]?.delete).toBeTruthy();
  });

  it("lists the error codes of each endpoint under its error statuses", () => {
    const courses = document.paths["/api/courses/{id}/favorite"]?.post as Json;
    const responses = courses.responses as Record<string, Json>;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(["200", "401", "404", "405", "500"]));
    expect(JSON.stringify(responses["401"])).toContain("unauthorized");
  });
});

// ── Conformance: the real answers ─────────────────────────────────────────────────────────────────────

let app: FuzzApp;
let fixtures: Fixtures;
const checked = new Set<string>();
const servedDocument = openApiDocument() as Json;
const validateByDocument = documentValidator(servedDocument);
/** A public post whose author's account is gone: its `author.id` is null (the column is set null). */
let orphanPostId = 0;

let appLogs: ReturnType<typeof captureLogs> | undefined;
beforeAll(async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  // Quiet, as the console above: the refusals these calls provoke are logged by the app.
  appLogs = captureLogs();
  app = await startFuzzApp();
  fixtures = await createFixtures(app);
  const former = await app.helpers.createUser(app.db, "trainer");
  const [orphan] = await app.db
    .insert(blogPosts)
    .values({
      slug: "openapi-orphan-post",
      title: "A post outliving its author",
      excerpt: "Orphan",
      body: "Orphan",
      bodyHtml: "<p>Orphan</p>",
      authorId: former.id,
      authorName: former.name,
      status: "published",
      publishedAt: new Date(),
    })
    .returning({ id: blogPosts.id });
  orphanPostId = orphan?.id ?? 0;
  await app.db.delete(users).where(eq(users.id, former.id));
}, 120_000);

/** The document's path of an entry's route for this target (an optional segment gives two paths). */
function documentPath(route: string, target: string): string {
  const paths = openApiPaths(route);
  const segments = (target.split("?")[0] ?? "").split("/").length;
  return paths.find((path) => path.split("/").length === segments) ?? paths[0] ?? "";
}

afterAll(async () => {
  vi.restoreAllMocks();
  appLogs?.restore();
  await app?.close();
});

function entry(method: EndpointDoc["method"], route: string): EndpointDoc {
  const found = ENDPOINTS.find((endpoint) => endpoint.method === method && endpoint.route === route);
  if (!found) throw new Error(`no entry for ${method} ${route}`);
  return found;
}

/**
 * Calls an endpoint and checks the answer against its entry: the status is documented, and the JSON body
 * parses with the documented schema (success) or the error shape with one of the documented codes.
 */
async function call(
  method: EndpointDoc["method"],
  route: string,
  target: string,
  { as, body, expectStatus }: { as?: Role | User; body?: unknown; expectStatus: number },
): Promise<Json> {
  const endpoint = entry(method, route);
  const headers: Record<string, string> = {};
  const bearer = as ? await fixtures.bearer(as) : undefined;
  if (bearer) headers.Authorization = bearer;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await app.fetch(target, {
    method: method.toUpperCase(),
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const label = `${method.toUpperCase()} ${target}`;
  const text = await response.text();
  expect(response.status, `${label}: ${text.slice(0, 300)}`).toBe(expectStatus);
  const success = endpoint.responses[response.status];
  const errors = errorAnswers(endpoint);
  expect(
    success || errors.has(response.status),
    `${label}: status ${response.status} undocumented`,
  ).toBeTruthy();
  checked.add(`${method} ${route}`);
  if (response.status === 204) return {};
  const json = JSON.parse(text) as Json;
  // What the document itself says of this answer, read by a JSON Schema validator: a client generated
  // from the document must accept every real answer.
  const documented = responseSchema(servedDocument, documentPath(route, target), method, response.status);
  expect(documented, `${label}: no JSON schema for ${response.status} in the document`).toBeTruthy();
  const byDocument = validateByDocument(documented as object, json);
  expect(byDocument.valid, `${label}: the document refuses the answer: ${byDocument.errors}`).toBe(true);
  if (success) {
    if (!success.schema) throw new Error(`${label}: a JSON answer without a documented schema`);
    const parsed = success.schema.safeParse(json);
    expect(parsed.success, `${label}: ${parsed.error ? z.prettifyError(parsed.error) : ""}`).toBe(true);
  } else {
    const schema = endpoint.errorBodies?.[response.status] ?? ApiErrorBody;
    const parsed = schema.safeParse(json);
    expect(parsed.success, `${label}: ${parsed.error ? z.prettifyError(parsed.error) : ""}`).toBe(true);
    const code = (json.error as { code: string }).code;
    expect([...(errors.get(response.status) ?? [])], `${label}: code ${code}`).toContain(code);
  }
  return json;
}

describe("conformance", () => {
  it("GET endpoints answer their documented success shapes", async () => {
    const { courseIds, postIds, caseStudyIds, lessonId } = fixtures;
    await call("get", "api/openapi.json", "/api/openapi.json", { expectStatus: 200 });
    await call("get", "api/courses", "/api/courses?limit=5", { expectStatus: 200 });
    await call("get", "api/courses/:id", `/api/courses/${courseIds.paid}`, { expectStatus: 200 });
    await call("get", "api/courses/:id", `/api/courses/${courseIds.draft}`, {
      as: "trainer",
      expectStatus: 200,
    });
    await call("get", "api/courses/:id/curriculum", `/api/courses/${courseIds.paid}/curriculum`, {
      expectStatus: 200,
    });
    // Teachers' profiles (issue 50): the public one, then the teacher's own, saved and read back.
    await call("get", "api/instructor/profile", "/api/instructor/profile", {
      as: "trainer",
      expectStatus: 200,
    });
    await call("put", "api/instructor/profile", "/api/instructor/profile", {
      as: "trainer",
      body: { bio: "I teach data.", bioAr: "أدرّس البيانات.", links: ["https://example.com/me"] },
      expectStatus: 200,
    });
    await call("put", "api/instructor/profile", "/api/instructor/profile", {
      as: "trainer",
      body: { photo: { public_id: "manara_not_an_upload" } },
      expectStatus: 404,
    });
    await call("get", "api/instructors/:id", `/api/instructors/${fixtures.people.trainer.id}`, {
      expectStatus: 200,
    });
    await call("get", "api/instructors/:id", `/api/instructors/${fixtures.people.user.id}`, {
      expectStatus: 404,
    });
    await call("get", "api/courses/:id/curriculum", `/api/courses/${courseIds.draft}/curriculum`, {
      expectStatus: 404,
    });
    await call("get", "api/courses/:id/reviews", `/api/courses/${courseIds.paid}/reviews?limit=5`, {
      expectStatus: 200,
    });
    await call("get", "api/courses/favorites/list", "/api/courses/favorites/list", {
      as: "user",
      expectStatus: 200,
    });
    await call("get", "api/course/enrollment", "/api/course/enrollment", { as: "user", expectStatus: 200 });
    await call("get", "api/courses/:courseId/progress", `/api/courses/${courseIds.paid}/progress`, {
      as: "admin",
      expectStatus: 200,
    });
    await call(
      "get",
      "api/courses/:courseId/lecture/:lectureId/play",
      `/api/courses/${courseIds.paid}/lecture/${lessonId}/play`,
      { as: "admin", expectStatus: 200 },
    );
    await call(
      "get",
      "api/courses/:courseId/lessons/:lessonId/downloads",
      `/api/courses/${courseIds.paid}/lessons/${lessonId}/downloads`,
      { as: "admin", expectStatus: 200 },
    );
    await call("get", "api/certificates", "/api/certificates", { as: "user", expectStatus: 200 });
    await call("get", "api/me/learning", "/api/me/learning", { as: "user", expectStatus: 200 });
    // A certificate of the user's (its row as issuing leaves it), for its Open Badges credential.
    const [held] = await app.db
      .insert(certificates)
      .values({
        code: "OPEN-APIC-RT",
        userId: fixtures.people.user.id,
        // Not the paid course: the user asks for its certificate below and must be refused (lessons remain).
        courseId: courseIds.draft,
        holderName: "Open Api",
        courseTitle: "Paid course",
        trainerName: "Trainer",
      })
      .returning({ id: certificates.id });
    const credential = await call(
      "get",
      "api/certificates/:id/credential",
      `/api/certificates/${held?.id}/credential`,
      { as: "user", expectStatus: 200 },
    );
    const verification = await call("post", "api/credentials/verify", "/api/credentials/verify", {
      body: { verifiableCredential: credential },
      expectStatus: 200,
    });
    expect(verification.verified).toBe(true);
    await call("get", "api/account/ledger", "/api/account/ledger", { as: "user", expectStatus: 200 });
    // Bank transfers (issue 46, item 6): the admin enters the account, a learner reads where to send money.
    await call("put", "api/admin/settings/bank-transfer", "/api/admin/settings/bank-transfer", {
      as: "admin",
      body: { bankName: "Al Rajhi Bank", accountHolder: "Manara", iban: "SA03 8000 0000 6080 1016 7519" },
      expectStatus: 200,
    });
    await call("get", "api/admin/settings/bank-transfer", "/api/admin/settings/bank-transfer", {
      as: "admin",
      expectStatus: 200,
    });
    await call("get", "api/wallet/bank-transfer", "/api/wallet/bank-transfer", {
      as: "user",
      expectStatus: 200,
    });
    // Notifications (issue 35): an announcement to the paid course, then its learners' lists.
    await call(
      "post",
      "api/instructor/course/:id/announcements",
      `/api/instructor/course/${fixtures.courseIds.paid}/announcements`,
      { as: "trainer", body: { title: "News", body: "**Hello**", titleAr: "أخبار" }, expectStatus: 201 },
    );
    await call("get", "api/notifications", "/api/notifications?unread=1", { as: "user", expectStatus: 200 });
    await call("post", "api/notifications/read", "/api/notifications/read", {
      as: "user",
      body: { all: true },
      expectStatus: 200,
    });
    await call("get", "api/account/notification-preferences", "/api/account/notification-preferences", {
      as: "user",
      expectStatus: 200,
    });
    await call("put", "api/account/notification-preferences", "/api/account/notification-preferences", {
      as: "user",
      body: { refund: "digest" },
      expectStatus: 200,
    });
    await call("get", "api/auth/me", "/api/auth/me", { as: "user", expectStatus: 200 });
    await call("get", "api/auth/email", "/api/auth/email", { as: "user", expectStatus: 200 });
    await call("get", "api/admin/stats", "/api/admin/stats", { as: "admin", expectStatus: 200 });
    await call("get", "api/auth", "/api/auth?limit=5", { as: "admin", expectStatus: 200 });
    await call("get", "api/admin/top-ups", "/api/admin/top-ups?status=pending", {
      as: "admin",
      expectStatus: 200,
    });
    await call("get", "api/instructor/my-courses", "/api/instructor/my-courses", {
      as: "trainer",
      expectStatus: 200,
    });
    await call("get", "api/blog", "/api/blog", { as: "trainer", expectStatus: 200 });
    await call("get", "api/blog/:id", `/api/blog/${postIds.public}`, { expectStatus: 200 });
    const orphan = await call("get", "api/blog/:id", `/api/blog/${orphanPostId}`, { expectStatus: 200 });
    expect((orphan.post as { author: { id: unknown } }).author.id).toBeNull();
    const blog = await call("get", "api/blog", "/api/blog?limit=50", { expectStatus: 200 });
    expect((blog.items as { id: number }[]).some((post) => post.id === orphanPostId)).toBe(true);
    await call("get", "api/portfolio", "/api/portfolio", { as: "admin", expectStatus: 200 });
    await call("get", "api/portfolio/:id", `/api/portfolio/${caseStudyIds.public}`, { expectStatus: 200 });
    const { quizLessonId } = fixtures;
    await call("get", "api/instructor/lessons/:id/quiz", `/api/instructor/lessons/${quizLessonId}/quiz`, {
      as: "trainer",
      expectStatus: 200,
    });
    await call(
      "get",
      "api/instructor/lessons/:id/quiz-stats",
      `/api/instructor/lessons/${quizLessonId}/quiz-stats`,
      { as: "trainer", expectStatus: 200 },
    );
    await call(
      "get",
      "api/courses/:courseId/lessons/:lessonId/attempts",
      `/api/courses/${courseIds.paid}/lessons/${quizLessonId}/attempts`,
      { as: "admin", expectStatus: 200 },
    );
  }, 60_000);

  it("lesson Q&A answers its documented shapes (issue 35)", async () => {
    const { courseIds, lessonId } = fixtures;
    const lessonPath = `/api/courses/${courseIds.paid}/lessons/${lessonId}/questions`;
    const route = "api/courses/:courseId/lessons/:lessonId/questions";
    const asked = await call("post", route, lessonPath, {
      as: "trainer",
      body: { title: "Conformance question", body: "Is **this** documented?" },
      expectStatus: 201,
    });
    const questionId = (asked.question as { id: number }).id;
    await call("post", route, lessonPath, {
      as: "user",
      body: { title: "Not mine", body: "x" },
      expectStatus: 403,
    });
    await call("post", route, lessonPath, {
      as: "trainer",
      body: { title: "", body: "" },
      expectStatus: 422,
    });
    await call("get", route, `${lessonPath}?limit=5`, { as: "admin", expectStatus: 200 });
    await call("get", route, lessonPath, { as: "user", expectStatus: 403 });
    const replied = await call("post", "api/questions/:id/replies", `/api/questions/${questionId}/replies`, {
      as: "trainer",
      body: { body: "Yes." },
      expectStatus: 201,
    });
    const replyId = (replied.reply as { id: number }).id;
    await call("post", "api/questions/:id/vote", `/api/questions/${questionId}/vote`, {
      as: "trainer",
      expectStatus: 200,
    });
    await call("patch", "api/questions/:id", `/api/questions/${questionId}`, {
      as: "trainer",
      body: { title: "Conformance question, edited", body: "Still?" },
      expectStatus: 200,
    });
    await call("patch", "api/replies/:id", `/api/replies/${replyId}`, {
      as: "trainer",
      body: { body: "Yes, edited." },
      expectStatus: 204,
    });
    await call("post", "api/replies/:id/accept", `/api/replies/${replyId}/accept`, {
      as: "trainer",
      expectStatus: 204,
    });
    await call("get", "api/questions/:id", `/api/questions/${questionId}`, {
      as: "trainer",
      expectStatus: 200,
    });
    await call("get", "api/questions/:id", "/api/questions/2000000000", { as: "trainer", expectStatus: 404 });
    await call("post", "api/replies/:id/hide", `/api/replies/${replyId}/hide`, {
      as: "admin",
      body: { reason: "Conformance" },
      expectStatus: 204,
    });
    await call("post", "api/questions/:id/hide", `/api/questions/${questionId}/hide`, {
      as: "user",
      body: { reason: "No" },
      expectStatus: 403,
    });
    await call("post", "api/questions/:id/hide", `/api/questions/${questionId}/hide`, {
      as: "admin",
      body: { reason: "Conformance" },
      expectStatus: 204,
    });
    await call("delete", "api/replies/:id", `/api/replies/${replyId}`, { as: "trainer", expectStatus: 204 });
    await call("delete", "api/questions/:id", `/api/questions/${questionId}`, {
      as: "trainer",
      expectStatus: 204,
    });
  }, 60_000);

  it("quiz mutations and refusals answer their documented shapes", async () => {
    const { courseIds, quizLessonId, attemptId } = fixtures;
    const saved = await call(
      "put",
      "api/instructor/lessons/:id/quiz",
      `/api/instructor/lessons/${quizLessonId}/quiz`,
      { as: "trainer", body: sampleQuiz({ maxAttempts: 0 }), expectStatus: 200 },
    );
    await call("put", "api/instructor/lessons/:id/quiz", `/api/instructor/lessons/${quizLessonId}/quiz`, {
      as: "trainer",
      body: { ...sampleQuiz(), questions: [{ ...sampleQuiz().questions[0], id: 2_000_000_000 }] },
      expectStatus: 422,
    });
    await call(
      "put",
      "api/instructor/lessons/:id/quiz",
      `/api/instructor/lessons/${fixtures.lessonId}/quiz`,
      {
        as: "trainer",
        body: sampleQuiz(),
        expectStatus: 409,
      },
    );
    const attempts = `/api/courses/${courseIds.paid}/lessons/${quizLessonId}/attempts`;
    const started = await call("post", "api/courses/:courseId/lessons/:lessonId/attempts", attempts, {
      as: "admin",
      expectStatus: 201,
    });
    await call("post", "api/courses/:courseId/lessons/:lessonId/attempts", attempts, {
      as: "user",
      expectStatus: 403,
    });
    await call("post", "api/courses/:courseId/lessons/:lessonId/attempts", attempts, { expectStatus: 401 });
    const practiceId = (started.attempt as { id: string }).id;
    await call("put", "api/attempts/:attemptId/answers", `/api/attempts/${practiceId}/answers`, {
      as: "admin",
      body: { answers: [] },
      expectStatus: 200,
    });
    // A practice is graded whole only (issue 43): naming no question is 422, every question shown is graded.
    await call("post", "api/attempts/:attemptId/submit", `/api/attempts/${practiceId}/submit`, {
      as: "admin",
      body: { answers: [] },
      expectStatus: 422,
    });
    const shown = (started.attempt as { questions: { id: string }[] }).questions;
    await call("post", "api/attempts/:attemptId/submit", `/api/attempts/${practiceId}/submit`, {
      as: "admin",
      body: { answers: shown.map((question) => ({ questionId: question.id })) },
      expectStatus: 200,
    });
    // Passed: the review, with an explanation as Markdown and HTML.
    const passed = await call(
      "post",
      "api/attempts/:attemptId/submit",
      `/api/attempts/${practiceId}/submit`,
      {
        as: "admin",
        body: { answers: rightAnswers(saved.quiz as TrainerQuiz) },
        expectStatus: 200,
      },
    );
    expect((passed.attempt as { review: { explanation?: string }[] }).review[0]?.explanation).toBe(
      "Cairo sits on the Nile.",
    );
    await call("post", "api/attempts/:attemptId/submit", `/api/attempts/${attemptId}/submit`, {
      as: "user",
      body: {},
      expectStatus: 404,
    });
    await call("put", "api/attempts/:attemptId/answers", `/api/attempts/${attemptId}/answers`, {
      as: "user",
      body: { answers: [] },
      expectStatus: 404,
    });
  }, 60_000);

  it("mutations answer their documented success shapes", async () => {
    const { courseIds, people, target, postIds, lessonId } = fixtures;
    const email = `openapi-${Date.now()}@example.com`;
    await call("post", "api/auth/signup", "/api/auth/signup", {
      body: { userName: "Open Api", email, password: "correct-horse-battery" },
      expectStatus: 201,
    });
    await call("post", "api/auth/login", "/api/auth/login", {
      body: { email, password: "correct-horse-battery" },
      expectStatus: 200,
    });
    await call("post", "api/auth/forgot-password", "/api/auth/forgot-password", {
      body: { email },
      expectStatus: 202,
    });
    // The mailed token is random; a token minted the same way for this account stands in for the link.
    const [signedUp] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const reset = newResetToken();
    await app.db
      .insert(passwordResetTokens)
      .values({ id: reset.id, userId: signedUp?.id ?? "", expiresAt: reset.expiresAt });
    await call("post", "api/auth/reset-password", "/api/auth/reset-password", {
      body: { token: reset.token, password: "another-horse-battery" },
      expectStatus: 200,
    });
    // An email change: asked for (mailed), shown pending, withdrawn, asked again and confirmed.
    const mover = await app.helpers.createUser(app.db);
    const moved = `openapi-moved-${Date.now()}@example.com`;
    const change = { newEmail: moved, currentPassword: "correct-horse-battery" };
    await call("post", "api/auth/email", "/api/auth/email", { as: mover, body: change, expectStatus: 202 });
    const shown = await call("get", "api/auth/email", "/api/auth/email", { as: mover, expectStatus: 200 });
    expect(shown.pending).toMatchObject({ email: moved });
    await call("delete", "api/auth/email", "/api/auth/email", { as: mover, expectStatus: 204 });
    await call("post", "api/auth/email", "/api/auth/email", { as: mover, body: change, expectStatus: 202 });
    // The mailed token is random; one minted the same way stands in for the link.
    const link = newLinkToken(60);
    await app.db.update(emailChanges).set({ id: link.id }).where(eq(emailChanges.userId, mover.id));
    await call("post", "api/auth/email/confirm", "/api/auth/email/confirm", {
      as: mover,
      body: { token: link.token },
      expectStatus: 200,
    });
    await call("patch", "api/auth/me", "/api/auth/me", {
      as: "user",
      body: { nameAr: "مستخدم" },
      expectStatus: 200,
    });
    await call("post", "api/courses/:id/favorite", `/api/courses/${courseIds.free}/favorite`, {
      as: "user",
      expectStatus: 200,
    });
    await call("post", "api/course/enrollment/:courseId", `/api/course/enrollment/${courseIds.free}`, {
      as: "user",
      expectStatus: 200,
    });
    await call("post", "api/coupons", "/api/coupons", {
      as: "admin",
      body: { code: "OPENAPI10", percentOff: 10, maxUses: 5 },
      expectStatus: 201,
    });
    const bought = await call(
      "post",
      "api/course/enrollment/bulk/enroll",
      "/api/course/enrollment/bulk/enroll",
      {
        as: "user",
        body: { courseIds: [courseIds.paid], couponCode: "OPENAPI10" },
        expectStatus: 200,
      },
    );
    expect(bought.discount).toBeGreaterThan(0);
    // The purchase above is an order (issue 46): listed, shown to its buyer, and to admins with filters.
    const mine = await call("get", "api/orders", "/api/orders", { as: "user", expectStatus: 200 });
    const [order] = mine.items as { id: number }[];
    if (!order) throw new Error("the purchase above wrote no order");
    await call("get", "api/orders/:id", `/api/orders/${order.id}`, { as: "user", expectStatus: 200 });
    await call("get", "api/orders/:id", `/api/orders/${order.id}`, { as: "trainer", expectStatus: 404 });
    // Its invoice and (no) credit notes (issue 47), and the admins' list by period.
    await call("get", "api/orders/:id/invoice", `/api/orders/${order.id}/invoice`, {
      as: "user",
      expectStatus: 200,
    });
    await call("get", "api/orders/:id/invoice", `/api/orders/${order.id}/invoice`, {
      as: "trainer",
      expectStatus: 404,
    });
    await call("get", "api/orders/:id/credit-notes", `/api/orders/${order.id}/credit-notes`, {
      as: "user",
      expectStatus: 200,
    });
    await call("get", "api/admin/invoices", "/api/admin/invoices?from=2000-01-01&kind=simplified", {
      as: "admin",
      expectStatus: 200,
    });
    await call("get", "api/admin/invoices", "/api/admin/invoices?from=2026-02-30", {
      as: "admin",
      expectStatus: 422,
    });
    await call("get", "api/admin/orders", `/api/admin/orders?status=paid&userId=${people.user.id}`, {
      as: "admin",
      expectStatus: 200,
    });
    await call("get", "api/admin/orders", "/api/admin/orders?status=lost", {
      as: "admin",
      expectStatus: 422,
    });
    await call("post", "api/checkout", "/api/checkout", {
      as: "user",
      body: { method: "card", courseIds: [courseIds.paid] },
      expectStatus: 422,
    });
    await call("post", "api/checkout", "/api/checkout", {
      as: "user",
      body: { method: "wallet", courseIds: [courseIds.paid] },
      expectStatus: 409,
    });
    const reviews = `/api/courses/${courseIds.free}/reviews`;
    await call("post", "api/courses/:id/reviews", reviews, {
      as: "user",
      body: { rating: 4, comment: "Clear and short." },
      expectStatus: 201,
    });
    await call("post", "api/courses/:id/reviews", reviews, {
      as: "user",
      body: { rating: 5 },
      expectStatus: 200,
    });
    await call("get", "api/courses/:id/reviews", reviews, { expectStatus: 200 });
    await call("delete", "api/courses/:id/reviews", reviews, { as: "user", expectStatus: 204 });
    await call(
      "post",
      "api/courses/:courseId/lessons/:lessonId/progress",
      `/api/courses/${courseIds.paid}/lessons/${lessonId}/progress`,
      { as: "user", body: { positionSeconds: 12 }, expectStatus: 200 },
    );
    const topUp = await call("post", "api/wallet/top-up", "/api/wallet/top-up", {
      as: "user",
      body: { amount: 25 },
      expectStatus: 201,
    });
    const topUpId = (topUp.request as { id: number }).id;
    await call("post", "api/admin/top-ups/:id/:decision", `/api/admin/top-ups/${topUpId}/approve`, {
      as: "admin",
      expectStatus: 200,
    });
    // The approval issued the top-up's receipt (issue 47, item 4): listed with its PDF's link; a number that
    // is not the caller's is a 404 (tests/integration/receipts.test.ts downloads the PDF itself).
    const receipts = await call("get", "api/wallet/receipts", "/api/wallet/receipts", {
      as: "user",
      expectStatus: 200,
    });
    expect((receipts.items as unknown[]).length).toBeGreaterThan(0);
    await call("get", "api/wallet/receipts/:file", "/api/wallet/receipts/RCT-2026-999999.pdf", {
      as: "user",
      expectStatus: 404,
    });
    // Sign-ups above queued welcome mails: the list has items to check against the schema.
    const jobs = await call("get", "api/admin/jobs", "/api/admin/jobs?name=mail&limit=5", {
      as: "admin",
      expectStatus: 200,
    });
    expect((jobs.items as unknown[]).length).toBeGreaterThan(0);
    await call("post", "api/admin/jobs/:id/retry", `/api/admin/jobs/${crypto.randomUUID()}/retry`, {
      as: "admin",
      expectStatus: 404,
    });
    const site = await call("get", "api/admin/settings/site", "/api/admin/settings/site", {
      as: "admin",
      expectStatus: 200,
    });
    await call("put", "api/admin/settings/site", "/api/admin/settings/site", {
      as: "admin",
      body: { ...(site.settings as object), phone: "+962 6 555 0100" },
      expectStatus: 200,
    });
    // The agency's pages (issue 49): create, save every block type, publish, read it as a visitor, revisions.
    const created = await call("post", "api/admin/pages", "/api/admin/pages", {
      as: "admin",
      body: { slug: "openapi-landing", title: "Landing", titleAr: "" },
      expectStatus: 201,
    });
    await call("put", "api/admin/pages/:slug", "/api/admin/pages/openapi-landing", {
      as: "admin",
      body: { ...everyBlockContent("Landing"), revision: (created.page as { revision: number }).revision },
      expectStatus: 200,
    });
    await call("put", "api/admin/pages/:slug", "/api/admin/pages/openapi-landing", {
      as: "admin",
      body: { ...everyBlockContent("Stale"), revision: 1 },
      expectStatus: 409,
    });
    await call("get", "api/pages/:slug", "/api/pages/openapi-landing", { expectStatus: 404 });
    await call("post", "api/admin/pages/:slug/publish", "/api/admin/pages/openapi-landing/publish", {
      as: "admin",
      body: {},
      expectStatus: 200,
    });
    await call("post", "api/admin/pages/:slug/publish", "/api/admin/pages/openapi-landing/publish", {
      as: "admin",
      body: { at: new Date(Date.now() + 3_600_000).toISOString() },
      expectStatus: 200,
    });
    await call("get", "api/pages/:slug", "/api/pages/openapi-landing", { expectStatus: 200 });
    await call("get", "api/admin/pages", "/api/admin/pages", { as: "admin", expectStatus: 200 });
    await call("get", "api/admin/pages/:slug", "/api/admin/pages/openapi-landing", {
      as: "admin",
      expectStatus: 200,
    });
    const revisions = await call(
      "get",
      "api/admin/pages/:slug/revisions",
      "/api/admin/pages/openapi-landing/revisions",
      {
        as: "admin",
        expectStatus: 200,
      },
    );
    const first = (revisions.items as { id: number }[]).at(-1)?.id;
    await call(
      "post",
      "api/admin/pages/:slug/revisions/:id/restore",
      `/api/admin/pages/openapi-landing/revisions/${first}/restore`,
      { as: "admin", expectStatus: 200 },
    );
    await call("delete", "api/admin/pages/:slug", "/api/admin/pages/home", {
      as: "admin",
      expectStatus: 409,
    });
    await call("delete", "api/admin/pages/:slug", "/api/admin/pages/openapi-landing", {
      as: "admin",
      expectStatus: 204,
    });
    await call("put", "api/admin/charge-wallet/:userId", `/api/admin/charge-wallet/${target.id}`, {
      as: "admin",
      body: { amount: 5 },
      expectStatus: 200,
    });
    await call("put", "api/admin/change-role/:userId", `/api/admin/change-role/${target.id}`, {
      as: "admin",
      body: { role: "trainer" },
      expectStatus: 200,
    });
    const [enrollment] = await app.db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(eq(enrollments.userId, people.user.id), eq(enrollments.courseId, courseIds.free)));
    if (!enrollment) throw new Error("the purchase above made no enrollment");
    const listed = await call(
      "get",
      "api/admin/enrollments",
      `/api/admin/enrollments?userId=${people.user.id}&courseId=${courseIds.free}`,
      { as: "admin", expectStatus: 200 },
    );
    expect((listed.items as { id: number }[]).map((item) => item.id)).toEqual([enrollment.id]);
    await call("get", "api/admin/enrollments", "/api/admin/enrollments?limit=101", {
      as: "admin",
      expectStatus: 422,
    });
    await call("get", "api/admin/enrollments", "/api/admin/enrollments", {
      as: "trainer",
      expectStatus: 403,
    });
    await call("post", "api/admin/enrollments/:id/refund", `/api/admin/enrollments/${enrollment.id}/refund`, {
      as: "admin",
      body: { reason: "OpenAPI conformance", override: true },
      expectStatus: 200,
    });
    const post = await call("post", "api/blog", "/api/blog", {
      as: "trainer",
      body: { title: "Conformance", excerpt: "An excerpt", body: "The body.", status: "draft" },
      expectStatus: 201,
    });
    const postId = (post.post as { id: number }).id;
    await call("put", "api/blog/:id", `/api/blog/${postId}`, {
      as: "trainer",
      body: { title: "Conformance, again" },
      expectStatus: 200,
    });
    await call("delete", "api/blog/:id", `/api/blog/${postId}`, { as: "trainer", expectStatus: 204 });
    const course = await call("post", "api/instructor/course", "/api/instructor/course", {
      as: "trainer",
      body: {
        title: "Conformance course",
        category: "data-science",
        description: "A course made by the OpenAPI test.",
        price: 10.5,
        lessons: [{ title: "Lesson one", durationMinutes: 5 }],
      },
      expectStatus: 201,
    });
    const courseId = (course.course as { id: number }).id;
    await call("put", "api/instructor/course/:id", `/api/instructor/course/${courseId}`, {
      as: "trainer",
      body: { price: 12 },
      expectStatus: 200,
    });
    const added = await call(
      "post",
      "api/instructor/course/:id/sections",
      `/api/instructor/course/${courseId}/sections`,
      { as: "trainer", body: { title: "Second part", titleAr: "الجزء الثاني" }, expectStatus: 201 },
    );
    const sectionId = (added.section as { id: number }).id;
    await call("put", "api/instructor/sections/:id", `/api/instructor/sections/${sectionId}`, {
      as: "trainer",
      body: { title: "Part two" },
      expectStatus: 200,
    });
    const article = await call(
      "post",
      "api/instructor/sections/:id/lessons",
      `/api/instructor/sections/${sectionId}/lessons`,
      { as: "trainer", body: { kind: "article", title: "Read me", body: "# Hello" }, expectStatus: 201 },
    );
    const articleId = (article.lesson as { id: number }).id;
    await call("put", "api/instructor/lessons/:id", `/api/instructor/lessons/${articleId}`, {
      as: "trainer",
      body: { title: "Read me first", body: "**Hello**", isFreePreview: true },
      expectStatus: 200,
    });
    await call("put", "api/instructor/lessons/:id", `/api/instructor/lessons/${articleId}`, {
      as: "trainer",
      body: { title: "Read me first", isFreePreview: "yes" },
      expectStatus: 422,
    });
    await call("delete", "api/instructor/sections/:id", `/api/instructor/sections/${sectionId}`, {
      as: "trainer",
      expectStatus: 409,
    });
    const firstSectionId = ((course.course as { sections: { id: number }[] }).sections[0] as { id: number })
      .id;
    await call("post", "api/instructor/lessons/:id/move", `/api/instructor/lessons/${articleId}/move`, {
      as: "trainer",
      body: { sectionId: firstSectionId, position: 1 },
      expectStatus: 200,
    });
    await call("delete", "api/instructor/sections/:id", `/api/instructor/sections/${sectionId}`, {
      as: "trainer",
      expectStatus: 204,
    });
    await call("delete", "api/instructor/lessons/:id", `/api/instructor/lessons/${articleId}`, {
      as: "trainer",
      expectStatus: 204,
    });
    await call("delete", "api/instructor/course/:id", `/api/instructor/course/${courseId}`, {
      as: "trainer",
      expectStatus: 204,
    });
    await call("post", "api/contact", "/api/contact", {
      body: {
        name: "Open Api",
        email: "openapi@example.com",
        subject: "Docs",
        message: "The reference reads well.",
      },
      expectStatus: 201,
    });
    await call("post", "api/newsletter", "/api/newsletter", {
      body: { email: "openapi-news@example.com", locale: "ar" },
      expectStatus: 202,
    });
    // The leads (issue 48): the message above is a lead in the admins' inbox.
    await call("post", "api/leads", "/api/leads", {
      body: {
        name: "Open Api",
        email: "openapi-lead@example.com",
        message: "About search for our shop.",
        source: "service",
        serviceKey: "seo",
      },
      expectStatus: 201,
    });
    const inbox = (await call("get", "api/admin/leads", "/api/admin/leads?q=openapi%40example&limit=5", {
      as: "admin",
      expectStatus: 200,
    })) as { items: { id: number }[] };
    const leadId = inbox.items[0]?.id;
    expect(leadId).toBeTypeOf("number");
    await call("put", "api/admin/leads/:id", `/api/admin/leads/${leadId}`, {
      as: "admin",
      body: { status: "contacted", followUpAt: "2026-12-01" },
      expectStatus: 200,
    });
    await call("post", "api/admin/leads/:id/notes", `/api/admin/leads/${leadId}/notes`, {
      as: "admin",
      body: { body: "Called back; wants a quote." },
      expectStatus: 201,
    });
    await call("get", "api/admin/leads/:id", `/api/admin/leads/${leadId}`, {
      as: "admin",
      expectStatus: 200,
    });
    // Consultations (issue 48, item 4): the open slots, a booking, the same slot again, the availability.
    const today = new Date().toISOString().slice(0, 10);
    const until = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const open = (await call(
      "get",
      "api/consultations/slots",
      `/api/consultations/slots?from=${today}&to=${until}`,
      { expectStatus: 200 },
    )) as { slots: { start: string }[] };
    const slot = open.slots[0]?.start;
    expect(slot).toBeTypeOf("string");
    const booking = { start: slot, name: "Open Api", email: "openapi-call@example.com", topic: "The API" };
    await call("post", "api/consultations", "/api/consultations", { body: booking, expectStatus: 201 });
    await call("post", "api/consultations", "/api/consultations", {
      body: { ...booking, email: "openapi-late@example.com", locale: "ar" },
      expectStatus: 409,
    });
    const availability = (await call(
      "get",
      "api/admin/consultations/availability",
      "/api/admin/consultations/availability",
      { as: "admin", expectStatus: 200 },
    )) as { availability: object };
    await call("put", "api/admin/consultations/availability", "/api/admin/consultations/availability", {
      as: "admin",
      body: availability.availability,
      expectStatus: 200,
    });
    await call(
      "post",
      "api/certificates/:courseId/generate",
      `/api/certificates/${courseIds.paid}/generate`,
      {
        as: "user",
        expectStatus: 409,
      },
    );
    await call("post", "api/auth/logout", "/api/auth/logout", { as: "user", expectStatus: 204 });
    expect(postIds.public).toBeGreaterThan(0);
    const pending = await app.db.select().from(topUpRequests).where(eq(topUpRequests.id, topUpId));
    expect(pending[0]?.status).toBe("approved");
  }, 60_000);

  it("error answers carry the one error shape with a documented code", async () => {
    const { courseIds } = fixtures;
    await call("get", "api/auth/me", "/api/auth/me", { expectStatus: 401 });
    await call("get", "api/admin/stats", "/api/admin/stats", { as: "user", expectStatus: 403 });
    await call("get", "api/courses", "/api/courses?limit=0", { expectStatus: 422 });
    await call("get", "api/courses/:id", "/api/courses/999999", { expectStatus: 404 });
    await call("post", "api/wallet/top-up", "/api/wallet/top-up", {
      as: "user",
      body: { amount: -1 },
      expectStatus: 422,
    });
    await call("post", "api/courses/:id/favorite", `/api/courses/${courseIds.free}/favorite`, {
      as: "user",
      body: "x",
      expectStatus: 200,
    });
    await call("get", "api/certificates/verify/:code", "/api/certificates/verify/NOPE-NOPE-00", {
      expectStatus: 404,
    });
    await call(
      "get",
      "api/certificates/:id/credential",
      "/api/certificates/00000000-0000-4000-8000-000000000000/credential",
      { as: "user", expectStatus: 404 },
    );
    await call("post", "api/credentials/verify", "/api/credentials/verify", {
      body: { verifiableCredential: "not an object" },
      expectStatus: 422,
    });
    await call("get", "api/instructor/video-status/:id", "/api/instructor/video-status/unknown", {
      as: "trainer",
      expectStatus: 404,
    });
    await call(
      "delete",
      "api/cloudinary/delete/:publicId/:resourceType?",
      "/api/cloudinary/delete/manara_nothing",
      {
        as: "trainer",
        expectStatus: 404,
      },
    );
    await call("post", "api/auth/login", "/api/auth/login", {
      body: { email: "nobody@example.com", password: "wrong-password" },
      expectStatus: 401,
    });
    const mover = await app.helpers.createUser(app.db);
    await call("post", "api/auth/email/confirm", "/api/auth/email/confirm", {
      as: mover,
      body: { token: "A".repeat(43) },
      expectStatus: 422,
    });
    const late = newLinkToken(60, new Date(Date.now() - 2 * 3_600_000));
    await app.db.insert(emailChanges).values({
      id: late.id,
      userId: mover.id,
      newEmail: `late-${mover.id}@example.com`,
      expiresAt: late.expiresAt,
    });
    await call("post", "api/auth/email/confirm", "/api/auth/email/confirm", {
      as: mover,
      body: { token: late.token },
      expectStatus: 410,
    });
    await call("post", "api/auth/email", "/api/auth/email", {
      as: mover,
      body: { newEmail: fixtures.people.admin.email, currentPassword: "correct-horse-battery" },
      expectStatus: 409,
    });
    // A method the route does not take: 405 with the error shape.
    const response = await app.fetch("/api/courses", { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(ApiErrorBody.safeParse(await response.json()).success).toBe(true);
  }, 60_000);

  it("a Paymob checkout and Paymob's callback answer their documented shapes (issue 46)", async () => {
    const keys = { secretKey: "egy_sk_openapi", publicKey: "egy_pk_openapi", hmacSecret: "openapi-hmac" };
    const fake = await startFakePaymob({ ...keys, integrationIds: [11] });
    const names = [
      "PAYMOB_SECRET_KEY",
      "PAYMOB_PUBLIC_KEY",
      "PAYMOB_HMAC_SECRET",
      "PAYMOB_INTEGRATION_IDS",
      "PAYMOB_API_URL",
    ] as const;
    const saved = names.map((name) => process.env[name]);
    [keys.secretKey, keys.publicKey, keys.hmacSecret, "11", fake.apiUrl].forEach((value, index) => {
      process.env[names[index] as string] = value;
    });
    try {
      const buyer = await app.helpers.createUser(app.db, "user");
      const started = await call("post", "api/checkout", "/api/checkout", {
        as: buyer,
        body: { method: "card", provider: "paymob", courseIds: [fixtures.courseIds.paid] },
        expectStatus: 201,
      });
      expect(String(started.redirectUrl)).toContain("/unifiedcheckout/");
      const [paymobOrderId] = [...fake.intentions.keys()];
      await fake.pay(Number(paymobOrderId), { callback: false });
      const sent = fake.callbacks.at(-1);
      if (!sent) throw new Error("no callback");
      const target = `${new URL(sent.url).pathname}${new URL(sent.url).search}`;
      await call("post", "api/payments/paymob/webhook", target, { body: sent.body, expectStatus: 200 });
      await call("post", "api/payments/paymob/webhook", "/api/payments/paymob/webhook?hmac=00", {
        body: sent.body,
        expectStatus: 401,
      });
    } finally {
      names.forEach((name, index) => {
        const value = saved[index];
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      });
      await fake.close();
    }
  });

  it("a card checkout and Moyasar's webhook answer their documented shapes (issue 46)", async () => {
    const fake = await startFakeMoyasar({ secretKey: "sk_openapi", webhookSecret: "openapi-webhook" });
    const saved = [
      process.env.MOYASAR_SECRET_KEY,
      process.env.MOYASAR_WEBHOOK_SECRET,
      process.env.MOYASAR_API_URL,
    ];
    process.env.MOYASAR_SECRET_KEY = "sk_openapi";
    process.env.MOYASAR_WEBHOOK_SECRET = "openapi-webhook";
    process.env.MOYASAR_API_URL = fake.apiUrl;
    try {
      const buyer = await app.helpers.createUser(app.db, "user");
      const started = await call("post", "api/checkout", "/api/checkout", {
        as: buyer,
        body: { method: "card", provider: "moyasar", courseIds: [fixtures.courseIds.paid] },
        expectStatus: 201,
      });
      expect((started.order as Json).status).toBe("pending");
      const invoiceId = String(started.redirectUrl).split("/").at(-1) ?? "";
      await fake.pay(invoiceId, { callback: false });
      const event = fake.events.at(-1);
      await call("post", "api/payments/moyasar/webhook", "/api/payments/moyasar/webhook", {
        body: event,
        expectStatus: 200,
      });
      await call("post", "api/payments/moyasar/webhook", "/api/payments/moyasar/webhook", {
        body: { ...event, secret_token: "wrong" },
        expectStatus: 401,
      });
      await call("post", "api/payments/moyasar/webhook", "/api/payments/moyasar/webhook", {
        body: { secret_token: "openapi-webhook", id: "x" },
        expectStatus: 400,
      });
      fake.failNext();
      await call("post", "api/checkout", "/api/checkout", {
        as: await app.helpers.createUser(app.db, "user"),
        body: { method: "card", courseIds: [fixtures.courseIds.paid] },
        expectStatus: 502,
      });
    } finally {
      const names = ["MOYASAR_SECRET_KEY", "MOYASAR_WEBHOOK_SECRET", "MOYASAR_API_URL"] as const;
      names.forEach((name, index) => {
        const value = saved[index];
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      });
      await fake.close();
    }
  });

  it("checked every documented GET and most mutations", () => {
    const gets = ENDPOINTS.filter((endpoint) => endpoint.method === "get").map(
      (e) => `${e.method} ${e.route}`,
    );
    // The PDF and the captions are files, not JSON: the certificates and captions suites check them.
    const files = new Set([
      "get api/certificates/:id/pdf",
      "get api/courses/:courseId/lessons/:lessonId/captions/:lang",
      // CSV: tests/integration/leads.test.ts reads it.
      "get api/admin/leads.csv",
      // Invoice and credit-note PDFs: tests/integration/invoices.test.ts downloads them.
      "get api/orders/:id/invoice.pdf",
      "get api/orders/:id/credit-notes/:file",
      // CSV: tests/integration/invoices.test.ts reads it.
      "get api/admin/invoices.csv",
    ]);
    const unchecked = gets.filter((key) => !checked.has(key) && !files.has(key));
    expect(unchecked).toEqual([]);
    expect(checked.size).toBeGreaterThanOrEqual(35);
  });
});
