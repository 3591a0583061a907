// The people and courses the fuzz suite acts as and on, and the credentials it sends.
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import {
  blogPosts,
  courses,
  enrollments,
  lessons,
  portfolioItems,
  type User,
  users,
  videoRenditions,
  videos,
} from "../../../app/db/schema";
import { startAttempt } from "../../../app/quizzes/attempts.server";
import { saveQuiz } from "../../../app/quizzes/quizzes.server";
import { publishBankAccount } from "../bank-fixtures";
import { sampleQuiz } from "../quiz-fixtures";
import { withSection } from "../section-rows";
import type { FuzzApp } from "./app";

export type Role = "guest" | "user" | "trainer" | "admin";

export type Fixtures = {
  people: Record<Exclude<Role, "guest">, User>;
  /** A user whose role and wallet the admin endpoints may change. */
  target: User;
  /** A user with money and a paid course not yet bought: the wallet that must not move. */
  buyer: User;
  courseIds: { free: number; paid: number; draft: number };
  /** Blog posts by the fuzz trainer and case studies (editorial), one public and one draft each. */
  postIds: { public: number; draft: number };
  caseStudyIds: { public: number; draft: number };
  /** A lesson of the paid course (learning progress and play, issue 9). */
  lessonId: number;
  /** A quiz lesson of the paid course (issue 32), and an open attempt at it by `target`, not a fuzzed role. */
  quizLessonId: number;
  attemptId: string;
  /**
   * Light renditions and offline downloads (issue 36): a lesson of the paid course with a ready local video
   * whose renditions are ready, a signed offline link to its light video made for the fuzz trainer, and the
   * app's session secret (to sign hostile grants as the server would).
   */
  video: { lessonId: number; videoId: string; offlineToken: string; sessionSecret: string };
  cookieName: string;
  /** A fresh browser session cookie (`name=value`) for the role, or none for a guest. */
  cookie: (role: Role | User) => Promise<string | undefined>;
  /** A fresh `Bearer …` API token for the role, or none for a guest. */
  bearer: (role: Role | User) => Promise<string | undefined>;
};

export async function createFixtures(app: FuzzApp): Promise<Fixtures> {
  const { db, helpers } = app;
  const people = {
    user: await helpers.createUser(db, "user"),
    trainer: await helpers.createUser(db, "trainer"),
    admin: await helpers.createUser(db, "admin"),
  };
  const target = await helpers.createUser(db, "user");
  await publishBankAccount(db);
  const buyer = await helpers.createUser(db, "user");
  for (const person of [people.user, buyer]) {
    await db.update(users).set({ walletBalance: 100_000 }).where(eq(users.id, person.id));
  }
  const rows = await db
    .insert(courses)
    .values(
      (["free", "paid", "draft"] as const).map((slug) => ({
        slug: `fuzz-${slug}`,
        title: `Fuzz ${slug}`,
        description: `Fuzz ${slug} course`,
        category: "data-science" as const,
        price: slug === "free" ? 0 : 5000,
        isPublished: slug !== "draft",
        trainerId: people.trainer.id,
      })),
    )
    .returning({ id: courses.id, slug: courses.slug });
  const idOf = (slug: string) => rows.find((row) => row.slug === `fuzz-${slug}`)?.id ?? 0;
  const who = (role: Role | User) =>
    typeof role === "string" ? (role === "guest" ? undefined : people[role]) : role;
  const postRows = await db
    .insert(blogPosts)
    .values(
      (["public", "draft"] as const).map((key) => ({
        slug: `fuzz-post-${key}`,
        title: `Fuzz ${key} post`,
        excerpt: "Fuzz",
        body: "Fuzz **body**",
        bodyHtml: '<p dir="auto">Fuzz <strong>body</strong></p>',
        authorId: people.trainer.id,
        authorName: people.trainer.name,
        status: key === "public" ? ("published" as const) : ("draft" as const),
        publishedAt: key === "public" ? new Date() : null,
      })),
    )
    .returning({ id: blogPosts.id, slug: blogPosts.slug });
  const caseRows = await db
    .insert(portfolioItems)
    .values(
      (["public", "draft"] as const).map((key) => ({
        slug: `fuzz-case-${key}`,
        title: `Fuzz ${key} case`,
        clientName: "Fuzz",
        problem: "P",
        strategy: "S",
        result: "R",
        status: key === "public" ? ("published" as const) : ("draft" as const),
        publishedAt: key === "public" ? new Date() : null,
      })),
    )
    .returning({ id: portfolioItems.id, slug: portfolioItems.slug });
  const rowId = (rows: { id: number; slug: string }[], slug: string) =>
    rows.find((row) => row.slug === slug)?.id ?? 0;
  const [lesson] = await db
    .insert(lessons)
    .values(
      await withSection(db, {
        courseId: idOf("paid"),
        position: 1,
        title: "Fuzz lesson",
        durationMinutes: 3,
      }),
    )
    .returning({ id: lessons.id });
  const [quizLesson] = await db
    .insert(lessons)
    .values(
      await withSection(db, {
        courseId: idOf("paid"),
        position: 2,
        title: "Fuzz quiz",
        kind: "quiz" as const,
      }),
    )
    .returning({ id: lessons.id });
  const quizLessonId = quizLesson?.id ?? 0;
  const savedQuiz = await saveQuiz(db, people.trainer, quizLessonId, sampleQuiz({ maxAttempts: 0 }));
  if (!savedQuiz.ok) throw new Error("fuzz quiz not saved");
  await db.insert(enrollments).values({ userId: target.id, courseId: idOf("paid"), pricePaid: 0 });
  const attempt = await startAttempt(db, target, idOf("paid"), quizLessonId, "en");
  if (!attempt.ok) throw new Error("fuzz attempt not started");
  const video = await videoLesson(app, people.trainer, idOf("paid"));
  const sample = await helpers.cookieFor(db, people.user.id);
  return {
    people,
    target,
    buyer,
    courseIds: { free: idOf("free"), paid: idOf("paid"), draft: idOf("draft") },
    postIds: { public: rowId(postRows, "fuzz-post-public"), draft: rowId(postRows, "fuzz-post-draft") },
    caseStudyIds: {
      public: rowId(caseRows, "fuzz-case-public"),
      draft: rowId(caseRows, "fuzz-case-draft"),
    },
    lessonId: lesson?.id ?? 0,
    quizLessonId,
    attemptId: attempt.attempt.id,
    video,
    cookieName: sample.split("=")[0] ?? "",
    cookie: async (role) => {
      const person = who(role);
      return person ? helpers.cookieFor(db, person.id) : undefined;
    },
    bearer: async (role) => {
      const person = who(role);
      return person ? helpers.bearerFor(db, person.id) : undefined;
    },
  };
}

