// Notifications (issue 35): one notification per event (announcements, certificates, top-ups, refunds),
// one mail per notification even when the jobs run twice, digests grouped per person, the one-click
// unsubscribe without signing in and only for its person and type, and who may announce.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { courseAnnouncementsFor } from "../../app/announcements/announcements.server";
import { issueCertificate } from "../../app/certificates/certificates.server";
import { refundEnrollment } from "../../app/commerce/refunds.server";
import { getSessionSecret } from "../../app/config.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import {
  enrollments,
  lessonProgress,
  lessons,
  notificationPreferences,
  notifications,
  type User,
} from "../../app/db/schema";
import { drainJobs } from "../../app/jobs/worker.server";
import type { Mailer, SentMail } from "../../app/mail/mailer.server";
import { headerBell } from "../../app/notifications/bell.server";
import { dispatchNotificationMails, sendNotificationDigests } from "../../app/notifications/delivery.server";
import { getPreferences, recordMailLocale } from "../../app/notifications/notifications.server";
import { signUnsubscribeToken } from "../../app/notifications/unsubscribe-token";
import { action as announceApi } from "../../app/routes/api/instructor-course-announcements";
import { loader as notificationsApi } from "../../app/routes/api/notifications";
import { action as readApi } from "../../app/routes/api/notifications-read";
import { loader as coursePage } from "../../app/routes/course";
import { action as notificationsAction, loader as notificationsPage } from "../../app/routes/notifications";
import { action as unsubscribeAction, loader as unsubscribePage } from "../../app/routes/unsubscribe";
import { approveTopUp, rejectTopUp, requestTopUp } from "../../app/wallet/top-ups.server";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { publishBankAccount } from "./bank-fixtures";
import { runRoute } from "./route-context";
import { createCourseFor, enroll } from "./studio-factories";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;
let otherTrainer: User;
let admin: User;
let learner: User;
let arabicLearner: User;
let stranger: User;
let courseId = 0;

/** A transport that keeps what it is handed. */
const sent: SentMail[] = [];
const mailer: Mailer = {
  kind: "smtp",
  async send(message) {
    sent.push(message);
  },
};

async function notificationsOf(userId: string) {
  return handle.db.select().from(notifications).where(eq(notifications.userId, userId));
}

