// The video-check job (app/jobs/): once the last byte of an upload to our own store arrived
// (`completeLocalUpload`), a worker judges the stored object, reads its duration and attaches it to its
// lesson (`finishLocalVideo`). In a job rather than in the request that brought the last byte: the object
// may sit in a bucket, reading it may fail for a moment and deserves retries, and the renditions that
// follow (issue 36) take minutes.
import { z } from "zod";
import type { Database } from "../db/client.server";
import { finishLocalVideo } from "./videos.server";

const VideoCheck = z.object({ videoId: z.uuid() });

/** Checks the video once; "gone" when it was removed, and otherwise its status afterwards. */
export async function checkLocalVideo(db: Database, data: unknown): Promise<string> {
  const { videoId } = VideoCheck.parse(data);
  const video = await finishLocalVideo(db, videoId);
  return video?.status ?? "gone";
}
