import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../app/auth/password.server";
import { certificateProgress } from "../../app/certificates/certificates.server";
import { createLocalCertificateStore, setCertificateStore } from "../../app/certificates/store.server";
import { COURSE_CATEGORIES } from "../../app/courses/categories";
import { getCurriculumForViewer } from "../../app/courses/curriculum.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import {
  blogPosts,
  certificates,
  courseReviews,
  courses,
  leads,
  lessons,
  portfolioItems,
  quizQuestions,
  users,
} from "../../app/db/schema";
import { overdueFollowUps } from "../../app/leads/leads.server";
import { DEMO_CERTIFICATE } from "../../app/seed/certificates.server";
import { seedCurricula } from "../../app/seed/data/curriculum";
import { DEMO_REVIEWS_COURSE } from "../../app/seed/reviews.server";
import { DEMO_PASSWORD, isDatabaseEmpty, seedDemoContent } from "../../app/seed/seed.server";
import { DEMO_SITE_SETTINGS } from "../../app/seed/site.server";
import { getSiteSettings } from "../../app/site/settings.server";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
const certificateDir = mkdtempSync(path.join(tmpdir(), "manara-seed-certificates-"));
beforeAll(async () => {
  handle = await createTestDatabase();
  setCertificateStore(createLocalCertificateStore(certificateDir));
});
afterAll(() => handle?.close());

async function counts() {
  const { db } = handle;
  return {
    users: await db.$count(users),
    courses: await db.$count(courses),
    lessons: await db.$count(lessons),
    posts: await db.$count(blogPosts),
    portfolio: await db.$count(portfolioItems),
  };
}