async function announce(asUser: User | null, id: number, body: object) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (asUser) headers.set("Authorization", await bearerFor(handle.db, asUser.id));
  const request = new Request(`http://test/api/instructor/course/${id}/announcements`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  try {
    return (await runRoute(handle.db, request, announceApi as never, { id: String(id) })) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** Queues what is due and sends it, as the scheduled job and the mail worker would. */
async function deliver() {
  const dispatched = await dispatchNotificationMails(handle.db);
  await drainJobs({ db: handle.db, mailer }, { queues: ["mail"] });
  return dispatched;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  await publishBankAccount(handle.db);
  trainer = await createUser(handle.db, "trainer");
  otherTrainer = await createUser(handle.db, "trainer");
  admin = await createUser(handle.db, "admin");
  learner = await createUser(handle.db, "user");
  arabicLearner = await createUser(handle.db, "user");
  stranger = await createUser(handle.db, "user");
  const course = await createCourseFor(handle.db, trainer, { published: true, lessons: 1 });
  courseId = course.id;
  await enroll(handle.db, learner.id, courseId);
  await enroll(handle.db, arabicLearner.id, courseId);
  await recordMailLocale(handle.db, arabicLearner.id, "ar");
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  // Each test starts with nothing left to mail.
  await dispatchNotificationMails(handle.db);
  await sendNotificationDigests(handle.db);
  await drainJobs({ db: handle.db, mailer }, { queues: ["mail"] });
  sent.length = 0;
});

describe("announcements", () => {
  it("notifies each enrolled learner once, sanitized, and only they see it", async () => {
    const response = await announce(trainer, courseId, {
      title: "Week 2 is out",
      body: "Read **this**<script>alert(1)</script><img src=x onerror=alert(1)>",
    });
    expect(response.status).toBe(201);
    const { announcement } = (await response.json()) as {
      announcement: { id: number; html: string; notified: number };
    };
    expect(announcement.notified).toBe(2);
    expect(announcement.html).toContain("<strong>this</strong>");
    expect(announcement.html).not.toMatch(/<script|onerror/);
    for (const person of [learner, arabicLearner]) {
      const mine = (await notificationsOf(person.id)).filter((row) => row.type === "announcement");
      expect(mine.map((row) => row.eventKey)).toContain(`announcement:${announcement.id}`);
    }
    expect(await notificationsOf(stranger.id)).toHaveLength(0);
    expect(await notificationsOf(trainer.id)).toHaveLength(0);

    // The learner sees it on the course page; a signed-in stranger does not.
    const page = async (person: User) => {
      const request = new Request(`http://test/courses/${courseId}`, {
        headers: { Cookie: await cookieFor(handle.db, person.id) },
      });
      const data = (await runRoute(handle.db, request, coursePage as never, { id: String(courseId) })) as {
        announcements: { id: number }[] | null;
      };
      return data.announcements;
    };
    expect((await page(learner))?.map((item) => item.id)).toContain(announcement.id);
    expect(await page(stranger)).toBeNull();
    expect(await courseAnnouncementsFor(handle.db, stranger, courseId, "en")).toBeNull();
  });

  it("refuses a guest (401), a learner (403) and another course's trainer (403)", async () => {
    const body = { title: "No", body: "No" };
    expect((await announce(null, courseId, body)).status).toBe(401);
    expect((await announce(learner, courseId, body)).status).toBe(403);
    const other = await announce(otherTrainer, courseId, body);
    expect(other.status).toBe(403);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    expect((await announce(trainer, courseId, { title: "", body: "x" })).status).toBe(422);
    expect((await announce(admin, courseId, body)).status).toBe(201);
  });
});

describe("events from the other domains, once each", () => {
  it("a certificate issued twice notifies once", async () => {
    const course = await createCourseFor(handle.db, trainer, { published: true, lessons: 1 });
    await enroll(handle.db, stranger.id, course.id);
    const [lesson] = await handle.db.select().from(lessons).where(eq(lessons.courseId, course.id));
    await handle.db.insert(lessonProgress).values({
      userId: stranger.id,
      lessonId: lesson?.id ?? 0,
      courseId: course.id,
      completedAt: new Date(),
    });
    await Promise.all([
      issueCertificate(handle.db, { userId: stranger.id, courseId: course.id }),
      issueCertificate(handle.db, { userId: stranger.id, courseId: course.id }),
    ]);
    await issueCertificate(handle.db, { userId: stranger.id, courseId: course.id });
    const mine = (await notificationsOf(stranger.id)).filter((row) => row.type === "certificate_issued");
    expect(mine).toHaveLength(1);
    expect(mine[0]?.data.courseId).toBe(course.id);
  });

  it("a top-up decided (and decided again) notifies once, approved or declined", async () => {
    const first = await requestTopUp(handle.db, learner.id, { amount: 1000, reference: "a" });
    const second = await requestTopUp(handle.db, learner.id, { amount: 2000, reference: "b" });
    if (!first.ok || !second.ok) throw new Error("top-up fixtures failed");
    await approveTopUp(handle.db, admin.id, first.request.id);
    await approveTopUp(handle.db, admin.id, first.request.id);
    await rejectTopUp(handle.db, admin.id, second.request.id, "no");
    await rejectTopUp(handle.db, admin.id, second.request.id, "no");
    const mine = (await notificationsOf(learner.id)).filter((row) => row.type === "topup_decided");
    expect(mine.map((row) => [row.eventKey, row.data.approved, row.data.amount]).sort()).toEqual([
      [`topup:${first.request.id}`, true, 1000],
      [`topup:${second.request.id}`, false, 2000],
    ]);
  });

  it("a refund notifies its learner once", async () => {
    const course = await createCourseFor(handle.db, trainer, { published: true });
    const [row] = await handle.db
      .insert(enrollments)
      .values({ userId: learner.id, courseId: course.id, pricePaid: 500 })
      .returning();
    const input = { reason: "asked", override: true };
    expect((await refundEnrollment(handle.db, admin.id, row?.id ?? 0, input)).ok).toBe(true);
    expect((await refundEnrollment(handle.db, admin.id, row?.id ?? 0, input)).ok).toBe(false);
    const mine = (await notificationsOf(learner.id)).filter((row) => row.type === "refund");
    expect(mine).toHaveLength(1);
    expect(mine[0]?.data.amount).toBe(500);
  });
});

describe("mail", () => {
  it("sends each immediate notification once, in its reader's language, with one-click unsubscribe", async () => {
    const a = await requestTopUp(handle.db, arabicLearner.id, { amount: 1500, reference: "r" });
    if (!a.ok) throw new Error("top-up fixture failed");
    await rejectTopUp(handle.db, admin.id, a.request.id, "no");
    const first = await deliver();
    expect(first.queued).toBe(1);
    expect(sent).toHaveLength(1);
    const mail = sent[0] as SentMail;
    expect(mail.to).toBe(arabicLearner.email);
    expect(mail.locale).toBe("ar");
    expect(mail.subject).toContain("رُفض");
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/ar\/unsubscribe\/[^>]+>$/);
    expect(mail.text).toContain("/ar/account/wallet");
    // The jobs again: nothing more.
    expect(await deliver()).toEqual({ queued: 0, settled: 0 });
    expect(sent).toHaveLength(1);
    const [row] = (await notificationsOf(arabicLearner.id)).filter((item) => item.type === "topup_decided");
    expect(row?.mailedAt).not.toBeNull();
  });

  it("mails no approved top-up's notification: the receipt's mail tells the learner (decision 072)", async () => {
    const asked = await requestTopUp(handle.db, arabicLearner.id, { amount: 700, reference: null });
    if (!asked.ok) throw new Error("top-up fixture failed");
    await approveTopUp(handle.db, admin.id, asked.request.id);
    const [row] = (await notificationsOf(arabicLearner.id)).filter(
      (item) => item.eventKey === `topup:${asked.request.id}`,
    );
    expect(row?.data.approved).toBe(true);
    expect(row?.readAt).toBeNull();
    expect(row?.mailedAt).not.toBeNull();
    const before = sent.length;
    expect(await deliver()).toEqual({ queued: 0, settled: 0 });
    expect(sent).toHaveLength(before);
  });

  it("sends nothing for a type that is off, and settles it", async () => {
    await handle.db
      .insert(notificationPreferences)
      .values({ userId: learner.id, type: "refund", delivery: "off" })
      .onConflictDoNothing();
    const course = await createCourseFor(handle.db, trainer, { published: true });
    const [row] = await handle.db
      .insert(enrollments)
      .values({ userId: learner.id, courseId: course.id, pricePaid: 0 })
      .returning();
    await refundEnrollment(handle.db, admin.id, row?.id ?? 0, { reason: "x", override: true });
    const result = await deliver();
    expect(result.queued).toBe(0);
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect(sent).toHaveLength(0);
    await handle.db
      .delete(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, learner.id), eq(notificationPreferences.type, "refund")));
  });

  it("groups each person's digest notifications into one mail, and a second run sends nothing", async () => {
    const one = await announce(trainer, courseId, { title: "One", body: "1" });
    const two = await announce(trainer, courseId, { title: "Two", body: "2", titleAr: "اثنان" });
    expect([one.status, two.status]).toEqual([201, 201]);
    // Announcements are digest by default: the dispatcher leaves them.
    expect((await deliver()).queued).toBe(0);
    const first = await sendNotificationDigests(handle.db);
    expect(first).toEqual({ mails: 2, notifications: 4 });
    await drainJobs({ db: handle.db, mailer }, { queues: ["mail"] });
    expect(sent.map((mail) => mail.to).sort()).toEqual([learner.email, arabicLearner.email].sort());
    const arabic = sent.find((mail) => mail.to === arabicLearner.email) as SentMail;
    expect(arabic.locale).toBe("ar");
    expect(arabic.text).toContain("اثنان");
    expect(arabic.text).toContain("One");
    const english = sent.find((mail) => mail.to === learner.email) as SentMail;
    expect(english.subject).toContain("2 updates");
    expect(await sendNotificationDigests(handle.db)).toEqual({ mails: 0, notifications: 0 });
    await drainJobs({ db: handle.db, mailer }, { queues: ["mail"] });
    expect(sent).toHaveLength(2);
  });
});

