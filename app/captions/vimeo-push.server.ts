// The vimeo-captions job (decision 057): a lesson's captions follow its Vimeo video to Vimeo's text tracks, so
// Vimeo's own player shows them. The studio's save or delete queues the job in its transaction; the request
// never waits on Vimeo. Idempotent: a push finds the captions as they are now (replaced ones are pushed by
// their own job), and a delete of a track already gone is done.
import { z } from "zod";
import type { Database } from "../db/client.server";
import { captionLang } from "../db/schema";
import { hostFor } from "../video/host.server";
import { captionsToPush, recordVimeoTextTrack } from "./captions.server";

const LANGUAGE_NAMES = { en: "English", ar: "العربية" } as const;

export const VimeoCaptionJob = z.discriminatedUnion("op", [
  z.object({
    op: z.literal("push"),
    lessonId: z.number().int().positive(),
    lang: z.enum(captionLang.enumValues),
    /** The track of the captions this upload replaced, deleted once the new one is there. */
    replacedTextTrackId: z.string().nullable(),
  }),
  z.object({ op: z.literal("delete"), videoId: z.string().min(1), textTrackId: z.string().min(1) }),
]);
export type VimeoCaptionJob = z.infer<typeof VimeoCaptionJob>;

export async function runVimeoCaptionJob(db: Database, data: unknown): Promise<{ done: string }> {
  const job = VimeoCaptionJob.parse(data);
  const tracks = hostFor("vimeo")?.textTracks;
  // Vimeo no longer configured: nothing can reach it, and the app serves the captions itself anyway.
  if (!tracks) return { done: "vimeo_not_configured" };
  if (job.op === "delete") {
    await tracks.remove({ providerId: job.videoId, textTrackId: job.textTrackId });
    return { done: "deleted" };
  }
  const captions = await captionsToPush(db, job.lessonId, job.lang);
  if (!captions) return { done: "nothing_to_push" };
  if (!captions.textTrackId) {
    const textTrackId = await tracks.upload({
      providerId: captions.vimeoVideoId,
      language: job.lang,
      name: LANGUAGE_NAMES[job.lang],
      vtt: captions.vtt,
    });
    const recorded = await recordVimeoTextTrack(db, job.lessonId, job.lang, captions.updatedAt, textTrackId);
    // Replaced while we uploaded: the newer captions' own job pushes them; this track is stale.
    if (!recorded) await tracks.remove({ providerId: captions.vimeoVideoId, textTrackId });
  }
  if (job.replacedTextTrackId)
    await tracks.remove({ providerId: captions.vimeoVideoId, textTrackId: job.replacedTextTrackId });
  return { done: "pushed" };
}
