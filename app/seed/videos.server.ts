// Demo videos for the demo courses: two small, license-free clips made for Manara with ffmpeg (a test
// pattern and a sine tone, H.264 + AAC in MP4 with the index up front; see docs/decisions/013-video.md),
// copied into our video store (the object storage, under media/videos/) so a newcomer with no network can
// watch lessons at once.
// Idempotent: a lesson that already has a video keeps it; a seeded video whose file vanished is copied again.
import { createReadStream, existsSync } from "node:fs";
import { open, stat } from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { courses, lessons, videos } from "../db/schema";
import { readMp4Duration } from "../video/container";
import { type LocalVideoHost, localVideoHost } from "../video/host.server";

/** Where the clips live in the repository (the Dockerfile copies them into the image too). */
export const DEMO_VIDEO_DIR = path.resolve(process.cwd(), "app/seed/data/videos");

type DemoVideo = { course: string; position: number; file: string; freePreview?: boolean };

/** Free courses get whole lessons; a paid course gets a free-preview lesson and a lesson for its learners. */
export const DEMO_VIDEOS: DemoVideo[] = [
  { course: "modern-css-layouts", position: 1, file: "manara-demo-1.mp4" },
  { course: "modern-css-layouts", position: 2, file: "manara-demo-2.mp4" },
  { course: "react-from-zero-to-production", position: 1, file: "manara-demo-1.mp4", freePreview: true },
  { course: "react-from-zero-to-production", position: 2, file: "manara-demo-2.mp4" },
  {
    course: "typescript-for-javascript-developers",
    position: 1,
    file: "manara-demo-2.mp4",
    freePreview: true,
  },
];

async function durationOf(file: string): Promise<number | null> {
  const size = (await stat(file)).size;
  const handle = await open(file, "r");
  try {
    return await readMp4Duration(async (position, length) => {
      const buffer = new Uint8Array(Math.max(0, Math.min(length, size - position)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      return buffer.subarray(0, bytesRead);
    }, size);
  } finally {
    await handle.close();
  }
}

async function storeClip(host: LocalVideoHost, videoId: string, source: string): Promise<void> {
  await host.storage.put(host.key(videoId), createReadStream(source), { contentType: "video/mp4" });
}

export async function seedDemoVideos(
  db: Database,
  { host = localVideoHost() }: { host?: LocalVideoHost } = {},
) {
  const slugs = [...new Set(DEMO_VIDEOS.map((demo) => demo.course))];
  const rows = await db
    .select({
      lessonId: lessons.id,
      position: lessons.position,
      videoId: lessons.videoId,
      slug: courses.slug,
      trainerId: courses.trainerId,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(inArray(courses.slug, slugs));
  for (const demo of DEMO_VIDEOS) {
    const source = path.join(DEMO_VIDEO_DIR, demo.file);
    const lesson = rows.find((row) => row.slug === demo.course && row.position === demo.position);
    if (!lesson || !existsSync(source)) continue;
    if (lesson.videoId) {
      const [video] = await db.select().from(videos).where(eq(videos.id, lesson.videoId));
      if (
        video?.provider === "local" &&
        video.fileName === demo.file &&
        !(await host.storage.head(host.key(lesson.videoId)))
      )
        await storeClip(host, lesson.videoId, source);
      continue;
    }
    const size = (await stat(source)).size;
    const [video] = await db
      .insert(videos)
      .values({
        provider: "local",
        ownerId: lesson.trainerId,
        lessonId: lesson.lessonId,
        fileName: demo.file,
        contentType: "video/mp4",
        size,
        bytesReceived: size,
        status: "ready",
        durationSeconds: await durationOf(source),
      })
      .returning({ id: videos.id });
    if (!video) continue;
    await db.update(videos).set({ providerId: video.id }).where(eq(videos.id, video.id));
    await storeClip(host, video.id, source);
    await db
      .update(lessons)
      .set({ videoId: video.id, isFreePreview: Boolean(demo.freePreview) })
      .where(eq(lessons.id, lesson.lessonId));
  }
}
