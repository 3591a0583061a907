// No GET changes state (issue 43, item 2; design rule 1). Every route of the app that answers GET outside
// /api — pages as documents and as `.data`, feeds and media — is walked on the demo content, through the
// whole request handler (tests/integration/fuzz/app.ts), by a guest and by a signed-in learner, trainer and
// admin, and a fingerprint of every table of the database is taken after each request: any row written,
// changed or removed fails the test with the URL that did it. The route list comes from the server build,
// so a route added without concrete parameters here fails too, naming it.
//
// Exempt, by design: `rate_limits` (counters whose job is to count requests, e.g. offline downloads, which
// are GETs), and a session's `last_seen_at` (touched at most hourly to expire idle sessions).
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { type FuzzApp, startFuzzApp } from "./fuzz/app";

const EXEMPT_TABLES = new Set(["rate_limits", "__drizzle_migrations"]);
/** Columns a GET may touch: a session's idle clock (app/auth/session.server.ts, TOUCH_INTERVAL_MS). */
const EXEMPT_COLUMNS: Record<string, string[]> = { sessions: ["last_seen_at"] };

type Role = "guest" | "learner" | "trainer" | "admin";
type Params = Record<string, string>;

let app: FuzzApp;
let build: ServerBuild;
const cookies: Partial<Record<Role, string>> = {};
let fingerprintQuery = "";
/** Concrete parameters for each route id: every route that answers GET outside /api must have some. */
let paramsByRoute: Record<string, Params[]> = {};

async function tablesOf(db: Database): Promise<string[]> {
  const rows = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.rows.map((row) => row.name).filter((name) => !EXEMPT_TABLES.has(name));
}

/** One statement: each table's row count and the md5 of its rows (as JSON, exempt columns removed). */
function fingerprintStatement(tables: string[]): string {
  return tables
    .map((table) => {
      const row = (EXEMPT_COLUMNS[table] ?? []).reduce(
        (json, column) => `(${json} - '${column}')`,
        "to_jsonb(t)",
      );
      return `select '${table}' as name, count(*)::int as rows, md5(coalesce(string_agg(${row}::text, '|' order by ${row}::text), '')) as hash from "${table}" t`;
    })
    .join(" union all ");
}

async function fingerprint(): Promise<Map<string, string>> {
  const result = await app.db.execute<{ name: string; rows: number; hash: string }>(
    sql.raw(fingerprintQuery),
  );
  return new Map(result.rows.map((row) => [row.name, `${row.rows}:${row.hash}`]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}

/** The full path pattern of a route of the build: its ancestors' paths joined, without the locale. */
function patternOf(id: string): string {
  const parts: string[] = [];
  for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined)
    if (route.path) parts.unshift(route.path);
  return parts.filter((part) => part !== ":lang?").join("/");
}

function fill(pattern: string, params: Params): string {
  const filled = pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") return params["*"] ?? "";
      if (!segment.startsWith(":")) return segment;
      const name = segment.replace(/^:/, "").replace(/\?$/, "");
      const value = params[name];
      if (value === undefined && !segment.endsWith("?")) throw new Error(`no ${name} for ${pattern}`);
      return value ?? "";
    })
    .filter((segment, index, all) => segment !== "" || index < all.length - 1);
  return `/${filled.join("/")}`.replace(/\/+$/, "") || "/";
}

/** The routes that answer GET: a loader, outside /api (the API is the role matrix's and the fuzz suite's). */
function getRoutes(): { id: string; pattern: string; page: boolean }[] {
  return Object.values(build.routes)
    .filter((route) => route?.module.loader && route.id !== "root")
    .map((route) => ({
      id: route?.id ?? "",
      pattern: patternOf(route?.id ?? ""),
      page: Boolean(route?.module.default),
    }))
    .filter((route) => !route.pattern.startsWith("api/") && route.pattern !== "api")
    .filter((route) => route.id !== "routes/locale-layout");
}

async function first<T>(query: Promise<{ rows: T[] }>): Promise<T[]> {
  return (await query).rows;
}

