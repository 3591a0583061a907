// The studio's field rules, shared by the page forms and the JSON API. Messages are keys in the `studio`
// namespace; money is typed in currency units and becomes integer minor units here.
import { z } from "zod";
import { readConfig } from "../config.server";
import { COURSE_CATEGORIES } from "../courses/categories";
import { COURSE_LANGUAGES, type CourseLanguage } from "../courses/course-languages";
import { amountSchema, minorUnitDigits, minorUnitsPerUnit, parseAmount } from "../lib/money";
import { entityId, queryInteger, safeText } from "../lib/validation";

export const MAX_TITLE = 200;
export const MAX_DESCRIPTION = 20_000;
/** 100,000 units of the currency: far above any course, far below the int4 column (10⁸ minor units of KWD). */
export function maxPriceMinorUnits(currency: string): number {
  return 100_000 * minorUnitsPerUnit(currency);
}
export const MAX_LESSON_MINUTES = 10_000;
export const MAX_LESSONS = 200;
export const MAX_SECTIONS = 50;
/** The section every course starts with, and the one migration 0018 gave existing courses. */
export const DEFAULT_SECTION_TITLE = { en: "Course content", ar: "محتوى الدورة" } as const;

/** A typed price ("49", "49.9", 49.99, "٤٩") as minor units of `currency`, or null. 0 is free. */
export function parsePrice(input: string | number, currency = readConfig().currency): number | null {
  const minorUnits = parseAmount(input, minorUnitDigits(currency), 6);
  return minorUnits !== null && minorUnits <= maxPriceMinorUnits(currency) ? minorUnits : null;
}

/** Trimmed text that fits its column, with no NUL or other control characters (app/lib/validation.ts). */
function text(max: number, tooLong: string) {
  return safeText({ max, error: "errors.invalid", tooLong }).trim();
}

/** Empty optional text is "not given" (null), so Arabic falls back to English. */
const optionalText = (max: number, tooLong: string) =>
  text(max, tooLong)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

export const Title = text(MAX_TITLE, "errors.titleTooLong").min(1, { error: "errors.titleRequired" });
export const TitleAr = optionalText(MAX_TITLE, "errors.titleTooLong");
export const Description = text(MAX_DESCRIPTION, "errors.descriptionTooLong");
export const DescriptionAr = optionalText(MAX_DESCRIPTION, "errors.descriptionTooLong");
export const Category = z.enum(COURSE_CATEGORIES, { error: "errors.categoryRequired" });
/**
 * A course price in `currency`: a number is bounded and a multiple of the currency's smallest unit in the
 * schema itself (and so in the API document), 0 is free, and an empty field asks for a price.
 */
export function priceField(currency: string) {
  return amountSchema({
    currency,
    min: 0,
    max: maxPriceMinorUnits(currency),
    invalid: "errors.priceInvalid",
    empty: "errors.priceRequired",
  });
}

/** A price in the configured CURRENCY. */
export const Price = priceField(readConfig().currency);

export const DurationMinutes = z.coerce
  .number({ error: "errors.durationInvalid" })
  .int({ error: "errors.durationInvalid" })
  .min(0, { error: "errors.durationInvalid" })
  .max(MAX_LESSON_MINUTES, { error: "errors.durationInvalid" });

/** An optional duration typed in a form: empty means unknown. */
export const OptionalDuration = z
  .union([z.literal(""), z.null(), z.undefined(), DurationMinutes])
  .transform((value) => (value === "" || value === undefined ? null : value));

// ── What a buyer decides on (issue 50, item 2): short lists in both languages, and the languages taught in ──

/** Items of each list (outcomes, requirements, audience): a page's worth, not a syllabus. */
export const MAX_LIST_ITEMS = 12;
export const MAX_LIST_ITEM = 200;

const ListItem = text(MAX_LIST_ITEM, "errors.listItemTooLong");
/** A list as the API sends it: trimmed items, blank ones dropped. */
const ApiList = z
  .array(ListItem, { error: "errors.invalid" })
  .transform((items) => items.filter(Boolean))
  .pipe(z.array(z.string()).max(MAX_LIST_ITEMS, { error: "errors.listTooLong" }));
/** A list as a form's text area sends it: one item per line, blank lines dropped. */
const LinesList = z
  .string({ error: "errors.invalid" })
  .max(MAX_LIST_ITEMS * (MAX_LIST_ITEM + 2) * 2, { error: "errors.listTooLong" })
  .optional()
  .transform((value) => (value ?? "").split(/\r?\n/))
  .pipe(ApiList);
/** The languages a course is taught in: one or both, in a fixed order. */
const ApiLanguages = z
  .array(z.enum(COURSE_LANGUAGES, { error: "errors.languagesInvalid" }), { error: "errors.languagesInvalid" })
  .min(1, { error: "errors.languagesInvalid" })
  .transform((chosen) => COURSE_LANGUAGES.filter((language) => chosen.includes(language)));
/** The form's one choice: English, Arabic, or both ("en ar"). */
const FormLanguages = z
  .enum(["en", "ar", "en ar"], { error: "errors.languagesInvalid" })
  .default("en")
  .transform((value) => value.split(" ") as CourseLanguage[]);

