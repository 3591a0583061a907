// Files uploaded through the media adapter (Cloudinary or the embedded store): who uploaded what, so only
// the uploader or an admin may delete it and a course can only point at files its editors uploaded.
import { bigint, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const mediaResourceType = pgEnum("media_resource_type", ["image", "raw"]);

export const mediaUploads = pgTable(
  "media_uploads",
  {
    publicId: text("public_id").primaryKey(),
    resourceType: mediaResourceType("resource_type").notNull(),
    uploaderId: uuid("uploader_id").references(() => users.id, { onDelete: "set null" }),
    url: text("url").notNull(),
    /** image/webp, application/pdf… as judged from the bytes. */
    contentType: text("content_type").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("media_uploads_uploader_idx").on(table.uploaderId)],
);

export type MediaUpload = typeof mediaUploads.$inferSelect;
export type MediaResourceType = (typeof mediaResourceType.enumValues)[number];
