// What each queue's job does. Every handler is idempotent: pg-boss delivers a job at least once, and a
// retry may run after an attempt that did its work but died before its completion was written.
import { z } from "zod";
import { runVimeoCaptionJob } from "../captions/vimeo-push.server";
import { renderCertificateJob } from "../certificates/pdf-file.server";
import { certificateStore } from "../certificates/store.server";
import { sendConsultationReminder } from "../consultations/consultations.server";
import type { Database } from "../db/client.server";
import { announcePublicChange } from "../db/public-changes.server";
import { sendDocumentMailJob } from "../invoices/mail.server";
import type { Mailer } from "../mail/mailer.server";
import { deliverMail } from "../mail/outgoing.server";
import { runSweep } from "../maintenance/sweep.server";
import { dispatchNotificationMails, sendNotificationDigests } from "../notifications/delivery.server";
import { reconcileCardOrders, refundLatePayment, settleFromCallback } from "../orders/card-orders.server";
import { applyScheduledPublish } from "../pages/pages.server";
import { CARD_PROVIDERS } from "../payments/providers/types";
import { objectStorage } from "../storage/storage.server";
import { checkLocalVideo } from "../video/local-check.server";
import { makeRenditions, requestMissingRenditions } from "../video/renditions.server";
import { pollVimeoVideo } from "../video/vimeo-poll.server";
import type { JobQueueName } from "./policy";

/** What a worker brings to the jobs: the database and the transports, chosen by its process. */
export type JobContext = { db: Database; mailer: Mailer };

const CardCallback = z.object({
  provider: z.enum(CARD_PROVIDERS),
  reference: z.string().min(1).max(200),
  orderId: z.number().int().positive().nullable().optional(),
});
const CardRefund = z.object({
  orderId: z.number().int().positive(),
  provider: z.string(),
  paymentId: z.string().min(1),
  amount: z.number().int().positive(),
  key: z.string(),
  /** An admin's refund of one course names it; a late payment given back whole does not. */
  courseId: z.number().int().positive().optional(),
});

const PageSchedule = z.object({ pageId: z.number().int(), at: z.string() });
const PublicationNotice = z.object({ kind: z.string(), id: z.number().int() });

export const JOB_HANDLERS: Record<JobQueueName, (data: unknown, context: JobContext) => Promise<unknown>> = {
  // A mail sent again after a lost completion is the one repeat the transport cannot rule out.
  mail: (data, { mailer }) => deliverMail(mailer, data),
  // Renders a certificate's PDF unless a download already did (the store keeps the first file).
  "certificate-pdf": (data, { db }) => renderCertificateJob(db, certificateStore(), data),
  // Judges an uploaded video in our store and attaches it; a video no longer "processing" is left alone.
  "video-check": (data, { db }) => checkLocalVideo(db, data),
  // Makes a ready video's light renditions with ffmpeg; renditions already made or failed are left alone.
  "video-renditions": (data, { db }) => makeRenditions(db, data),
  // The scheduled item's time has come: every server's caches forget the editorial lists (decision 038).
  // Announcing twice only makes them read again.
  "editorial-publish": async (data, { db }) => {
    PublicationNotice.parse(data);
    await announcePublicChange(db, "editorial");
  },
  // A page's scheduled publish: its content becomes the published one and every server's caches forget
  // the page; a schedule since replaced or already applied changes nothing but the caches' copies.
  "page-publish": (data, { db }) => applyScheduledPublish(db, PageSchedule.parse(data).pageId),
  // Asks Vimeo once and queues the next look while Vimeo is not done; a look at a video already ready,
  // failed or gone changes nothing.
  "vimeo-status": (data, { db }) => pollVimeoVideo(db, data),
  // Sends a lesson's captions to its Vimeo video's text tracks, or deletes one there (decision 057).
  "vimeo-captions": (data, { db }) => runVimeoCaptionJob(db, data),
  // Bounded deletes of what has expired; deleting what is already gone deletes nothing.
  sweep: async (_data, { db }) => {
    await runSweep(db);
    // Not a delete, but the same once-a-minute look: ready videos that never had renditions asked for.
    await requestMissingRenditions(db);
  },
  // Queues the mails of new notifications; a notification already claimed is never claimed again.
  "notification-mail": (_data, { db }) => dispatchNotificationMails(db),
  // One digest mail per person; a second run the same day finds nothing left to claim.
  "notification-digest": (_data, { db }) => sendNotificationDigests(db),
  // Settles a card order from its provider's API after a callback; an order already settled stays as it is.
  "card-settle": (data, { db }) => settleFromCallback(db, CardCallback.parse(data)),
  // Settles the card orders still pending after a few minutes and expires the overdue ones (decision 067).
  "card-reconcile": (_data, { db }) => reconcileCardOrders(db),
  // Gives back a payment that came for an order no longer waiting; a repeat finds it refunded already.
  "card-refund": (data, { db }) => refundLatePayment(db, CardRefund.parse(data)),
  // A consultation's reminder, a day before; a booking cancelled or moved since is left alone (the move
  // queued its own), and the mail's key makes a repeat queue nothing.
  "consultation-reminder": (data, { db }) => sendConsultationReminder(db, data),
  // An invoice's or a credit note's mail: its PDF stored once (a retry finds it), then the mail queued once.
  "document-mail": (data, { db }) => sendDocumentMailJob(db, objectStorage(), data),
};
