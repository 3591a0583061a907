// Demo captions (issue 36): the demo clips' lessons (app/seed/videos.server.ts) carry English and Arabic
// captions, files in app/seed/data/captions/ named after their clip, normalised by the caption module like
// any upload. Idempotent: a lesson's captions already there (seeded or a trainer's) are kept.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { parseCaptions, serializeWebVtt, validateAgainstDuration } from "../captions/captions";
import { CAPTION_LANGS } from "../captions/captions.server";
import type { Database } from "../db/client.server";
import { courses, lessonCaptions, lessons, videos } from "../db/schema";
import { DEMO_VIDEOS } from "./videos.server";

export const DEMO_CAPTION_DIR = path.resolve(process.cwd(), "app/seed/data/captions");

export async function seedDemoCaptions(db: Database): Promise<void> {
  const slugs = [...new Set(DEMO_VIDEOS.map((demo) => demo.course))];
  const rows = await db
    .select({
      lessonId: lessons.id,
      position: lessons.position,
      slug: courses.slug,
      fileName: videos.fileName,
      durationSeconds: videos.durationSeconds,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(videos, eq(videos.id, lessons.videoId))
    .where(inArray(courses.slug, slugs));
  for (const demo of DEMO_VIDEOS) {
    const lesson = rows.find((row) => row.slug === demo.course && row.position === demo.position);
    // Only a lesson still playing its demo clip: captions must match what plays.
    if (!lesson || lesson.fileName !== demo.file) continue;
    for (const lang of CAPTION_LANGS) {
      const file = path.join(DEMO_CAPTION_DIR, demo.file.replace(/\.mp4$/, `.${lang}.vtt`));
      if (!existsSync(file)) continue;
      const [existing] = await db
        .select({ lessonId: lessonCaptions.lessonId })
        .from(lessonCaptions)
        .where(and(eq(lessonCaptions.lessonId, lesson.lessonId), eq(lessonCaptions.lang, lang)));
      if (existing) continue;
      const parsed = parseCaptions(new Uint8Array(await readFile(file)), "vtt");
      if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message} (line ${parsed.error.line})`);
      const within = validateAgainstDuration(parsed.cues, lesson.durationSeconds);
      if (!within.ok) throw new Error(`${file}: ${within.error.message}`);
      await db
        .insert(lessonCaptions)
        .values({
          lessonId: lesson.lessonId,
          lang,
          vtt: serializeWebVtt(parsed.cues),
          cueCount: parsed.cues.length,
        })
        .onConflictDoNothing();
    }
  }
}
