// Videos for the role matrix: the embedded host on a temporary folder, a ready video attached to a lesson
// of `courseId` (owned by `trainer`) with its light renditions ready (the demo clip's bytes stand in for
// them: no ffmpeg here), and an upload link in flight.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";
import { lessons, type User, videoRenditions, videos } from "../../app/db/schema";
import { createLocalStorage } from "../../app/storage/local.server";
import { createLocalVideoHost, replaceVideoHost } from "../../app/video/host.server";
import { RENDITION_CONTENT_TYPES, RENDITION_QUALITIES } from "../../app/video/renditions";
import { renditionKey } from "../../app/video/renditions.server";
import { createUploadLink } from "../../app/video/videos.server";
import { withSection } from "./section-rows";

export const DEMO_VIDEO_PATH = path.resolve("app/seed/data/videos/manara-demo-2.mp4");

export type MatrixVideos = {
  lessonId: number;
  readyId: string;
  uploadingId: string;
  multipart: () => FormData;
  restore: () => void;
};

export async function matrixVideos(db: Database, trainer: User, courseId: number): Promise<MatrixVideos> {
  const host = createLocalVideoHost(createLocalStorage(mkdtempSync(path.join(tmpdir(), "manara-videos-"))));
  replaceVideoHost(host);
  const [lesson] = await db
    .insert(lessons)
    .values(await withSection(db, { courseId, position: 50, title: "Video lesson" }))
    .returning({ id: lessons.id });
  const lessonId = lesson?.id ?? 0;
  const bytes = readFileSync(DEMO_VIDEO_PATH);
  const [ready] = await db
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
  const readyId = ready?.id ?? "";
  await host.storage.put(host.key(readyId), bytes, { contentType: "video/mp4" });
  await db.update(lessons).set({ videoId: readyId }).where(eq(lessons.id, lessonId));
  // Its renditions (issue 36), ready: /media/videos/:videoId/low and /audio stream, offline lists them.
  for (const quality of RENDITION_QUALITIES) {
    await host.storage.put(renditionKey(readyId, quality), bytes, {
      contentType: RENDITION_CONTENT_TYPES[quality],
    });
    await db
      .insert(videoRenditions)
      .values({ videoId: readyId, quality, status: "ready", size: bytes.length });
  }
  const link = await createUploadLink(
    db,
    trainer,
    { fileSize: 1000, fileName: "m.mp4", description: "", lessonId },
    host,
  );
  if (!link.ok) throw new Error("upload link refused");
  return {
    lessonId,
    readyId,
    uploadingId: link.video.id,
    multipart: () => {
      const form = new FormData();
      form.set("lessonId", String(lessonId));
      form.set("file", new File([new Uint8Array(bytes)], "demo.mp4", { type: "video/mp4" }));
      return form;
    },
    restore: () => replaceVideoHost(undefined),
  };
}