describe("demo seed", () => {
  it("fills an empty database and is idempotent", async () => {
    expect(await isDatabaseEmpty(handle.db)).toBe(true);
    await seedDemoContent(handle.db);
    const first = await counts();
    await seedDemoContent(handle.db);
    expect(await counts()).toEqual(first);
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
    expect(first.posts).toBe(6);
    expect(first.portfolio).toBe(6);
  });

  it("creates the three demo accounts with their roles and the documented password", async () => {
    const rows = await handle.db.select().from(users).orderBy(users.email);
    expect(rows.map((row) => [row.email, row.role])).toEqual([
      ["admin@manara.local", "admin"],
      ["learner@manara.local", "user"],
      ["trainer@manara.local", "trainer"],
    ]);
    for (const row of rows) {
      expect(row.passwordHash).toBeTruthy();
      expect(await verifyPassword(DEMO_PASSWORD, row.passwordHash ?? "")).toBe(true);
    }
  });

  it("publishes at least 24 bilingual courses over all 10 categories, some free, with 3-10 lessons each", async () => {
    const { db } = handle;
    const published = await db.select().from(courses).where(eq(courses.isPublished, true));
    expect(published.length).toBeGreaterThanOrEqual(24);
    expect(new Set(published.map((course) => course.category))).toEqual(new Set(COURSE_CATEGORIES));
    expect(published.some((course) => course.price === 0)).toBe(true);
    expect(new Set(published.map((course) => course.price)).size).toBeGreaterThan(5);
    for (const course of published) {
      expect(course.titleAr).toMatch(/[\u0600-\u06FF]/);
      expect(course.descriptionAr).toMatch(/[\u0600-\u06FF]/);
      expect(course.titleAr).not.toBe(course.title);
    }
    const perCourse = await db
      .select({ courseId: lessons.courseId, count: sql<number>`count(*)::int` })
      .from(lessons)
      .groupBy(lessons.courseId);
    // Every course has lessons, drafts included.
    expect(perCourse).toHaveLength(await db.$count(courses));
    for (const row of perCourse) {
      expect(row.count).toBeGreaterThanOrEqual(3);
      // 3 to 8 videos; the courses with sections add an article and a quiz.
      expect(row.count).toBeLessThanOrEqual(10);
    }
  });

  it("gives the demo trainer several courses, one of them a draft, with rendered descriptions", async () => {
    const { db } = handle;
    const [trainer] = await db.select().from(users).where(eq(users.email, "trainer@manara.local"));
    const owned = await db
      .select()
      .from(courses)
      .where(eq(courses.trainerId, trainer?.id ?? ""));
    expect(owned.length).toBeGreaterThan(3);
    expect(owned.filter((course) => !course.isPublished).map((course) => course.slug)).toEqual([
      "testing-web-apps-end-to-end",
    ]);
    const draft = owned.find((course) => !course.isPublished);
    expect(draft?.descriptionHtml).toContain("<strong>end-to-end tests</strong>");
    expect(draft?.descriptionArHtml).toContain('<li dir="auto">');
    for (const course of owned) expect(course.descriptionHtml).toMatch(/^<p dir="auto">/);
  });

  it("rejects a negative wallet balance and a duplicate email in another case at the database", async () => {
    const { db } = handle;
    await expect(
      db.update(users).set({ walletBalance: -1 }).where(eq(users.email, "learner@manara.local")),
    ).rejects.toThrow();
    await expect(db.insert(users).values({ name: "Copy", email: "LEARNER@manara.local" })).rejects.toThrow();
  });

  it("the demo learner completed a free course and holds its certificate, with its stored PDF", async () => {
    const { db } = handle;
    const [learner] = await db.select().from(users).where(eq(users.email, DEMO_CERTIFICATE.learnerEmail));
    const [course] = await db.select().from(courses).where(eq(courses.slug, DEMO_CERTIFICATE.courseSlug));
    expect(course?.price).toBe(0);
    const progress = await certificateProgress(db, learner?.id ?? "", course?.id ?? 0);
    expect(progress?.enrolled).toBe(true);
    expect(progress?.totalLessons).toBeGreaterThan(0);
    expect(progress?.completedLessons).toBe(progress?.totalLessons);
    const held = await db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, learner?.id ?? ""));
    expect(held).toMatchObject([
      {
        courseId: course?.id,
        code: DEMO_CERTIFICATE.code,
        holderName: "Lina Saleh",
        pdfKey: `${DEMO_CERTIFICATE.code}.pdf`,
      },
    ]);
    const store = createLocalCertificateStore(certificateDir);
    expect(
      Buffer.from((await store.get(`${DEMO_CERTIFICATE.code}.pdf`)) ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("gives several courses two sections, an article and a quiz in both languages, one answered in Arabic", async () => {
    const { db } = handle;
    for (const plan of seedCurricula) {
      const [course] = await db.select().from(courses).where(eq(courses.slug, plan.courseSlug));
      const curriculum = await getCurriculumForViewer(db, "ar", course?.id ?? 0, null);
      expect(curriculum?.sections.map((section) => section.title)).toEqual(
        plan.sections.map((title) => title.ar),
      );
      const kinds =
        curriculum?.sections.flatMap((section) => section.lessons.map((lesson) => lesson.kind)) ?? [];
      expect(kinds.filter((kind) => kind === "article")).toHaveLength(1);
      expect(kinds.filter((kind) => kind === "quiz")).toHaveLength(1);
      const [article] = await db
        .select()
        .from(lessons)
        .where(and(eq(lessons.courseId, course?.id ?? 0), eq(lessons.kind, "article")));
      expect(article?.bodyArHtml).toMatch(/[\u0600-\u06FF]/);
      expect(article?.bodyHtml).toContain("<h2");
    }
    const questions = await db.select().from(quizQuestions).where(eq(quizQuestions.kind, "short_text"));
    expect(
      questions.some((question) => question.acceptedAnswers.some((answer) => /[\u0600-\u06FF]/.test(answer))),
    ).toBe(true);
    // Every demo quiz can be passed: publishing would refuse an empty one.
    expect(await db.$count(lessons, eq(lessons.kind, "quiz"))).toBe(seedCurricula.length);
  });

  it("seeds demo reviews through the review rules: the course row carries their totals, with one reply", async () => {
    const { db } = handle;
    const [course] = await db.select().from(courses).where(eq(courses.slug, DEMO_REVIEWS_COURSE));
    const rows = await db
      .select()
      .from(courseReviews)
      .where(eq(courseReviews.courseId, course?.id ?? 0));
    expect(rows).toHaveLength(2);
    expect(course?.ratingCount).toBe(2);
    expect(course?.ratingSum).toBe(rows.reduce((sum, row) => sum + row.rating, 0));
    expect(rows.filter((row) => row.reply)).toHaveLength(1);
    // Running the seed again (the first test did) added nothing.
    await seedDemoContent(db);
    expect(await db.$count(courseReviews)).toBe(2);
  });

  it("seeds demo leads through the leads domain: one from a campaign, contacted, with a follow-up overdue", async () => {
    const { db } = handle;
    const rows = await db.select().from(leads);
    expect(rows.map((lead) => lead.source).sort()).toEqual(["contact", "course", "service"]);
    const campaign = rows.find((lead) => lead.source === "service");
    expect(campaign).toMatchObject({
      status: "contacted",
      utmCampaign: "spring-launch",
      serviceKey: "social",
    });
    expect((await overdueFollowUps(db)).total).toBe(1);
    await seedDemoContent(db);
    expect(await db.$count(leads)).toBe(3);
  });

  it("saves the demo site settings once: the locale text, a phone, WhatsApp and the two social accounts", async () => {
    const { settings, updatedAt } = await getSiteSettings(handle.db);
    expect(updatedAt).not.toBeNull();
    expect(settings.brandName).toEqual({ en: "Manara", ar: "منارة" });
    expect(settings.phone).toBe(DEMO_SITE_SETTINGS.phone);
    expect(settings.whatsapp).toBe(DEMO_SITE_SETTINGS.whatsapp);
    expect(settings.social).toMatchObject(DEMO_SITE_SETTINGS.social);
    expect(settings.social.instagram).toBe("");
    await seedDemoContent(handle.db);
    expect((await getSiteSettings(handle.db)).updatedAt).toBe(updatedAt);
  });
});
