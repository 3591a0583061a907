// The editorial field rules, shared by the page forms and the JSON API. Messages are keys in the
// `editorial` namespace. Markdown fields are bounded so two languages of the longest article still fit the
// 1 MiB body limit of forms and JSON.
import { z } from "zod";
import { entityId, safeText } from "../lib/validation";

import {
  EDITORIAL_STATUSES,
  MAX_ALT,
  MAX_BODY,
  MAX_EXCERPT,
  MAX_GALLERY,
  MAX_NAME,
  MAX_SECTION,
  MAX_TITLE,
  MAX_UPLOAD_FILES,
} from "./limits";

export {
  EDITORIAL_STATUSES,
  MAX_ALT,
  MAX_BODY,
  MAX_EXCERPT,
  MAX_GALLERY,
  MAX_NAME,
  MAX_SECTION,
  MAX_TITLE,
  MAX_UPLOAD_FILES,
};

/** Trimmed text that fits, with no NUL or other control characters (app/lib/validation.ts). */
function text(max: number, tooLong = "errors.tooLong") {
  return safeText({ max, error: "errors.invalid", tooLong }).trim();
}

// `.trim()` and `.min()` are zod's own string steps (not a transform and a pipe), so the OpenAPI document
// shows `minLength`.
function required(max: number, requiredKey: string) {
  return text(max).min(1, { error: requiredKey });
}

/** Empty optional text is "not given" (null), so Arabic falls back to English. */
function optional(max: number) {
  return text(max)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
}

export const Status = z.enum(EDITORIAL_STATUSES, { error: "errors.status" });

/**
 * A form's `datetime-local` value ("2026-12-01T09:30", read as UTC: the field says so) or empty.
 * Seconds are accepted; anything else is refused.
 */
export const FormDateTime = z
  .string({ error: "errors.publishAt" })
  .regex(/^$|^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, { error: "errors.publishAt" })
  .transform((value, ctx) => {
    if (value === "") return null;
    const date = new Date(`${value.length === 16 ? `${value}:00` : value}Z`);
    if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 2100) {
      ctx.addIssue({ code: "custom", message: "errors.publishAt" });
      return z.NEVER;
    }
    return date;
  });

/** An API date: ISO 8601 with a time zone ("2026-12-01T09:30:00Z", "…+03:00"), or null. */
export const ApiDateTime = z.iso
  .datetime({ offset: true, error: "errors.publishAt" })
  .transform((value, ctx) => {
    const date = new Date(value);
    if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 2100) {
      ctx.addIssue({ code: "custom", message: "errors.publishAt" });
      return z.NEVER;
    }
    return date;
  })
  .nullable();

// ── Blog posts ─────────────────────────────────────────────────────────────────────────────────────────

const postText = {
  title: required(MAX_TITLE, "errors.titleRequired"),
  titleAr: optional(MAX_TITLE),
  excerpt: required(MAX_EXCERPT, "errors.excerptRequired"),
  excerptAr: optional(MAX_EXCERPT),
  body: required(MAX_BODY, "errors.bodyRequired"),
  bodyAr: optional(MAX_BODY),
};

export const PostForm = z.object({ ...postText, status: Status, publishAt: FormDateTime.optional() });
export type PostFields = z.infer<typeof PostForm>;

/**
 * SPEC §3 image object. `public_id` names an upload (POST /api/cloudinary/upload) the caller may attach; an
 * image that came with the item (seeded files have no public id) is kept by sending its `url` back.
 */
const ApiImageRef = z.object({
  url: safeText({ max: 2000, error: "errors.invalid" }).optional(),
  public_id: safeText({ max: 200, error: "errors.invalid" }).nullish(),
});

export const ApiPostCreate = z.object({
  ...postText,
  coverImage: ApiImageRef.nullish(),
  status: Status.default("draft"),
  publishAt: ApiDateTime.optional(),
});
export const ApiPostUpdate = ApiPostCreate.partial().extend({ status: Status.optional() });
export type ApiPostInput = z.infer<typeof ApiPostUpdate>;

// ── Case studies ───────────────────────────────────────────────────────────────────────────────────────