beforeAll(async () => {
  app = await startFuzzApp();
  const seed = (await app.vite.ssrLoadModule(
    "/app/seed/seed.server.ts",
  )) as typeof import("../../app/seed/seed.server");
  await seed.seedDemoContent(app.db);
  build = (await app.vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const config = (await app.vite.ssrLoadModule(
    "/app/config.server.ts",
  )) as typeof import("../../app/config.server");
  const tokens = (await app.vite.ssrLoadModule(
    "/app/notifications/unsubscribe-token.ts",
  )) as typeof import("../../app/notifications/unsubscribe-token");
  const bookingToken = (await app.vite.ssrLoadModule(
    "/app/consultations/token.ts",
  )) as typeof import("../../app/consultations/token");
  const newsletterTokens = (await app.vite.ssrLoadModule(
    "/app/leads/newsletter-token.ts",
  )) as typeof import("../../app/leads/newsletter-token");
  const offline = (await app.vite.ssrLoadModule(
    "/app/learning/offline.ts",
  )) as typeof import("../../app/learning/offline");
  const attempts = (await app.vite.ssrLoadModule(
    "/app/quizzes/attempts.server.ts",
  )) as typeof import("../../app/quizzes/attempts.server");
  const enrollment = (await app.vite.ssrLoadModule(
    "/app/commerce/enrollment.server.ts",
  )) as typeof import("../../app/commerce/enrollment.server");
  const people = await first(
    app.db.execute<{ id: string; email: string }>(
      sql`select id, email from users where email in ('learner@manara.local', 'trainer@manara.local', 'admin@manara.local')`,
    ),
  );
  const idOf = (email: string) => people.find((person) => person.email === email)?.id ?? "";
  const learnerId = idOf("learner@manara.local");
  const trainerId = idOf("trainer@manara.local");
  for (const [role, email] of [
    ["learner", "learner@manara.local"],
    ["trainer", "trainer@manara.local"],
    ["admin", "admin@manara.local"],
  ] as const)
    cookies[role] = await app.helpers.cookieFor(app.db, idOf(email));

  // What the demo holds, as parameters: a few of each kind, the learner's own where it matters.
  const ids = async (statement: ReturnType<typeof sql>) =>
    (await first(app.db.execute<{ id: string | number }>(statement))).map((row) => String(row.id));
  const enrolledCourse =
    (
      await ids(sql`select course_id as id from enrollments where user_id = ${learnerId} order by id limit 1`)
    )[0] ?? "";
  const trainerCourses = await ids(
    sql`select id from courses where trainer_id = ${trainerId} order by id limit 2`,
  );
  const courseIds = [
    ...new Set([enrolledCourse, ...(await ids(sql`select id from courses order by id limit 2`))]),
  ];
  const lessonsOf = async (courseId: string, kind?: string) =>
    (
      await first(
        app.db.execute<{ course: number; lesson: number }>(
          kind
            ? sql`select course_id as course, id as lesson from lessons where course_id = ${Number(courseId)} and kind = ${kind} order by position limit 2`
            : sql`select course_id as course, id as lesson from lessons where course_id = ${Number(courseId)} order by position limit 3`,
        ),
      )
    ).map((row) => ({ id: String(row.course), lessonId: String(row.lesson) }));
  const quizLessons = (
    await first(
      app.db.execute<{ course: number; lesson: number }>(
        sql`select l.course_id as course, l.id as lesson from lessons l where l.kind = 'quiz' order by l.course_id, l.position limit 4`,
      ),
    )
  ).map((row) => ({ id: String(row.course), lessonId: String(row.lesson) }));
  // The learner holds a course with a quiz (the probe's case): enrolled here if the demo has not.
  const heldQuiz = quizLessons[0];
  if (heldQuiz)
    await app.db.execute(
      sql`insert into enrollments (user_id, course_id, price_paid) values (${learnerId}, ${Number(heldQuiz.id)}, 0) on conflict do nothing`,
    );
  const learnerLessons = [...(await lessonsOf(enrolledCourse)), ...quizLessons];
  // One recorded attempt of the learner's, for the attempt page.
  let attemptParams: Params[] = [];
  if (heldQuiz) {
    const learner = { id: learnerId, role: "user" as const };
    const started = await attempts.startAttempt(
      app.db,
      learner as never,
      Number(heldQuiz.id),
      Number(heldQuiz.lessonId),
      "en",
    );
    if (started.ok && !started.attempt.practice)
      attemptParams = [{ ...heldQuiz, attemptId: started.attempt.id }];
  }
  const questions = (
    await first(
      app.db.execute<{ course: number; question: number }>(
        sql`select course_id as course, id as question from lesson_questions order by id limit 2`,
      ),
    )
  ).map((row) => ({ id: String(row.course), questionId: String(row.question) }));
  // One paid wallet order of the learner's (issue 46), bought here if the demo holds none.
  if ((await ids(sql`select id from orders limit 1`)).length === 0) {
    const [cheapest] = await ids(
      sql`select id from courses where is_published and price > 0 and id not in (select course_id from enrollments where user_id = ${learnerId}) order by price limit 1`,
    );
    if (cheapest) await enrollment.purchaseCourses(app.db, learnerId, [Number(cheapest)]);
  }
  // And a card order waiting for its payment (the provider's return lands on its page): reading that page
  // must not settle it, ask the provider, or expire it (decision 067).
  await app.db.execute(
    sql`insert into orders (user_id, status, method, provider, provider_ref, currency, subtotal, discount, tax, total) values (${learnerId}, 'pending', 'card', 'moyasar', 'get-is-safe-invoice', 'USD', 1000, 0, 0, 1000)`,
  );
  const orders = [
    ...(await ids(sql`select id from orders where method = 'wallet' order by id limit 1`)),
    ...(await ids(sql`select id from orders where method = 'card' order by id limit 1`)),
  ];
  // The wallet purchase's invoice (issue 47): its page and its PDF (rendered into the object store, never a row).
  const invoiceNumbers = (
    await first(
      app.db.execute<{ number: string }>(sql`select number from issued_documents order by id limit 1`),
    )
  ).map((row) => row.number);
  const posts = await ids(sql`select id from blog_posts order by id limit 2`);
  const cases = await ids(sql`select id from portfolio_items order by id limit 2`);
  const leadIds = await ids(sql`select id from leads order by id limit 2`);
  // One consultation booking (issue 48, item 4), opened by its signed link: a live one and a cancelled one.
  const bookingTokens = (
    await first(
      app.db.execute<{ id: number }>(
        sql`insert into consultation_bookings (uid, starts_at, ends_at, time_zone, status, name, email, topic, locale)
            values ('get-is-safe-1@manara', '2030-01-06T07:00:00Z', '2030-01-06T07:45:00Z', 'Asia/Riyadh', 'confirmed', 'Probe', 'probe@example.com', 'GET is safe', 'en'),
                   ('get-is-safe-2@manara', '2030-01-06T08:00:00Z', '2030-01-06T08:45:00Z', 'Asia/Riyadh', 'cancelled', 'Probe', 'probe@example.com', 'GET is safe', 'ar')
            returning id`,
      ),
    )
  ).map((row) => bookingToken.signBookingToken(config.getSessionSecret(), row.id));
  // A pending newsletter sign-up: its confirmation page must show, and confirm nothing, on GET.
  const [signUp] = await first(
    app.db.execute<{ id: number; ms: string }>(
      sql`insert into newsletter_subscriptions (email, locale, requested_at)
          values ('get-is-safe@example.com', 'en', date_trunc('milliseconds', now()))
          on conflict (email) do update set locale = excluded.locale
          returning id, (extract(epoch from requested_at) * 1000)::bigint::text as ms`,
    ),
  );
  if (!signUp) throw new Error("no newsletter sign-up");
  const certificates = await first(
    app.db.execute<{ id: string; code: string }>(
      sql`select id, code from certificates order by issued_at limit 1`,
    ),
  );
  const media = await first(
    app.db.execute<{ public_id: string }>(
      sql`select public_id from media_uploads order by created_at limit 2`,
    ),
  );
  const videos = await ids(sql`select id from videos order by created_at limit 1`);
  const captioned = await first(
    app.db.execute<{ course: number; lesson: number; lang: string }>(
      sql`select l.course_id as course, c.lesson_id as lesson, c.lang from lesson_captions c join lessons l on l.id = c.lesson_id order by c.lesson_id limit 1`,
    ),
  );
  const secret = config.getSessionSecret();
  const offlineGrant = heldQuiz
    ? offline.signOfflineGrant(
        {
          userId: learnerId,
          courseId: Number(enrolledCourse),
          lessonId: Number(learnerLessons[0]?.lessonId ?? 0),
          kind: "captions-en",
          expiresAt: Date.now() + 60_000,
        },
        secret,
      )
    : "x";
  paramsByRoute = {
    "routes/home": [{}],
    "routes/about-us": [{}],
    "about-alias": [{}],
    "routes/services": [{}],
    "routes/courses": [{}],
    "routes/course": courseIds.map((id) => ({ id })),
    "routes/course-learn": courseIds.map((id) => ({ id })),
    "course-learn-lesson": learnerLessons,
    "routes/quiz-start": quizLessons.slice(0, 1),
    "routes/quiz-attempt": attemptParams,
    "routes/quiz-practice": quizLessons,
    "routes/course-questions": courseIds.map((id) => ({ id })),
    "routes/course-question": questions,
    "routes/portfolio": [{}],
    "routes/portfolio-item": cases.map((id) => ({ id })),
    "routes/blog": [{}],
    "routes/blog-feed": [{}],
    "routes/blog-post": posts.map((id) => ({ id })),
    "routes/cart": [{}],
    "routes/checkout": [{}],
    "routes/order": orders.map((id) => ({ id })),
    "routes/contact": [{}],
    "routes/consultation": [{}],
    "routes/consultation-booking": [...bookingTokens.map((token) => ({ token })), { token: "1.forged" }],
    "routes/faq": [{}],
    "routes/developers": [{}],
    "routes/auth-login": [{}],
    "routes/auth-signup": [{}],
    "routes/auth-logout": [{}],
    "routes/auth-forgot-password": [{}],
    "routes/auth-reset-password": [{}],
    "routes/my-enrollments": [{}],
    "routes/my-favorites": [{}],
    "routes/certificates": [{}],
    "routes/certificate-verify": certificates.map((row) => ({ code: row.code })),
    "routes/credential-verify": [{}],
    "routes/account": [{}],
    "routes/account-wallet": [{}],
    "routes/account-billing": [{}],
    "routes/account-billing-document": [
      ...invoiceNumbers.map((number) => ({ number })),
      { number: "INV-2026-999999" },
    ],
    "routes/account-billing-pdf": [
      ...invoiceNumbers.map((number) => ({ number })),
      { number: "INV-2026-999999" },
    ],
    // Teachers' profiles (issue 50): the public page, and the teacher's own form.
    "routes/instructor-profile": [{ id: trainerId }, { id: "00000000-0000-0000-0000-000000000000" }],
    "routes/instructor-profile-edit": [{}],
    "routes/account-confirm-email": [{}],
    "routes/notifications": [{}],
    "routes/unsubscribe": [{ token: tokens.signUnsubscribeToken(secret, learnerId, "question_reply") }],
    "routes/newsletter": [{}],
    "routes/newsletter-confirm": [
      { token: newsletterTokens.signConfirmToken(secret, signUp.id, new Date(Number(signUp.ms))) },
    ],
    "routes/newsletter-unsubscribe": [{ token: newsletterTokens.signUnsubscribeToken(secret, signUp.id) }],
    "routes/instructor": [{}],
    "routes/instructor-analytics": [{}],
    "routes/instructor-course-new": [{}],
    "routes/instructor-course": trainerCourses.map((id) => ({ id })),
    "routes/instructor-curriculum": trainerCourses.map((id) => ({ id })),
    "routes/instructor-quiz": quizLessons.slice(0, 2),
    "routes/instructor-learners": trainerCourses.map((id) => ({ id })),
    "routes/instructor-announcements": trainerCourses.map((id) => ({ id })),
    "routes/instructor-lesson-video": learnerLessons.slice(0, 1),
    "routes/instructor-lesson-captions": learnerLessons.slice(0, 1),
    "routes/admin-dashboard": [{}],
    "routes/admin-users": [{}],
    "routes/admin-certificates": [{}],
    "routes/admin-top-ups": [{}],
    "routes/admin-enrollments": [{}],
    "routes/admin-outbox": [{}],
    "routes/admin-jobs": [{}],
    "routes/admin-site-settings": [{}],
    // The pages (issue 49): a built-in page never saved (its editor must not create its row), none at all.
    "routes/admin-pages": [{}],
    "routes/admin-page": [{ slug: "home" }, { slug: "no-such-page" }],
    "routes/landing-page": [{ slug: "no-such-page" }, { slug: "home" }],
    "routes/admin-consultations": [{}],
    "routes/admin-orders": [{}],
    "routes/admin-invoices": [{}],
    "routes/admin-invoices-csv": [{}],
    "routes/admin-bank-transfer": [{}],
    "routes/admin-leads": [{}],
    "routes/admin-leads-csv": [{}],
    "routes/admin-leads-board": [{}],
    "routes/admin-lead": leadIds.map((id) => ({ id })),
    "admin-coupons": [{}],
    "instructor-coupons": [{}],
    "admin-posts": [{}],
    "admin-post-new": [{}],
    "admin-post": posts.map((id) => ({ id })),
    "instructor-posts": [{}],
    "instructor-post-new": [{}],
    "instructor-post": posts.map((id) => ({ id })),
    "routes/editor-case-studies": [{}],
    "routes/editor-case-study-new": [{}],
    "routes/editor-case-study": cases.map((id) => ({ id })),
    "info-help": [{}],
    "info-safety": [{}],
    "info-privacy": [{}],
    "info-terms": [{}],
    "routes/not-found": [{ "*": "no-such-page" }],
    // Resource routes.
    "routes/media-image": [{ file: "missing.webp" }],
    "routes/media-raw": media.map((row) => ({ publicId: row.public_id })),
    "routes/media-video": videos.flatMap((videoId): Params[] => [{ videoId }, { videoId, quality: "low" }]),
    "routes/media-offline": [{ token: offlineGrant }],
    "routes/certificate-pdf": certificates.map((row) => ({ id: row.id })),
    "routes/certificate-credential": certificates.map((row) => ({ id: row.id })),
    "routes/credential-status-list": [{ list: "1" }],
    "routes/did-document": [{}],
    "routes/locales": [{ lng: "ar", ns: "common" }],
    "routes/learn-progress": learnerLessons.slice(0, 1),
    "routes/lesson-captions": captioned.map((row) => ({
      id: String(row.course),
      lessonId: String(row.lesson),
      file: `${row.lang}.vtt`,
    })),
    "routes/consultation-invite": [...bookingTokens.map((token) => ({ token })), { token: "1.forged" }],
    "routes/healthz": [{}],
    "routes/sitemap": [{}],
    "routes/robots": [{}],
    "routes/auth-google": [{}],
    "routes/auth-google-callback": [{}],
  };
  fingerprintQuery = fingerprintStatement(await tablesOf(app.db));
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe("GET changes nothing", () => {
  it("has parameters for every route that answers GET", () => {
    const missing = getRoutes()
      .filter((route) => !(route.id in paramsByRoute))
      .map((route) => `${route.id} (${route.pattern})`);
    expect(missing).toEqual([]);
  });

  for (const role of ["guest", "learner", "trainer", "admin"] as const) {
    it(`writes no row when ${role === "guest" ? "a guest" : `the demo ${role}`} opens every page`, async () => {
      const targets = getRoutes().flatMap((route) =>
        (paramsByRoute[route.id] ?? []).flatMap((params) => {
          const path = fill(route.pattern, params);
          const query =
            route.id === "routes/account-confirm-email" || route.id === "routes/auth-reset-password"
              ? "?token=not-a-real-token"
              : "";
          const data = route.page ? [`${path === "/" ? "/_root" : path}.data${query}`] : [];
          return [
            `${path}${query}`,
            ...data,
            ...(route.page ? [`/ar${path === "/" ? "" : path}${query}`] : []),
          ];
        }),
      );
      expect(targets.length).toBeGreaterThan(100);
      const writers: string[] = [];
      let before = await fingerprint();
      for (const target of targets) {
        const headers: Record<string, string> = {};
        const cookie = cookies[role as Exclude<Role, "guest">];
        if (cookie) headers.cookie = cookie;
        const response = await app.fetch(target, { headers });
        await response.arrayBuffer();
        expect(response.status, `${role} GET ${target}`).toBeLessThan(500);
        const after = await fingerprint();
        const changed = changedTables(before, after);
        if (changed.length) writers.push(`GET ${target} wrote to ${changed.join(", ")}`);
        before = after;
      }
      expect(writers).toEqual([]);
    }, 600_000);
  }

  it("keeps a person's mail language by the forms they send, not the pages they read (decision 056)", async () => {
    const learnerId = (
      await first(
        app.db.execute<{ id: string }>(sql`select id from users where email = 'learner@manara.local'`),
      )
    )[0]?.id;
    const mailLocale = async () =>
      (
        await first(
          app.db.execute<{ locale: string }>(
            sql`select locale from notification_recipients where user_id = ${learnerId ?? ""}`,
          ),
        )
      )[0]?.locale;
    const cookie = cookies.learner ?? "";
    const send = (path: string) =>
      app.fetch(path, {
        method: "POST",
        headers: { cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
        body: "intent=readAll",
      });
    expect((await send("/ar/notifications")).status).toBeLessThan(400);
    expect(await mailLocale()).toBe("ar");
    await (await app.fetch("/notifications", { headers: { cookie } })).arrayBuffer();
    expect(await mailLocale()).toBe("ar");
    expect((await send("/notifications")).status).toBeLessThan(400);
    expect(await mailLocale()).toBe("en");
  });
});