describe("unsubscribe", () => {
  const post = (path: string, token: string) =>
    runRoute(
      handle.db,
      new Request(`http://test${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
      unsubscribeAction as never,
      { token },
    ) as Promise<{ data: { done: boolean }; init: ResponseInit | null }>;

  it("works signed out, for its person and its type only", async () => {
    const token = signUnsubscribeToken(getSessionSecret(), learner.id, "announcement");
    const page = (await runRoute(
      handle.db,
      new Request(`http://test/unsubscribe/${token}`),
      unsubscribePage as never,
      { token },
    )) as { data: { type: string | null }; init: ResponseInit | null };
    expect(page.data.type).toBe("Course announcements");
    // Not "no-referrer": under it the browser sends `Origin: null` with the button's POST, which the
    // same-origin guard refuses, so the page could never unsubscribe anyone.
    expect(new Headers(page.init?.headers).get("Referrer-Policy")).toBe("same-origin");
    // GET changed nothing.
    expect((await getPreferences(handle.db, learner.id)).announcement).toBe("digest");
    const answer = await post(`/unsubscribe/${token}`, token);
    expect(answer.data.done).toBe(true);
    const mine = await getPreferences(handle.db, learner.id);
    expect(mine.announcement).toBe("off");
    expect(mine.refund).toBe("immediate");
    expect((await getPreferences(handle.db, arabicLearner.id)).announcement).toBe("digest");
  });

  it("refuses a token altered to another person or type", async () => {
    const token = signUnsubscribeToken(getSessionSecret(), learner.id, "announcement");
    const [, , signature] = token.split(".");
    for (const forged of [
      `${learner.id}.refund.${signature}`,
      `${arabicLearner.id}.announcement.${signature}`,
    ]) {
      const answer = await post(`/unsubscribe/${forged}`, forged);
      expect(answer.data.done).toBe(false);
      expect(answer.init?.status).toBe(404);
    }
    expect((await getPreferences(handle.db, learner.id)).refund).toBe("immediate");
    expect((await getPreferences(handle.db, arabicLearner.id)).announcement).toBe("digest");
  });
});

