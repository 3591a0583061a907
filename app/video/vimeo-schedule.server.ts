// When the vimeo-status job looks at a Vimeo video next (app/video/vimeo-poll.server.ts does the looking).
// Apart from it so the video module can queue the first look without importing the job that refreshes.
import type { Database } from "../db/client.server";
import { enqueueJob } from "../jobs/queue.server";

export const VIMEO_POLL_SECONDS = 15;
/** Vimeo's transcoding can take a while for a long video, not forever: stop following after a day. */
export const VIMEO_FOLLOW_MS = 24 * 60 * 60 * 1000;

/**
 * Queues the next look at `videoId`. One job per video and time slot: a second call in the same slot (the
 * upload link and a retry, two servers) queues nothing.
 */
export async function scheduleVimeoPoll(db: Database, videoId: string, now = new Date()): Promise<void> {
  const periodMs = VIMEO_POLL_SECONDS * 1000;
  const slot = Math.ceil((now.getTime() + periodMs) / periodMs);
  await enqueueJob(
    db,
    db,
    "vimeo-status",
    { videoId },
    {
      key: `${videoId}:${slot}`,
      startAfter: new Date(slot * periodMs),
    },
  );
}
