// A teacher's public profile (issue 50, item 2), free of the database: what a bio and the links may hold,
// read the same way from the studio's form and from the API.
import { z } from "zod";
import { safeText } from "../lib/validation";

export const BIO_MAX = 1500;
export const LINKS_MAX = 4;
const LINK_MAX = 300;

/** Messages are translation keys in the `instructors` namespace. */
const bio = safeText({ max: BIO_MAX, error: "errors.bio", tooLong: "errors.bioTooLong" })
  .trim()
  .transform((value) => (value === "" ? null : value));

/** An https address of at most 300 characters, with a host and no credentials in it. */
export function isProfileLink(text: string): boolean {
  if (text.length > LINK_MAX || !URL.canParse(text)) return false;
  const url = new URL(text);
  return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
}

const links = z
  .array(z.string().trim())
  .transform((items) => items.filter((item) => item !== ""))
  .pipe(
    z
      .array(z.string().refine(isProfileLink, { error: "errors.link" }))
      .max(LINKS_MAX, { error: "errors.tooManyLinks" }),
  );

export const InstructorProfileInput = z.strictObject({
  bio: bio.optional().transform((value) => value ?? null),
  bioAr: bio.optional().transform((value) => value ?? null),
  links: links.optional().transform((value) => value ?? []),
});
export type InstructorProfileInput = z.infer<typeof InstructorProfileInput>;

/** The form's links box: one address per line. */
export function linksFromText(text: string): string[] {
  return text.split(/\r?\n/).slice(0, 20);
}

/** The studio's form: the same fields, the links typed one per line in a box. */
export const InstructorProfileForm = z.object({
  bio: bio.optional().transform((value) => value ?? null),
  bioAr: bio.optional().transform((value) => value ?? null),
  links: z
    .string()
    .max(LINKS_MAX * (LINK_MAX + 2) + 200, { error: "errors.tooManyLinks" })
    .optional()
    .transform((text) => linksFromText(text ?? ""))
    .pipe(links),
});

/**
 * The API's PUT: the text as above, and optionally the photo: `{public_id}` of one of the teacher's own
 * uploaded images (POST /api/cloudinary/upload), or null to remove it; left out, the photo stays.
 */
export const InstructorProfileApiInput = InstructorProfileInput.extend({
  photo: z
    .strictObject({ public_id: z.string().min(1).max(200) })
    .nullable()
    .optional()
    .describe("One of your uploaded images, or null to remove the photo; absent leaves it"),
});