/**
 * A video lesson of `courseId`: a ready local video in the app's own storage (the modules the server build
 * uses, loaded through its Vite server), its renditions ready (the demo clip's bytes stand in for them), and
 * an offline link to its light video made for `trainer`.
 */
async function videoLesson(app: FuzzApp, trainer: User, courseId: number): Promise<Fixtures["video"]> {
  const { db, vite } = app;
  const bytes = readFileSync(path.resolve("app/seed/data/videos/manara-demo-2.mp4"));
  const [lesson] = await db
    .insert(lessons)
    .values(await withSection(db, { courseId, position: 3, title: "Fuzz video" }))
    .returning({ id: lessons.id });
  const lessonId = lesson?.id ?? 0;
  const [video] = await db
    .insert(videos)
    .values({
      provider: "local",
      ownerId: trainer.id,
      lessonId,
      fileName: "demo.mp4",
      contentType: "video/mp4",
      size: bytes.length,
      bytesReceived: bytes.length,
      status: "ready",
    })
    .returning({ id: videos.id });
  const videoId = video?.id ?? "";
  await db.update(lessons).set({ videoId }).where(eq(lessons.id, lessonId));
  const { localVideoHost } = (await vite.ssrLoadModule(
    "/app/video/host.server.ts",
  )) as typeof import("../../../app/video/host.server");
  const { renditionKey } = (await vite.ssrLoadModule(
    "/app/video/renditions.server.ts",
  )) as typeof import("../../../app/video/renditions.server");
  const host = localVideoHost();
  await host.storage.put(host.key(videoId), bytes, { contentType: "video/mp4" });
  for (const quality of ["low", "audio"] as const) {
    await host.storage.put(renditionKey(videoId, quality), bytes, {
      contentType: quality === "low" ? "video/mp4" : "audio/mp4",
    });
    await db.insert(videoRenditions).values({ videoId, quality, status: "ready", size: bytes.length });
  }
  const { offlineDownloads } = (await vite.ssrLoadModule(
    "/app/learning/offline.server.ts",
  )) as typeof import("../../../app/learning/offline.server");
  const { getSessionSecret } = (await vite.ssrLoadModule(
    "/app/config.server.ts",
  )) as typeof import("../../../app/config.server");
  const listed = await offlineDownloads(db, trainer, courseId, lessonId);
  const link = listed.ok ? listed.downloads.files.find((file) => file.kind === "video") : undefined;
  if (!link) throw new Error("fuzz offline link not made");
  return {
    lessonId,
    videoId,
    offlineToken: link.href.replace("/media/offline/", ""),
    sessionSecret: getSessionSecret(),
  };
}