const caseText = {
  title: required(MAX_TITLE, "errors.titleRequired"),
  titleAr: optional(MAX_TITLE),
  clientName: required(MAX_NAME, "errors.clientNameRequired"),
  clientNameAr: optional(MAX_NAME),
  sector: optional(MAX_NAME),
  sectorAr: optional(MAX_NAME),
  problem: required(MAX_SECTION, "errors.problemRequired"),
  problemAr: optional(MAX_SECTION),
  strategy: required(MAX_SECTION, "errors.strategyRequired"),
  strategyAr: optional(MAX_SECTION),
  result: required(MAX_SECTION, "errors.resultRequired"),
  resultAr: optional(MAX_SECTION),
};

export const CaseStudyForm = z.object({ ...caseText, status: Status, publishAt: FormDateTime.optional() });
export type CaseStudyFields = z.infer<typeof CaseStudyForm>;

const ApiGalleryImage = ApiImageRef.extend({
  alt: optional(MAX_ALT),
  altAr: optional(MAX_ALT),
});

export const ApiCaseStudyCreate = z.object({
  ...caseText,
  images: z
    .array(ApiGalleryImage, { error: "errors.invalid" })
    .max(MAX_GALLERY, { error: "errors.galleryFull" })
    .default([]),
  status: Status.default("draft"),
  publishAt: ApiDateTime.optional(),
});
export const ApiCaseStudyUpdate = ApiCaseStudyCreate.partial().extend({
  images: ApiCaseStudyCreate.shape.images.unwrap().optional(),
  status: Status.optional(),
});

/**
 * The fields of a multipart POST /api/portfolio: the same as JSON, as strings; `images` files travel
 * beside them, with optional `alt`/`altAr` strings in the same order.
 */
export const MultipartCaseStudy = z.object({
  ...caseText,
  status: Status.default("draft"),
  publishAt: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(ApiDateTime.unwrap().optional()),
});

/**
 * The gallery form: each image's key (its upload id, or `url:` and the address of an image without one) and
 * alt texts in display order (lists: read with `GALLERY_LISTS`), and at most one move or removal (the button
 * that submitted it).
 */
const galleryFields = {
  imageKey: z
    .array(safeText({ max: 2100, error: "errors.invalid" }))
    .max(MAX_GALLERY, { error: "errors.galleryFull" }),
  alt: z.array(optional(MAX_ALT)),
  altAr: z.array(optional(MAX_ALT)),
  move: z
    .string()
    .regex(/^(up|down):\d{1,2}$/, { error: "errors.invalid" })
    .optional(),
  remove: z
    .string()
    .regex(/^\d{1,2}$/, { error: "errors.invalid" })
    .optional(),
};
export const GALLERY_LISTS = ["imageKey", "alt", "altAr"] as const;
export type GalleryFields = z.infer<z.ZodObject<typeof galleryFields>>;

// ── The editor pages' submits, one schema per page, told apart by the `intent` button ───────────────────

const intent = <Name extends string>(name: Name) => z.object({ intent: z.literal(name) });
const unknownAction = { error: "form.unknownAction" };

/** "New post" and "New case study": Preview or Save (Create). */
export const NewPostIntent = z.discriminatedUnion(
  "intent",
  [intent("preview"), PostForm.extend({ intent: z.literal("save") })],
  unknownAction,
);
export const NewCaseStudyIntent = z.discriminatedUnion(
  "intent",
  [intent("preview"), CaseStudyForm.extend({ intent: z.literal("save") })],
  unknownAction,
);

/** A post's editor: the form's Preview and Save, Unpublish, Remove cover, Delete. */
export const PostEditorIntent = z.discriminatedUnion(
  "intent",
  [
    intent("preview"),
    PostForm.extend({ intent: z.literal("save") }),
    intent("unpublish"),
    intent("removeCover"),
    intent("delete"),
  ],
  unknownAction,
);

/** A case study's editor: the form's Preview and Save, the gallery, Unpublish, Delete. */
export const CaseStudyEditorIntent = z.discriminatedUnion(
  "intent",
  [
    intent("preview"),
    CaseStudyForm.extend({ intent: z.literal("save") }),
    z
      .object({ intent: z.literal("gallery"), ...galleryFields })
      .refine(
        (form) => form.alt.length === form.imageKey.length && form.altAr.length === form.imageKey.length,
        {
          error: "errors.invalid",
        },
      ),
    intent("unpublish"),
    intent("delete"),
  ],
  unknownAction,
);

export const IdParam = entityId("errors.notFound");
