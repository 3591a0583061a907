// Idempotent demo content: three accounts, 30 courses with lessons, 6 articles and 6 case studies.

import { eq, inArray, sql } from "drizzle-orm";
import { hashPassword } from "../auth/password.server";
import { COURSE_LANGUAGES } from "../courses/course-languages";
import type { Database } from "../db/client.server";
import {
  blogPosts,
  courseSections,
  courses,
  lessons,
  portfolioItems,
  type UserRole,
  users,
  walletLedger,
} from "../db/schema";
import { paragraphsToMarkdown, plainTextToMarkdown } from "../editorial/plain-text";
import { renderMarkdown } from "../lib/markdown.server";
import { creditWallet } from "../wallet/wallet.server";
import { seedDemoBankAccount } from "./bank-transfer.server";
import { seedDemoCaptions } from "./captions.server";
import { seedDemoCertificate } from "./certificates.server";
import { seedDemoConsultations } from "./consultations.server";
import { seedDemoCurriculum } from "./curriculum.server";
import { seedBlogPosts } from "./data/blog";
import { seedCourseDecisions } from "./data/course-decisions";
import { seedCourses } from "./data/courses";
import { seedPortfolioItems } from "./data/portfolio";
import { seedDemoLeads } from "./leads.server";
import { seedDemoLandingPage } from "./pages.server";
import { seedDemoQa } from "./qa.server";
import { seedDemoReviews } from "./reviews.server";
import { seedDemoSiteSettings } from "./site.server";
import { seedDemoVideos } from "./videos.server";

export const DEMO_PASSWORD = "manara-demo";

export const DEMO_ACCOUNTS: {
  key: "admin" | "trainer" | "learner";
  email: string;
  name: string;
  nameAr: string;
  role: UserRole;
  /** The teachers' public profiles (/instructors/:id). */
  profile?: { bio: string; bioAr: string; links: string[] };
}[] = [
  {
    key: "admin",
    email: "admin@manara.local",
    name: "Huda Al-Rashid",
    nameAr: "هدى الراشد",
    role: "admin",
    profile: {
      bio: "Huda leads Manara's marketing practice. She has planned campaigns for retailers and banks across the Gulf for twelve years, and teaches the parts of the work she wishes someone had taught her first.",
      bioAr:
        "تقود هدى فريق التسويق في منارة. خطّطت لحملات متاجر ومصارف في الخليج طوال اثني عشر عامًا، وتدرّس ما تمنّت لو تعلّمته في بداية طريقها.",
      links: ["https://www.linkedin.com/company/manara-example"],
    },
  },
  {
    key: "trainer",
    email: "trainer@manara.local",
    name: "Omar Khalil",
    nameAr: "عمر خليل",
    role: "trainer",
    profile: {
      bio: "Omar is a data analyst who has built reporting for hospitals, telecom operators and online shops in Amman and Riyadh.\n\nHe teaches with real spreadsheets and real questions, in plain language, and answers every question in his courses himself.",
      bioAr:
        "عمر محلّل بيانات بنى أنظمة التقارير لمستشفيات وشركات اتصالات ومتاجر إلكترونية في عمّان والرياض.\n\nيدرّس بجداول حقيقية وأسئلة حقيقية، بلغة واضحة، ويجيب بنفسه عن كل سؤال في دوراته.",
      links: ["https://example.com/omar-khalil"],
    },
  },
  { key: "learner", email: "learner@manara.local", name: "Lina Saleh", nameAr: "لينا صالح", role: "user" },
];

const HOUR = 60 * 60 * 1000;

type Md = { source: string; html: string };

/** The demo learner starts with money to spend, credited like any other top-up: with a ledger row. */
export const DEMO_LEARNER_CREDIT = 20_000;

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  return (await db.$count(users)) === 0;
}

