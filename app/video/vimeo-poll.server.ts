// Vimeo's side of a lesson video, followed by a job: every VIMEO_POLL_SECONDS while the video is uploading
// or processing there, a vimeo-status job asks Vimeo (refreshVideo) and, once Vimeo has all the bytes,
// attaches the video to its lesson. So a video becomes ready even if nobody keeps its studio page open, and
// whichever server's worker takes the job. The status endpoint still asks Vimeo on demand too, for the
// trainer watching the upload.
import { z } from "zod";
import type { Database } from "../db/client.server";
import { findVideo, refreshVideo } from "./videos.server";
import { scheduleVimeoPoll, VIMEO_FOLLOW_MS } from "./vimeo-schedule.server";

const VimeoPoll = z.object({ videoId: z.uuid() });

/** The vimeo-status job: refresh once, and look again later while Vimeo is not done. */
export async function pollVimeoVideo(
  db: Database,
  data: unknown,
  now = new Date(),
): Promise<"done" | "again" | "gone"> {
  const { videoId } = VimeoPoll.parse(data);
  const video = await findVideo(db, videoId);
  if (video?.provider !== "vimeo") return "gone";
  const next = await refreshVideo(db, video, now);
  const inFlight = next.status === "uploading" || next.status === "processing";
  if (!inFlight || now.getTime() - next.createdAt.getTime() > VIMEO_FOLLOW_MS) return "done";
  await scheduleVimeoPoll(db, videoId, now);
  return "again";
}
