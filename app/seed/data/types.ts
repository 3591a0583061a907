// Shapes of the demo content that `npm run db:seed` inserts; the data files beside this one fill them.
import type { CourseCategory } from "../../courses/categories";

/** A text given in both interface languages. Arabic is a real translation, never a copy. */
export type Bilingual = { en: string; ar: string };

export type SeedLesson = {
  title: Bilingual;
  durationMinutes: number;
};

export type SeedCourse = {
  /** Stable unique key that makes the seed idempotent, e.g. "react-from-zero". */
  slug: string;
  category: CourseCategory;
  /** Price in minor units (cents). 0 means free. */
  price: number;
  /** Which demo trainer teaches it: "trainer" (trainer@manara.local) or "admin" (admin@manara.local). */
  instructor: "trainer" | "admin";
  title: Bilingual;
  /** 2-4 sentences. */
  description: Bilingual;
  /** Public path of a thumbnail shipped in public/, e.g. "/images/courses/react-from-zero-to-production.jpg" (one per course, drawn by scripts/demo-covers.ts). */
  image: string;
  /** 3 to 8 lessons, in order. */
  lessons: SeedLesson[];
  /** A draft shows in the trainer's studio but not in the catalog. */
  draft?: boolean;
};

export type SeedBlogPost = {
  slug: string;
  title: Bilingual;
  /** One or two sentences shown on cards. */
  excerpt: Bilingual;
  /** Paragraphs of the article, in order (4-7 each). Plain text, no markdown. */
  body: { en: string[]; ar: string[] };
  author: Bilingual;
  /** Public path of a cover image shipped in public/. */
  cover: string;
  /** ISO date, e.g. "2026-09-14". */
  publishedAt: string;
};

export type SeedPortfolioItem = {
  slug: string;
  title: Bilingual;
  clientName: Bilingual;
  /** Industry or service line shown as a tag, e.g. "E-commerce". */
  sector: Bilingual;
  problem: Bilingual;
  strategy: Bilingual;
  result: Bilingual;
  /** 1-3 public image paths shipped in public/. */
  images: string[];
};