/** Inserts whatever part of the demo content is missing; running it twice changes nothing. */
export async function seedDemoContent(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map(({ email, name, nameAr, role, profile }) => ({
          email,
          name,
          nameAr,
          role,
          passwordHash,
          bio: profile?.bio ?? null,
          bioAr: profile?.bioAr ?? null,
          profileLinks: profile?.links ?? [],
        })),
      )
      .onConflictDoNothing();
    const accounts = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          sql`lower(${users.email})`,
          DEMO_ACCOUNTS.map((account) => account.email),
        ),
      );
    const idOf = (key: "admin" | "trainer") => {
      const email = DEMO_ACCOUNTS.find((account) => account.key === key)?.email;
      const account = accounts.find((row) => row.email.toLowerCase() === email);
      if (!account) throw new Error(`Demo account ${key} is missing`);
      return account.id;
    };

    // The first course in the list is the newest, so the catalog opens on it.
    const now = Date.now();
    for (const [index, course] of seedCourses.entries()) {
      const created = new Date(now - index * HOUR);
      const [inserted] = await tx
        .insert(courses)
        .values({
          slug: course.slug,
          title: course.title.en,
          titleAr: course.title.ar,
          description: course.description.en,
          descriptionAr: course.description.ar,
          // Rendered once here, as the studio does on every save.
          descriptionHtml: renderMarkdown(course.description.en),
          descriptionArHtml: renderMarkdown(course.description.ar),
          category: course.category,
          price: course.price,
          ...decisionColumns(course.slug),
          imageUrl: course.image,
          isPublished: !course.draft,
          trainerId: idOf(course.instructor),
          createdAt: created,
          // The draft is the course in progress: the last one edited, so it opens the trainer's studio.
          updatedAt: course.draft ? new Date(now) : created,
        })
        .onConflictDoNothing({ target: courses.slug })
        .returning({ id: courses.id });
      if (!inserted) continue;
      const [section] = await tx
        .insert(courseSections)
        .values({ courseId: inserted.id, position: 1, title: "Course content", titleAr: "محتوى الدورة" })
        .returning({ id: courseSections.id });
      if (!section) throw new Error("section not inserted");
      await tx.insert(lessons).values(
        course.lessons.map((lesson, position) => ({
          courseId: inserted.id,
          sectionId: section.id,
          position: position + 1,
          title: lesson.title.en,
          titleAr: lesson.title.ar,
          durationMinutes: lesson.durationMinutes,
        })),
      );
    }

    // The seed's plain paragraphs become Markdown that renders back to the same words.
    const markdown = (text: string) => {
      const source = plainTextToMarkdown(text);
      return { source, html: renderMarkdown(source) };
    };
    await tx
      .insert(blogPosts)
      .values(
        seedBlogPosts.map((post) => {
          const body = paragraphsToMarkdown(post.body.en);
          const bodyAr = paragraphsToMarkdown(post.body.ar);
          const publishedAt = new Date(`${post.publishedAt}T09:00:00Z`);
          return {
            slug: post.slug,
            title: post.title.en,
            titleAr: post.title.ar,
            excerpt: post.excerpt.en,
            excerptAr: post.excerpt.ar,
            body,
            bodyAr,
            bodyHtml: renderMarkdown(body),
            bodyArHtml: renderMarkdown(bodyAr),
            authorName: post.author.en,
            authorNameAr: post.author.ar,
            coverUrl: post.cover,
            status: "published" as const,
            publishedAt,
            updatedAt: publishedAt,
          };
        }),
      )
      .onConflictDoNothing({ target: blogPosts.slug });

    await tx
      .insert(portfolioItems)
      .values(
        seedPortfolioItems.map((item, index) => {
          const created = new Date(now - index * HOUR);
          const [problem, problemAr, strategy, strategyAr, result, resultAr] = [
            item.problem.en,
            item.problem.ar,
            item.strategy.en,
            item.strategy.ar,
            item.result.en,
            item.result.ar,
          ].map(markdown) as [Md, Md, Md, Md, Md, Md];
          return {
            slug: item.slug,
            title: item.title.en,
            titleAr: item.title.ar,
            clientName: item.clientName.en,
            clientNameAr: item.clientName.ar,
            sector: item.sector.en,
            sectorAr: item.sector.ar,
            problem: problem.source,
            problemAr: problemAr.source,
            problemHtml: problem.html,
            problemArHtml: problemAr.html,
            strategy: strategy.source,
            strategyAr: strategyAr.source,
            strategyHtml: strategy.html,
            strategyArHtml: strategyAr.html,
            result: result.source,
            resultAr: resultAr.source,
            resultHtml: result.html,
            resultArHtml: resultAr.html,
            images: item.images.map((url) => ({ url, publicId: null, alt: null, altAr: null })),
            status: "published" as const,
            publishedAt: created,
            createdAt: created,
            updatedAt: created,
          };
        }),
      )
      .onConflictDoNothing({ target: portfolioItems.slug });
  });

  const [learner] = await db.select().from(users).where(eq(users.email, "learner@manara.local"));
  const [admin] = await db.select().from(users).where(eq(users.email, "admin@manara.local"));
  if (learner && (await db.$count(walletLedger, eq(walletLedger.userId, learner.id))) === 0) {
    await creditWallet(db, {
      userId: learner.id,
      actorId: admin?.id ?? null,
      amount: DEMO_LEARNER_CREDIT,
      reason: "Welcome credit (demo)",
    });
  }
  await seedDemoBankAccount(db);
  await seedDemoVideos(db);
  await seedDemoCaptions(db);
  await seedDemoCurriculum(db);
  await seedDemoCertificate(db);
  await seedDemoReviews(db);
  await seedDemoQa(db);
  await seedDemoLeads(db);
  if (admin) await seedDemoSiteSettings(db, admin.id);
  if (admin) await seedDemoLandingPage(db, admin.id);
  if (admin) await seedDemoConsultations(db, admin.id);
}

/** A demo course's decision lists as columns (app/seed/data/course-decisions.ts); none for the others. */
function decisionColumns(slug: string) {
  const decision = seedCourseDecisions[slug];
  if (!decision) return {};
  return {
    outcomes: decision.outcomes.en,
    outcomesAr: decision.outcomes.ar,
    requirements: decision.requirements.en,
    requirementsAr: decision.requirements.ar,
    audience: decision.audience.en,
    audienceAr: decision.audience.ar,
    languages: COURSE_LANGUAGES.filter((language) => decision.languages.includes(language)),
  };
}