describe("reading", () => {
  it("counts unread for the bell, lists newest first and marks read, only one's own", async () => {
    const before = await headerBell(handle.db, arabicLearner.id);
    expect(before).toBeGreaterThan(0);
    const cookie = await cookieFor(handle.db, arabicLearner.id);
    const list = (await runRoute(
      handle.db,
      new Request("http://test/ar/notifications", { headers: { Cookie: cookie } }),
      notificationsPage as never,
    )) as { items: { id: number; href: string; read: boolean }[]; unread: number };
    expect(list.unread).toBe(before);
    const ids = list.items.map((item) => item.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(list.items.every((item) => item.href.startsWith("/ar/"))).toBe(true);
    // Someone else's id changes nothing.
    const [theirs] = await notificationsOf(learner.id);
    const foreign = (await runRoute(
      handle.db,
      new Request("http://test/api/notifications/read", {
        method: "POST",
        headers: {
          Authorization: await bearerFor(handle.db, arabicLearner.id),
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ ids: [theirs?.id ?? 0] }),
      }),
      readApi as never,
    )) as Response;
    expect(await foreign.json()).toEqual({ marked: 0, unread: before });
    // One by the plain form.
    const one = (await runRoute(
      handle.db,
      new Request("http://test/ar/notifications", {
        method: "POST",
        headers: { Cookie: cookie },
        body: new URLSearchParams({ intent: "read", id: String(ids[0]) }),
      }),
      notificationsAction as never,
    )) as Response;
    expect(one.status).toBe(302);
    expect(await headerBell(handle.db, arabicLearner.id)).toBe(before - 1);
    // The rest through the API.
    const api = (await runRoute(
      handle.db,
      new Request("http://test/api/notifications?unread=1", {
        headers: { Authorization: await bearerFor(handle.db, arabicLearner.id) },
      }),
      notificationsApi as never,
    )) as Response;
    const body = (await api.json()) as { items: { readAt: string | null }[]; unread: number };
    expect(body.unread).toBe(before - 1);
    expect(body.items.every((item) => item.readAt === null)).toBe(true);
    const all = (await runRoute(
      handle.db,
      new Request("http://test/api/notifications/read", {
        method: "POST",
        headers: {
          Authorization: await bearerFor(handle.db, arabicLearner.id),
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ all: true }),
      }),
      readApi as never,
    )) as Response;
    expect(await all.json()).toEqual({ marked: before - 1, unread: 0 });
    expect((await notificationsOf(learner.id)).some((row) => row.readAt === null)).toBe(true);
  });
});
