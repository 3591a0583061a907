// What the pages' API and editor take (issue 49, item 7), built on the block schemas: a save carries the
// revision it was made from; a publish may name a time; a new landing page names its slug and title.
import { z } from "zod";
import { INT4_MAX, safeText } from "../lib/validation";
import { PageContent } from "./blocks";
import { SLUG_PATTERN } from "./policy";

/** `PUT /api/admin/pages/:slug`: the whole draft and the revision it was made from. */
export const PageSaveInput = PageContent.extend({
  revision: z
    .int({ error: "blocks.errors.revision" })
    .min(0)
    .max(INT4_MAX)
    .describe(
      "The page's `revision` when this draft was loaded; an older one is refused (409 stale_revision)",
    ),
});

/** `POST /api/admin/pages/:slug/publish`: now, or at `at`. */
export const PagePublishInput = z.strictObject({
  at: z.iso
    .datetime({ offset: true, error: "pages.refusals.invalidTime" })
    .optional()
    .describe("When the draft as it is now goes live; absent: at once"),
});

const title = (required: boolean) =>
  safeText({ max: 160, error: "blocks.errors.text", tooLong: "blocks.errors.tooLong" })
    .trim()
    .min(required ? 1 : 0, { error: "blocks.errors.required" });

/** `POST /api/admin/pages`: a landing page's address and title. */
export const PageCreateInput = z.strictObject({
  slug: z
    .string({ error: "pages.errors.slug" })
    .regex(SLUG_PATTERN, { error: "pages.errors.slug" })
    .describe("Lower-case letters, digits and single hyphens, 2 to 60 characters: the page's /p/:slug"),
  title: title(true),
  titleAr: title(false).default(""),
});