/** The landing form (SPEC §3 course form) as posted by a page. Description may be empty on a draft. */
export const CourseLandingForm = z.object({
  title: Title,
  titleAr: TitleAr,
  category: Category,
  description: Description,
  descriptionAr: DescriptionAr,
  price: Price,
  outcomes: LinesList,
  outcomesAr: LinesList,
  requirements: LinesList,
  requirementsAr: LinesList,
  audience: LinesList,
  audienceAr: LinesList,
  languages: FormLanguages,
});
export type CourseLanding = z.infer<typeof CourseLandingForm>;
/** The decision fields: optional to whoever creates a course (the API may leave them out). */
export type CourseDecisionFields = Pick<
  CourseLanding,
  "outcomes" | "outcomesAr" | "requirements" | "requirementsAr" | "audience" | "audienceAr" | "languages"
>;

/** An article lesson's Markdown: a long read is fine, a book is not. */
export const MAX_ARTICLE = 100_000;
export const LESSON_KINDS = ["video", "article", "quiz"] as const;
export const LessonKindInput = z.enum(LESSON_KINDS, { error: "errors.kindInvalid" });
const ArticleBody = text(MAX_ARTICLE, "errors.articleTooLong");
const ArticleBodyAr = optionalText(MAX_ARTICLE, "errors.articleTooLong");

/** A lesson's form. The body fields are an article's only; other kinds' forms leave them out (undefined). */
export const LessonForm = z.object({
  title: Title,
  titleAr: TitleAr,
  durationMinutes: OptionalDuration,
  body: ArticleBody.optional(),
  bodyAr: ArticleBodyAr,
});
export type LessonFields = z.infer<typeof LessonForm>;

const FormRowId = entityId("errors.formInvalid");

/** The add-a-lesson form: a lesson's fields, its kind, and the section it goes to (the last one if none). */
export const NewLessonForm = LessonForm.extend({
  kind: LessonKindInput.default("video"),
  sectionId: z
    .union([z.literal(""), FormRowId])
    .optional()
    .transform((value) => value || undefined),
});

/** A section's title in both languages (the Arabic falls back to the English). */
export const SectionForm = z.object({ title: Title, titleAr: TitleAr });

// ── The JSON API's bodies (SPEC §7 POST/PUT /api/instructor/course) ──────────────────────────────────────

const RowId = entityId("errors.invalid");

export const ApiLesson = z.object({
  id: RowId.optional(),
  title: Title,
  titleAr: TitleAr,
  durationMinutes: z
    .number({ error: "errors.durationInvalid" })
    .int({ error: "errors.durationInvalid" })
    .min(0, { error: "errors.durationInvalid" })
    .max(MAX_LESSON_MINUTES, { error: "errors.durationInvalid" })
    .nullish(),
  pdfUrl: safeText({ max: 500, error: "errors.invalid" }).nullish(),
});

const ApiImage = z
  .object({
    url: safeText({ max: 2000, error: "errors.invalid" }).optional(),
    public_id: safeText({ max: 200, error: "errors.invalid" }),
  })
  .nullable();

export const ApiCourseCreate = z.object({
  title: Title,
  titleAr: TitleAr,
  category: Category,
  description: Description.min(1, { error: "errors.descriptionRequired" }),
  descriptionAr: DescriptionAr,
  price: Price,
  outcomes: ApiList.optional(),
  outcomesAr: ApiList.optional(),
  requirements: ApiList.optional(),
  requirementsAr: ApiList.optional(),
  audience: ApiList.optional(),
  audienceAr: ApiList.optional(),
  languages: ApiLanguages.optional(),
  image: ApiImage.optional(),
  isPublished: z.boolean({ error: "errors.invalid" }).optional(),
  lessons: z
    .array(ApiLesson, { error: "errors.invalid" })
    .max(MAX_LESSONS, { error: "errors.tooManyLessons" })
    .optional(),
});

export const ApiCourseUpdate = ApiCourseCreate.partial().extend({
  // A draft may be saved with an empty description; publishing still needs one.
  description: Description.optional(),
});

/** POST /api/instructor/course/:id/sections and PUT /api/instructor/sections/:id. */
export const ApiSection = SectionForm;

/** POST /api/instructor/sections/:id/lessons. */
export const ApiNewLesson = z.object({
  kind: LessonKindInput.default("video"),
  title: Title,
  titleAr: TitleAr,
  durationMinutes: ApiLesson.shape.durationMinutes,
  body: ArticleBody.optional(),
  bodyAr: ArticleBodyAr,
});

/**
 * PUT /api/instructor/lessons/:id: a lesson's kind never changes. `isFreePreview` is the studio's free-preview
 * switch (any kind of lesson), left as it is when absent.
 */
export const ApiLessonUpdate = ApiNewLesson.omit({ kind: true }).extend({
  isFreePreview: z.boolean({ error: "errors.invalid" }).optional(),
});

/** POST /api/instructor/lessons/:id/move: a section of the same course and a 1-based place in it. */
export const ApiLessonMove = z.object({
  sectionId: RowId,
  position: z
    .int({ error: "errors.invalid" })
    .min(1, { error: "errors.invalid" })
    .max(MAX_LESSONS, { error: "errors.invalid" }),
});

/** GET /api/instructor/my-courses?limit&offset&trainerId. */
export const MyCoursesQuery = z.object({
  limit: queryInteger(1, 50).default(10),
  offset: queryInteger(0, 1_000_000).default(0),
  trainerId: z.uuid().optional(),
});
