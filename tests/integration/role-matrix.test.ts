// Every guarded page and API route, asked by a guest, a user, a trainer and an admin. Removing any one
// guard turns a "login"/401/403 cell into a 200 and fails this test.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveLessonCaptions } from "../../app/captions/captions.server";
import { issueCertificate } from "../../app/certificates/certificates.server";
import { createLocalCertificateStore, setCertificateStore } from "../../app/certificates/store.server";
import { getSessionSecret } from "../../app/config.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { courses, enrollments, leads, lessonProgress, lessons, type User } from "../../app/db/schema";
import { createCaseStudy } from "../../app/editorial/case-studies.server";
import { createPost } from "../../app/editorial/posts.server";
import { OFFLINE_LINK_LIFETIME_MS, signOfflineGrant } from "../../app/learning/offline";
import { offlineDownloads } from "../../app/learning/offline.server";
import { storeUpload } from "../../app/media/media.server";
import { askQuestion, replyToQuestion } from "../../app/qa/qa.server";
import { startAttempt } from "../../app/quizzes/attempts.server";
import { saveQuiz, type TrainerQuiz } from "../../app/quizzes/quizzes.server";
import { loader as account, action as accountAction } from "../../app/routes/account";
import { loader as billing } from "../../app/routes/account-billing";
import { loader as billingDocument } from "../../app/routes/account-billing-document";
import { loader as billingPdfPage } from "../../app/routes/account-billing-pdf";
import {
  action as confirmEmailAction,
  loader as confirmEmailPage,
} from "../../app/routes/account-confirm-email";
import { loader as wallet, action as walletAction } from "../../app/routes/account-wallet";
import {
  loader as bankTransferPage,
  action as bankTransferPageAction,
} from "../../app/routes/admin-bank-transfer";
import {
  loader as adminCertificates,
  action as adminCertificatesAction,
} from "../../app/routes/admin-certificates";
import {
  loader as adminConsultations,
  action as adminConsultationsAction,
} from "../../app/routes/admin-consultations";
import { loader as adminDashboard } from "../../app/routes/admin-dashboard";
import {
  loader as enrollmentAdmin,
  action as enrollmentAdminAction,
} from "../../app/routes/admin-enrollments";
import { loader as adminInvoices } from "../../app/routes/admin-invoices";
import { loader as adminInvoicesCsv } from "../../app/routes/admin-invoices-csv";
import { loader as adminJobs, action as adminJobsAction } from "../../app/routes/admin-jobs";
import { loader as leadPage, action as leadPageAction } from "../../app/routes/admin-lead";
import { loader as leadInbox } from "../../app/routes/admin-leads";
import { loader as leadBoard, action as leadBoardAction } from "../../app/routes/admin-leads-board";
import { loader as leadsCsvPage } from "../../app/routes/admin-leads-csv";
import { loader as adminOrders } from "../../app/routes/admin-orders";
import { loader as adminOutbox } from "../../app/routes/admin-outbox";
import { loader as adminPage, action as adminPageAction } from "../../app/routes/admin-page";
import { loader as adminPages, action as adminPagesAction } from "../../app/routes/admin-pages";
import {
  loader as adminSiteSettings,
  action as adminSiteSettingsAction,
} from "../../app/routes/admin-site-settings";
import { loader as topUpQueue, action as topUpQueueAction } from "../../app/routes/admin-top-ups";
import { loader as adminUsers, action as adminUsersAction } from "../../app/routes/admin-users";
import { loader as ledgerApi } from "../../app/routes/api/account-ledger";
import {
  loader as bankSettingsApi,
  action as bankSettingsApiAction,
} from "../../app/routes/api/admin-bank-transfer";
import { action as changeRole } from "../../app/routes/api/admin-change-role";
import { action as chargeWallet } from "../../app/routes/api/admin-charge-wallet";
import {
  loader as availabilityApi,
  action as availabilityPutApi,
} from "../../app/routes/api/admin-consultations-availability";
import { loader as enrollmentListApi } from "../../app/routes/api/admin-enrollments";
import { loader as adminInvoicesApi } from "../../app/routes/api/admin-invoices";
import { loader as adminInvoicesCsvApi } from "../../app/routes/api/admin-invoices-csv";
import { action as jobRetryApi } from "../../app/routes/api/admin-job-retry";
import { loader as jobsApi } from "../../app/routes/api/admin-jobs";
import { loader as leadApi, action as leadApiAction } from "../../app/routes/api/admin-lead";
import { action as leadNotesApi } from "../../app/routes/api/admin-lead-notes";
import { loader as leadsApi } from "../../app/routes/api/admin-leads";
import { loader as leadsCsvApi } from "../../app/routes/api/admin-leads-csv";
import { loader as adminOrdersApi } from "../../app/routes/api/admin-orders";
import { loader as pageApi, action as pageApiAction } from "../../app/routes/api/admin-page";
import { action as pagePublishApi } from "../../app/routes/api/admin-page-publish";
import { action as pageRestoreApi } from "../../app/routes/api/admin-page-restore";
import { loader as pageRevisionsApi } from "../../app/routes/api/admin-page-revisions";
import { loader as pagesApi, action as pagesCreateApi } from "../../app/routes/api/admin-pages";
import { action as refundApi } from "../../app/routes/api/admin-refund";
import {
  loader as siteSettingsApi,
  action as siteSettingsPutApi,
} from "../../app/routes/api/admin-site-settings";
import { loader as adminStats } from "../../app/routes/api/admin-stats";
import { action as topUpReviewApi } from "../../app/routes/api/admin-top-up-review";
import { loader as topUpQueueApi } from "../../app/routes/api/admin-top-ups";
import { action as attemptAnswersApi } from "../../app/routes/api/attempt-answers";
import { action as attemptSubmitApi } from "../../app/routes/api/attempt-submit";
import { loader as emailApi, action as emailApiAction } from "../../app/routes/api/auth-email";
import { action as emailConfirmApi } from "../../app/routes/api/auth-email-confirm";
import { action as forgotApi } from "../../app/routes/api/auth-forgot-password";
import { action as apiLogout } from "../../app/routes/api/auth-logout";
import { loader as apiMe, action as apiMeAction } from "../../app/routes/api/auth-me";
import { action as passwordApi } from "../../app/routes/api/auth-password";
import { action as resetApi } from "../../app/routes/api/auth-reset-password";
import { loader as apiUsers } from "../../app/routes/api/auth-users";
import { action as blogCreateApi } from "../../app/routes/api/blog";
import { loader as blogGetApi, action as blogItemApi } from "../../app/routes/api/blog-post";
import { loader as certificateCredentialApi } from "../../app/routes/api/certificate-credential";
import { action as certificateGenerateApi } from "../../app/routes/api/certificate-generate";
import { loader as certificatePdfApi } from "../../app/routes/api/certificate-pdf";
import { loader as certificateVerifyApi } from "../../app/routes/api/certificate-verify";
import { loader as certificateListApi } from "../../app/routes/api/certificates";
import { action as checkoutApi } from "../../app/routes/api/checkout";
import { loader as consultationSlotsApi } from "../../app/routes/api/consultation-slots";
import { action as consultationBookApi } from "../../app/routes/api/consultations";
import { action as couponsApi } from "../../app/routes/api/coupons";
import { loader as courseCurriculumApi } from "../../app/routes/api/course-curriculum";
import { action as favoriteToggle } from "../../app/routes/api/course-favorite";
import { loader as courseProgressApi } from "../../app/routes/api/course-progress";
import { loader as reviewList, action as reviewWrite } from "../../app/routes/api/course-reviews";
import { action as credentialVerifyApi } from "../../app/routes/api/credentials-verify";
import { action as enrollBulk } from "../../app/routes/api/enroll-bulk";
import { action as enrollOne } from "../../app/routes/api/enroll-one";
import { loader as enrollmentList } from "../../app/routes/api/enrollments";
import { loader as favoritesList } from "../../app/routes/api/favorites-list";
import { action as instructorCourse } from "../../app/routes/api/instructor-course";
import { action as announcementsApi } from "../../app/routes/api/instructor-course-announcements";
import { action as instructorCreate } from "../../app/routes/api/instructor-course-create";
import { action as courseSectionsApi } from "../../app/routes/api/instructor-course-sections";
import { action as lessonApi } from "../../app/routes/api/instructor-lesson";
import { action as captionWriteApi } from "../../app/routes/api/instructor-lesson-captions";
import { action as lessonMoveApi } from "../../app/routes/api/instructor-lesson-move";
import { loader as quizGetApi, action as quizPutApi } from "../../app/routes/api/instructor-lesson-quiz";
import { loader as instructorMyCourses } from "../../app/routes/api/instructor-my-courses";
import {
  loader as instructorProfileApi,
  action as instructorProfilePutApi,
} from "../../app/routes/api/instructor-profile";
import { loader as instructorPublicApi } from "../../app/routes/api/instructor-public";
import { loader as quizStatsApi } from "../../app/routes/api/instructor-quiz-stats";
import { action as sectionApi } from "../../app/routes/api/instructor-section";
import { action as sectionLessonsApi } from "../../app/routes/api/instructor-section-lessons";
import { loader as lecturePlayApi } from "../../app/routes/api/lecture-play";
import { loader as attemptListApi, action as attemptStartApi } from "../../app/routes/api/lesson-attempts";
import { loader as captionReadApi } from "../../app/routes/api/lesson-captions";
import { loader as lessonDownloadsApi } from "../../app/routes/api/lesson-downloads";
import { action as lessonProgressApi } from "../../app/routes/api/lesson-progress";
import {
  loader as lessonQuestionsApi,
  action as lessonQuestionsApiWrite,
} from "../../app/routes/api/lesson-questions";
import { loader as meLearningApi } from "../../app/routes/api/me-learning";
import { action as mediaDelete } from "../../app/routes/api/media-delete";
import { action as mediaUpload } from "../../app/routes/api/media-upload";
import { action as moyasarWebhookApi } from "../../app/routes/api/moyasar-webhook";
import {
  loader as notificationPreferencesApi,
  action as notificationPreferencesPutApi,
} from "../../app/routes/api/notification-preferences";
import { loader as notificationsApi } from "../../app/routes/api/notifications";
import { action as notificationsReadApi } from "../../app/routes/api/notifications-read";
import { loader as openApiDocumentApi } from "../../app/routes/api/openapi";
import { loader as orderApi } from "../../app/routes/api/order";
import { loader as creditNotePdfApi } from "../../app/routes/api/order-credit-note-pdf";
import { loader as orderCreditNotesApi } from "../../app/routes/api/order-credit-notes";
import { loader as orderInvoiceApi } from "../../app/routes/api/order-invoice";
import { loader as invoicePdfApi } from "../../app/routes/api/order-invoice-pdf";
import { loader as ordersApi } from "../../app/routes/api/orders";
import { loader as publicPageApi } from "../../app/routes/api/page";
import { action as paymobWebhookApi } from "../../app/routes/api/paymob-webhook";
import { action as portfolioCreateApi } from "../../app/routes/api/portfolio";
import { loader as portfolioGetApi, action as portfolioItemApi } from "../../app/routes/api/portfolio-item";
import { loader as questionApi, action as questionApiWrite } from "../../app/routes/api/question";
import { action as questionHideApi } from "../../app/routes/api/question-hide";
import { action as questionRepliesApi } from "../../app/routes/api/question-replies";
import { action as questionVoteApi } from "../../app/routes/api/question-vote";
import { action as replyApiWrite } from "../../app/routes/api/reply";
import { action as replyAcceptApi } from "../../app/routes/api/reply-accept";
import { action as replyHideApi } from "../../app/routes/api/reply-hide";
import { action as videoCreateLink } from "../../app/routes/api/video-create-upload-link";
import { loader as videoStatus } from "../../app/routes/api/video-status";
import { loader as videoTusHead, action as videoTusPatch } from "../../app/routes/api/video-tus";
import { action as videoUpload } from "../../app/routes/api/video-upload";
import { loader as bankTransferApi } from "../../app/routes/api/wallet-bank-transfer";
import { loader as receiptPdfApi } from "../../app/routes/api/wallet-receipt-pdf";
import { loader as receiptsApi } from "../../app/routes/api/wallet-receipts";
import { action as topUpApi } from "../../app/routes/api/wallet-top-up";
import { loader as forgotPage } from "../../app/routes/auth-forgot-password";
import { loader as resetPage } from "../../app/routes/auth-reset-password";
import { loader as blogPostPage } from "../../app/routes/blog-post";
import { loader as certificateCredentialPage } from "../../app/routes/certificate-credential";
import { loader as certificatePdfPage } from "../../app/routes/certificate-pdf";
import { loader as certificateVerifyPage } from "../../app/routes/certificate-verify";
import { loader as myCertificates, action as myCertificatesAction } from "../../app/routes/certificates";
import { loader as checkoutPage, action as checkoutPageAction } from "../../app/routes/checkout";
import { loader as consultationPage } from "../../app/routes/consultation";
import {
  action as consultationBookingAction,
  loader as consultationBookingPage,
} from "../../app/routes/consultation-booking";
import { loader as couponsPage, action as couponsPageAction } from "../../app/routes/coupons";
import { loader as courseLearn, action as courseLearnAction } from "../../app/routes/course-learn";
import { loader as questionPage } from "../../app/routes/course-question";
import { loader as questionsPage, action as questionsPageAction } from "../../app/routes/course-questions";
import { loader as credentialStatusList } from "../../app/routes/credential-status-list";
import {
  loader as credentialVerifyPage,
  action as credentialVerifyPageAction,
} from "../../app/routes/credential-verify";
import { loader as developersPage } from "../../app/routes/developers";
import { loader as didDocument } from "../../app/routes/did-document";
import { loader as caseStudyList } from "../../app/routes/editor-case-studies";
import {
  loader as caseStudyEditor,
  action as caseStudyEditorAction,
} from "../../app/routes/editor-case-study";
import { loader as newCaseStudy, action as newCaseStudyAction } from "../../app/routes/editor-case-study-new";
import { loader as postEditor, action as postEditorAction } from "../../app/routes/editor-post";
import { loader as newPost, action as newPostAction } from "../../app/routes/editor-post-new";
import { loader as postList } from "../../app/routes/editor-posts";
import { loader as instructor } from "../../app/routes/instructor";
import { loader as instructorAnalytics } from "../../app/routes/instructor-analytics";
import {
  loader as announcementsPage,
  action as announcementsPageAction,
} from "../../app/routes/instructor-announcements";
import { loader as courseEditor, action as courseEditorAction } from "../../app/routes/instructor-course";
import { loader as newCourse, action as newCourseAction } from "../../app/routes/instructor-course-new";
import { loader as curriculum, action as curriculumAction } from "../../app/routes/instructor-curriculum";
import { loader as courseLearners } from "../../app/routes/instructor-learners";
import {
  loader as lessonCaptionsPage,
  action as lessonCaptionsPageAction,
} from "../../app/routes/instructor-lesson-captions";
import { action as lessonVideoAction } from "../../app/routes/instructor-lesson-video";
import { loader as instructorProfilePage } from "../../app/routes/instructor-profile";
import {
  loader as instructorProfileEdit,
  action as instructorProfileEditAction,
} from "../../app/routes/instructor-profile-edit";
import { loader as quizEditor, action as quizEditorAction } from "../../app/routes/instructor-quiz";
import { action as learnBeacon } from "../../app/routes/learn-progress";
import { loader as lessonCaptionTrack } from "../../app/routes/lesson-captions";
import { loader as mediaOffline } from "../../app/routes/media-offline";
import { loader as mediaRaw } from "../../app/routes/media-raw";
import { loader as mediaVideo } from "../../app/routes/media-video";
import { loader as myEnrollments } from "../../app/routes/my-enrollments";
import { loader as myFavorites } from "../../app/routes/my-favorites";
import {
  loader as notificationsPage,
  action as notificationsPageAction,
} from "../../app/routes/notifications";
import { loader as orderPage, action as orderPageAction } from "../../app/routes/order";
import { loader as portfolioItemPage } from "../../app/routes/portfolio-item";
import { action as quizAttemptAction, loader as quizAttemptPage } from "../../app/routes/quiz-attempt";
import { action as quizPracticeAction, loader as quizPracticePage } from "../../app/routes/quiz-practice";
import { action as quizStartPage } from "../../app/routes/quiz-start";
import { loader as robotsTxt } from "../../app/routes/robots";
import { loader as sitemapXml } from "../../app/routes/sitemap";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { publishBankAccount } from "./bank-fixtures";
import { rightAnswers, sampleQuiz } from "./quiz-fixtures";
import { runRoute } from "./route-context";
import { withSection } from "./section-rows";
import { PDF_BYTES, sharedTestMediaStore } from "./studio-factories";
import { createTestDatabase } from "./test-database";
import { type MatrixVideos, matrixVideos } from "./video-fixtures";

type Role = "guest" | "user" | "trainer" | "admin";
// 404 and 409 appear where the guard let the caller through and the rule behind it answered.
type Expected = "login" | 400 | 401 | 403 | 404 | 409 | 422 | "ok";

let handle: DatabaseHandle;
const people: Partial<Record<Exclude<Role, "guest">, User>> = {};
let target: User;
let freeCourseId = 0;
let paidCourseId = 0;
let draftCourseId = 0;
let pdfPublicId = "";
let draftPostId = 0;
let draftCaseStudyId = 0;
let leadId = 0;
/** A course "user" completed, and the certificate they hold for it. */
let certifiedCourseId = 0;
let certificate = { id: "", code: "" };
let paidLessonId = 0;
let previewLessonId = 0;
let certifiedLessonId = 0;
let draftSectionId = 0;
let draftLessonId = 0;
let video: MatrixVideos;
/** Quizzes (issue 32): a quiz and a free-preview quiz of the paid course, and an attempt of another learner. */
let quizLessonId = 0;
let previewQuizLessonId = 0;
let othersAttemptId = "";
/** The free-preview quiz's bank (a practice submit answers all of it), and a course whose preview quiz "user" holds. */
let previewQuiz: TrainerQuiz;
const heldPreview = { courseId: 0, quizLessonId: 0, quiz: undefined as TrainerQuiz | undefined };
/**
 * Lesson Q&A (issue 35): a question and a reply of another learner ("target", enrolled) on the paid course's
 * lesson, and the same on a course of another trainer (so the matrix's trainer is "another course's").
 */
const qa = {
  questionId: 0,
  replyId: 0,
  otherCourseId: 0,
  otherLessonId: 0,
  otherQuestionId: 0,
  otherReplyId: 0,
};
/** A published course of another trainer (issue 35: the matrix's trainer may not announce to it). */
let othersCourseId = 0;
/**
 * Offline links (issue 36) to the video lesson's light video: one the downloads list made for the course's
 * trainer, one signed for the matrix's user, who does not hold the course. The link is the credential: the
 * session sent with it changes nothing.
 */
const offlineTokens = { trainer: "", user: "" };

beforeAll(async () => {
  handle = await createTestDatabase();
  await publishBankAccount(handle.db);
  people.user = await createUser(handle.db, "user");
  people.trainer = await createUser(handle.db, "trainer");
  people.admin = await createUser(handle.db, "admin");
  target = await createUser(handle.db, "user");
  // The trainer of the matrix owns the courses, so "trainer" may open the learn page without buying.
  const rows = await handle.db
    .insert(courses)
    .values([
      {
        slug: "free",
        title: "Free",
        description: "Free course",
        category: "data-science",
        price: 0,
        isPublished: true,
        trainerId: people.trainer.id,
      },
      {
        slug: "paid",
        title: "Paid",
        description: "Paid course",
        category: "data-science",
        price: 5000,
        isPublished: true,
        trainerId: people.trainer.id,
      },
    ])
    .returning({ id: courses.id, slug: courses.slug });
  freeCourseId = rows.find((row) => row.slug === "free")?.id ?? 0;
  paidCourseId = rows.find((row) => row.slug === "paid")?.id ?? 0;
  // A draft of the matrix's trainer, with one lesson carrying a PDF the trainer uploaded.
  const [draft] = await handle.db
    .insert(courses)
    .values({
      slug: "draft",
      title: "Draft",
      description: "Draft course",
      category: "data-science",
      price: 100,
      trainerId: people.trainer.id,
    })
    .returning({ id: courses.id });
  draftCourseId = draft?.id ?? 0;
  // Its section and a lesson in it, for the sections API (issue 32).
  const [draftLesson] = await handle.db
    .insert(lessons)
    .values(await withSection(handle.db, { courseId: draftCourseId, position: 1, title: "Draft lesson" }))
    .returning({ id: lessons.id, sectionId: lessons.sectionId });
  draftLessonId = draftLesson?.id ?? 0;
  draftSectionId = draftLesson?.sectionId ?? 0;
  const stored = await storeUpload(handle.db, sharedTestMediaStore(), people.trainer, {
    bytes: PDF_BYTES,
    kind: "pdf",
  });
  if (!stored.ok) throw new Error("pdf upload failed");
  pdfPublicId = stored.media.publicId;
  // Editorial: a draft post by the matrix's trainer and a draft case study.
  const draftPost = await createPost(handle.db, people.trainer, {
    title: "Draft post",
    excerpt: "Draft",
    body: "Draft body",
    status: "draft",
  });
  const draftCase = await createCaseStudy(handle.db, people.admin, {
    title: "Draft case",
    clientName: "Client",
    problem: "P",
    strategy: "S",
    result: "R",
    status: "draft",
  });
  if (!draftPost.ok || !draftCase.ok) throw new Error("editorial fixtures failed");
  draftPostId = draftPost.post.id;
  draftCaseStudyId = draftCase.item.id;
  const [matrixLead] = await handle.db
    .insert(leads)
    .values({
      name: "Matrix lead",
      email: "matrix-lead@example.com",
      message: "Hello",
      locale: "en",
      source: "contact",
    })
    .returning({ id: leads.id });
  leadId = matrixLead?.id ?? 0;
  const [paidLesson] = await handle.db
    .insert(lessons)
    .values(
      await withSection(handle.db, {
        courseId: paidCourseId,
        position: 1,
        title: "Notes",
        pdfUrl: stored.media.url,
        pdfPublicId,
      }),
    )
    .returning({ id: lessons.id });
  paidLessonId = paidLesson?.id ?? 0;
  // A free preview of the paid course: open to everyone, guests included, and it records nothing.
  const [previewLesson] = await handle.db
    .insert(lessons)
    .values(
      await withSection(handle.db, {
        courseId: paidCourseId,
        position: 2,
        title: "Taster",
        isFreePreview: true,
      }),
    )
    .returning({ id: lessons.id });
  previewLessonId = previewLesson?.id ?? 0;
  // Certificates: "user" completed a one-lesson course and holds its certificate.
  const certificateStore = createLocalCertificateStore(mkdtempSync(path.join(tmpdir(), "manara-matrix-")));
  setCertificateStore(certificateStore);
  const [certified] = await handle.db
    .insert(courses)
    .values({
      slug: "certified",
      title: "Certified",
      description: "Completed",
      category: "data-science",
      isPublished: true,
      trainerId: people.trainer.id,
    })
    .returning({ id: courses.id });
  certifiedCourseId = certified?.id ?? 0;
  const [lesson] = await handle.db
    .insert(lessons)
    .values(await withSection(handle.db, { courseId: certifiedCourseId, position: 1, title: "Only" }))
    .returning({ id: lessons.id });
  certifiedLessonId = lesson?.id ?? 0;
  await handle.db
    .insert(enrollments)
    .values({ userId: people.user.id, courseId: certifiedCourseId, pricePaid: 0 });
  await handle.db.insert(lessonProgress).values({
    userId: people.user.id,
    lessonId: lesson?.id ?? 0,
    courseId: certifiedCourseId,
    completedAt: new Date(),
  });
  const issued = await issueCertificate(handle.db, {
    userId: people.user.id,
    courseId: certifiedCourseId,
  });
  if (!issued.ok) throw new Error("certificate fixture failed");
  certificate = { id: issued.certificate.id, code: issued.certificate.code };
  // Videos (issue 9): a ready video on the paid course's lesson and an upload in flight, both the trainer's.
  video = await matrixVideos(handle.db, people.trainer, paidCourseId);
  // Captions (issue 36): on the paid course's video lesson and on its free preview.
  for (const lessonId of [video.lessonId, previewLessonId]) {
    const saved = await saveLessonCaptions(handle.db, people.trainer, {
      lessonId,
      lang: "en",
      format: "vtt",
      file: "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n",
    });
    if (!saved.ok) throw new Error("captions fixture failed");
  }
  const downloads = await offlineDownloads(handle.db, people.trainer, paidCourseId, video.lessonId);
  const videoLink = downloads.ok
    ? downloads.downloads.files.find((file) => file.kind === "video")
    : undefined;
  if (!videoLink) throw new Error("offline fixture failed");
  offlineTokens.trainer = videoLink.href.replace("/media/offline/", "");
  offlineTokens.user = signOfflineGrant(
    {
      userId: people.user.id,
      courseId: paidCourseId,
      lessonId: video.lessonId,
      kind: "video",
      expiresAt: Date.now() + OFFLINE_LINK_LIFETIME_MS,
    },
    getSessionSecret(),
  );
  const quizRows = await handle.db
    .insert(lessons)
    .values(
      await withSection(handle.db, [
        { courseId: paidCourseId, position: 60, title: "Quiz", kind: "quiz" as const },
        {
          courseId: paidCourseId,
          position: 61,
          title: "Preview quiz",
          kind: "quiz" as const,
          isFreePreview: true,
        },
      ]),
    )
    .returning({ id: lessons.id });
  quizLessonId = quizRows[0]?.id ?? 0;
  previewQuizLessonId = quizRows[1]?.id ?? 0;
  for (const id of [quizLessonId, previewQuizLessonId]) {
    const saved = await saveQuiz(handle.db, people.trainer, id, sampleQuiz({ maxAttempts: 0 }));
    if (!saved.ok) throw new Error("quiz fixture failed");
    if (id === previewQuizLessonId) previewQuiz = saved.quiz;
  }
  // Issue 43: a course whose free-preview quiz "user" holds: who holds it takes real attempts, never a practice.
  const [held] = await handle.db
    .insert(courses)
    .values({
      slug: "held-preview",
      title: "Held",
      description: "d",
      category: "data-science",
      price: 100,
      isPublished: true,
      trainerId: people.trainer.id,
    })
    .returning({ id: courses.id });
  heldPreview.courseId = held?.id ?? 0;
  const [heldQuiz] = await handle.db
    .insert(lessons)
    .values(
      await withSection(handle.db, {
        courseId: heldPreview.courseId,
        position: 1,
        title: "Held quiz",
        kind: "quiz" as const,
        isFreePreview: true,
      }),
    )
    .returning({ id: lessons.id });
  heldPreview.quizLessonId = heldQuiz?.id ?? 0;
  const heldSaved = await saveQuiz(
    handle.db,
    people.trainer,
    heldPreview.quizLessonId,
    sampleQuiz({ maxAttempts: 1, reveal: "never" }),
  );
  if (!heldSaved.ok) throw new Error("held quiz fixture failed");
  heldPreview.quiz = heldSaved.quiz;
  await handle.db
    .insert(enrollments)
    .values({ userId: people.user.id, courseId: heldPreview.courseId, pricePaid: 100 });
  await handle.db.insert(enrollments).values({ userId: target.id, courseId: paidCourseId, pricePaid: 0 });
  const othersAttempt = await startAttempt(handle.db, target, paidCourseId, quizLessonId, "en");
  if (!othersAttempt.ok) throw new Error("attempt fixture failed");
  othersAttemptId = othersAttempt.attempt.id;
  const asked = await askQuestion(handle.db, target, paidCourseId, paidLessonId, {
    title: "Matrix Q",
    body: "x",
  });
  if (!asked.ok) throw new Error("question fixture failed");
  qa.questionId = asked.questionId;
  const replied = await replyToQuestion(handle.db, target, asked.questionId, { body: "Matrix reply" });
  if (!replied.ok) throw new Error("reply fixture failed");
  qa.replyId = replied.replyId;
  const otherTrainer = await createUser(handle.db, "trainer");
  const [otherCourse] = await handle.db
    .insert(courses)
    .values({
      slug: "qa-other",
      title: "Another trainer's",
      description: "d",
      category: "data-science",
      isPublished: true,
      trainerId: otherTrainer.id,
    })
    .returning({ id: courses.id });
  qa.otherCourseId = otherCourse?.id ?? 0;
  const [otherLesson] = await handle.db
    .insert(lessons)
    .values(await withSection(handle.db, { courseId: qa.otherCourseId, position: 1, title: "Q&A lesson" }))
    .returning({ id: lessons.id });
  qa.otherLessonId = otherLesson?.id ?? 0;
  await handle.db.insert(enrollments).values({ userId: target.id, courseId: qa.otherCourseId, pricePaid: 0 });
  const otherAsked = await askQuestion(handle.db, target, qa.otherCourseId, qa.otherLessonId, {
    title: "Other Q",
    body: "x",
  });
  if (!otherAsked.ok) throw new Error("question fixture failed");
  qa.otherQuestionId = otherAsked.questionId;
  const otherReplied = await replyToQuestion(handle.db, target, otherAsked.questionId, {
    body: "Other reply",
  });
  if (!otherReplied.ok) throw new Error("reply fixture failed");
  qa.otherReplyId = otherReplied.replyId;
  othersCourseId = qa.otherCourseId;
});
afterAll(async () => {
  video?.restore();
  await handle?.close();
});

/** Turns whatever a route returned or threw into one comparable outcome. */
async function outcome(run: () => Promise<unknown>): Promise<Expected | number> {
  let result: unknown;
  try {
    result = await run();
  } catch (error) {
    result = error;
  }
  if (result instanceof Response) {
    if (result.status === 302 && result.headers.get("Location")?.includes("/auth/login?redirectTo="))
      return "login";
    if (result.status >= 200 && result.status < 300) return "ok";
    if (result.status === 302) return "ok"; // a successful form action redirects back
    return result.status;
  }
  if (result && typeof result === "object" && "init" in result) {
    const status = (result as { init?: ResponseInit }).init?.status ?? 200;
    return status < 300 ? "ok" : status;
  }
  if (result instanceof Error) throw result;
  return "ok";
}

type Case = {
  name: string;
  kind: "page" | "api";
  handler: unknown;
  method?: string;
  path: string;
  body?: () => BodyInit;
  /** Extra request headers (tus). */
  headers?: Record<string, string>;
  multipart?: () => FormData;
  params?: () => Record<string, string>;
  expected: Record<Role, Expected>;
};

const PAGE_USER: Record<Role, Expected> = { guest: "login", user: "ok", trainer: "ok", admin: "ok" };
const PAGE_STAFF: Record<Role, Expected> = { guest: "login", user: 403, trainer: "ok", admin: "ok" };
const PAGE_ADMIN: Record<Role, Expected> = { guest: "login", user: 403, trainer: 403, admin: "ok" };
const API_USER: Record<Role, Expected> = { guest: 401, user: "ok", trainer: "ok", admin: "ok" };
const API_ADMIN: Record<Role, Expected> = { guest: 401, user: 403, trainer: 403, admin: "ok" };
const API_STAFF: Record<Role, Expected> = { guest: 401, user: 403, trainer: "ok", admin: "ok" };

const CASES: Case[] = [
  {
    name: "GET /my-enrollments",
    kind: "page",
    handler: myEnrollments,
    path: "/my-enrollments",
    expected: PAGE_USER,
  },
  {
    name: "GET /my-favorites",
    kind: "page",
    handler: myFavorites,
    path: "/ar/my-favorites",
    expected: PAGE_USER,
  },
  { name: "GET /account", kind: "page", handler: account, path: "/ar/account", expected: PAGE_USER },
  {
    name: "POST /account (own name)",
    kind: "page",
    handler: accountAction,
    method: "POST",
    path: "/account",
    body: () => new URLSearchParams({ name: "Matrix Person", nameAr: "شخص المصفوفة" }),
    expected: PAGE_USER,
  },
  {
    name: "POST /account (sign out of every other session)",
    kind: "page",
    handler: accountAction,
    method: "POST",
    path: "/account",
    body: () => new URLSearchParams({ intent: "revokeOthers" }),
    expected: PAGE_USER,
  },
  {
    name: "GET /account/wallet",
    kind: "page",
    handler: wallet,
    path: "/ar/account/wallet",
    expected: PAGE_USER,
  },
  {
    name: "POST /account/wallet (top-up request)",
    kind: "page",
    handler: walletAction,
    method: "POST",
    path: "/account/wallet",
    body: () => new URLSearchParams({ amount: "10" }),
    expected: PAGE_USER,
  },
  {
    name: "GET /dashboard/admin/coupons",
    kind: "page",
    handler: couponsPage,
    path: "/dashboard/admin/coupons",
    expected: PAGE_ADMIN,
  },
  {
    name: "POST /dashboard/admin/coupons (disable an unknown code)",
    kind: "page",
    handler: couponsPageAction,
    method: "POST",
    path: "/dashboard/admin/coupons",
    body: () => new URLSearchParams({ intent: "disable", id: "999999" }),
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /instructor/coupons",
    kind: "page",
    handler: couponsPage,
    path: "/instructor/coupons",
    expected: PAGE_STAFF,
  },
  {
    name: "POST /instructor/coupons (a code for the trainer's own course)",
    kind: "page",
    handler: couponsPageAction,
    method: "POST",
    path: "/instructor/coupons",
    body: () =>
      new URLSearchParams({
        intent: "create",
        code: `PAGE-${crypto.randomUUID().slice(0, 8)}`,
        discountType: "percent",
        value: "15",
        courseId: String(draftCourseId),
      }),
    expected: PAGE_STAFF,
  },
  {
    name: "GET /checkout",
    kind: "page",
    handler: checkoutPage,
    path: "/checkout",
    expected: PAGE_USER,
  },
  {
    // A card payment with no card provider: signed in, the refusal; nothing is bought.
    name: "POST /checkout (card, no provider)",
    kind: "page",
    handler: checkoutPageAction,
    method: "POST",
    path: "/ar/checkout?course=999999",
    body: () => new URLSearchParams({ method: "card", course: "999999" }),
    expected: { guest: "login", user: 422, trainer: 422, admin: 422 },
  },
  {
    // The check-again form of an order nobody has: the guard first, then the 404 of someone else's order.
    name: "POST /orders/:id (check again, unknown order)",
    kind: "page",
    handler: orderPageAction,
    method: "POST",
    path: "/orders/999999",
    params: () => ({ id: "999999" }),
    body: () => new URLSearchParams({}),
    expected: { guest: "login", user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "GET /orders/:id (unknown order)",
    kind: "page",
    handler: orderPage,
    path: "/orders/999999",
    params: () => ({ id: "999999" }),
    expected: { guest: "login", user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "GET /dashboard/admin/orders",
    kind: "page",
    handler: adminOrders,
    path: "/ar/dashboard/admin/orders?status=paid",
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /account/billing",
    kind: "page",
    handler: billing,
    path: "/ar/account/billing",
    expected: PAGE_USER,
  },
  {
    // Nobody's document: the guard first, then the 404 a document of someone else's gets too.
    name: "GET /account/billing/:number (unknown number)",
    kind: "page",
    handler: billingDocument,
    path: "/account/billing/INV-2026-999999",
    params: () => ({ number: "INV-2026-999999" }),
    expected: { guest: "login", user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "GET /dashboard/admin/invoices",
    kind: "page",
    handler: adminInvoices,
    path: "/ar/dashboard/admin/invoices?from=2026-01-01&kind=simplified",
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin/invoices.csv",
    kind: "page",
    handler: adminInvoicesCsv,
    path: "/dashboard/admin/invoices.csv?from=2026-01-01",
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin/enrollments",
    kind: "page",
    handler: enrollmentAdmin,
    path: "/dashboard/admin/enrollments",
    expected: PAGE_ADMIN,
  },
  {
    name: "POST /dashboard/admin/enrollments (refund an unknown enrollment)",
    kind: "page",
    handler: enrollmentAdminAction,
    method: "POST",
    path: "/dashboard/admin/enrollments",
    body: () => new URLSearchParams({ id: "999999", reason: "matrix" }),
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin/jobs",
    kind: "page",
    handler: adminJobs,
    path: "/ar/dashboard/admin/jobs?state=failed",
    expected: PAGE_ADMIN,
  },
  {
    name: "POST /dashboard/admin/jobs (retry an unknown job: a toast, after the guard)",
    kind: "page",
    handler: adminJobsAction,
    method: "POST",
    path: "/dashboard/admin/jobs",
    body: () => new URLSearchParams({ intent: "retry", id: crypto.randomUUID() }),
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin/outbox",
    kind: "page",
    handler: adminOutbox,
    path: "/ar/dashboard/admin/outbox",
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin/pages",
    kind: "page",
    handler: adminPages,
    path: "/ar/dashboard/admin/pages",
    expected: PAGE_ADMIN,
  },
  {
    name: "POST /dashboard/admin/pages (a malformed address: refused after the guard)",
    kind: "page",
    handler: adminPagesAction,
    method: "POST",
    path: "/dashboard/admin/pages",
    body: () => new URLSearchParams({ slug: "Not A Slug", title: "x" }),
    expected: { guest: "login", user: 403, trainer: 403, admin: 400 },
  },
  {
    name: "GET /dashboard/admin/pages/:slug",
    kind: "page",
    handler: adminPage,
    path: "/dashboard/admin/pages/home",
    params: () => ({ slug: "home" }),
    expected: PAGE_ADMIN,
  },
  {
    name: "POST /dashboard/admin/pages/:slug (no English title: refused after the guard)",
    kind: "page",
    handler: adminPageAction,
    method: "POST",
    path: "/dashboard/admin/pages/home",
    params: () => ({ slug: "home" }),
    body: () => new URLSearchParams({ intent: "save", revision: "0", title: "" }),
    expected: { guest: "login", user: 403, trainer: 403, admin: 400 },
  },
  {
    name: "GET /dashboard/admin/settings",
    kind: "page",
    handler: adminSiteSettings,
    path: "/ar/dashboard/admin/settings",
    expected: PAGE_ADMIN,
  },
  {
    name: "POST /dashboard/admin/settings (no English brand name: refused after the guard)",
    kind: "page",
    handler: adminSiteSettingsAction,
    method: "POST",
    path: "/dashboard/admin/settings",
    body: () => new URLSearchParams({ brandNameEn: "" }),
    expected: { guest: "login", user: 403, trainer: 403, admin: 400 },
  },
  {
    name: "POST /account (change email, wrong password: the guard, then the rule)",
    kind: "page",
    handler: accountAction,
    method: "POST",
    path: "/account",
    body: () => new URLSearchParams({ intent: "email", newEmail: "x@example.com", currentPassword: "wrong" }),
    expected: { guest: "login", user: 400, trainer: 400, admin: 400 },
  },
  {
    name: "POST /account (cancel a pending email change)",
    kind: "page",
    handler: accountAction,
    method: "POST",
    path: "/account",
    body: () => new URLSearchParams({ intent: "cancelEmail" }),
    expected: PAGE_USER,
  },
  {
    name: "GET /account/confirm-email (no link: the page says it does not work)",
    kind: "page",
    handler: confirmEmailPage,
    path: "/ar/account/confirm-email",
    expected: PAGE_USER,
  },
  {
    name: "POST /account/confirm-email (unknown token: the guard, then the rule)",
    kind: "page",
    handler: confirmEmailAction,
    method: "POST",
    path: "/account/confirm-email",
    body: () => new URLSearchParams({ token: "A".repeat(43) }),
    expected: { guest: "login", user: 400, trainer: 400, admin: 400 },
  },
  {
    name: "POST /account (delete, wrong password: the guard, then the rule)",
    kind: "page",
    handler: accountAction,
    method: "POST",
    path: "/account",
    body: () => new URLSearchParams({ intent: "delete", confirmation: "wrong" }),
    expected: { guest: "login", user: 400, trainer: 400, admin: 400 },
  },
  // The leads inbox (issue 48): admins only, pages and API.
  {
    name: "GET /dashboard/admin/leads",
    kind: "page",
    handler: leadInbox,
    path: "/ar/dashboard/admin/leads?status=new&q=matrix",
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin/leads/board",
    kind: "page",
    handler: leadBoard,
    path: "/ar/dashboard/admin/leads/board?spam=1",
    expected: PAGE_ADMIN,
  },
  {
    name: "POST /dashboard/admin/leads/board (move)",
    kind: "page",
    handler: leadBoardAction,
    method: "POST",
    path: "/dashboard/admin/leads/board",
    body: () => new URLSearchParams({ intent: "move", leadId: String(leadId), status: "contacted" }),
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin/leads.csv",
    kind: "page",
    handler: leadsCsvPage,
    path: "/dashboard/admin/leads.csv",
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin/leads/:id",
    kind: "page",
    handler: leadPage,
    path: "/dashboard/admin/leads/x",
    params: () => ({ id: String(leadId) }),
    expected: PAGE_ADMIN,
  },
  {
    name: "POST /dashboard/admin/leads/:id (note)",
    kind: "page",
    handler: leadPageAction,
    method: "POST",
    path: "/dashboard/admin/leads/x",
    params: () => ({ id: String(leadId) }),
    body: () => new URLSearchParams({ intent: "note", body: "Matrix note" }),
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin/top-ups",
    kind: "page",
    handler: topUpQueue,
    path: "/dashboard/admin/top-ups",
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin/bank-transfer",
    kind: "page",
    handler: bankTransferPage,
    path: "/ar/dashboard/admin/bank-transfer",
    expected: PAGE_ADMIN,
  },
  {
    name: "POST /dashboard/admin/bank-transfer (an invalid IBAN: the guard first)",
    kind: "page",
    handler: bankTransferPageAction,
    method: "POST",
    path: "/dashboard/admin/bank-transfer",
    body: () => new URLSearchParams({ bankName: "B", accountHolder: "H", iban: "SA0380000000608010167518" }),
    expected: { guest: "login", user: 403, trainer: 403, admin: 400 },
  },
  {
    name: "POST /dashboard/admin/top-ups (review)",
    kind: "page",
    handler: topUpQueueAction,
    method: "POST",
    path: "/dashboard/admin/top-ups",
    body: () => new URLSearchParams({ intent: "reject", id: "999999" }),
    expected: PAGE_ADMIN,
  },
  { name: "GET /instructor", kind: "page", handler: instructor, path: "/instructor", expected: PAGE_STAFF },
  // Analytics (issue 13): staff only; which figures a trainer sees is tested in analytics.test.ts.
  {
    name: "GET /instructor/analytics",
    kind: "page",
    handler: instructorAnalytics,
    path: "/ar/instructor/analytics?period=90",
    expected: PAGE_STAFF,
  },
  // Teachers' profiles (issue 50): the public page for anyone, the editor for staff.
  {
    name: "GET /instructors/:id (a trainer with published courses)",
    kind: "page",
    handler: instructorProfilePage,
    path: "/ar/instructors/:trainer",
    params: () => ({ id: people.trainer?.id ?? "" }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /instructors/:id (a learner: no profile)",
    kind: "page",
    handler: instructorProfilePage,
    path: "/instructors/:user",
    params: () => ({ id: people.user?.id ?? "" }),
    expected: { guest: 404, user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "GET /instructor/profile",
    kind: "page",
    handler: instructorProfileEdit,
    path: "/instructor/profile",
    expected: PAGE_STAFF,
  },
  {
    name: "POST /instructor/profile (a link that is not https: refused after the guard)",
    kind: "page",
    handler: instructorProfileEditAction,
    method: "POST",
    path: "/instructor/profile",
    body: () => new URLSearchParams({ intent: "save", bio: "b", links: "http://example.com" }),
    expected: { guest: "login", user: 403, trainer: 400, admin: 400 },
  },
  {
    name: "GET /dashboard/admin?period=365",
    kind: "page",
    handler: adminDashboard,
    path: "/dashboard/admin?period=365",
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin",
    kind: "page",
    handler: adminDashboard,
    path: "/dashboard/admin",
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin/users",
    kind: "page",
    handler: adminUsers,
    path: "/dashboard/admin/users",
    expected: PAGE_ADMIN,
  },
  {
    name: "POST /dashboard/admin/users (charge wallet)",
    kind: "page",
    handler: adminUsersAction,
    method: "POST",
    path: "/dashboard/admin/users",
    body: () => new URLSearchParams({ intent: "chargeWallet", userId: target.id, amount: "1" }),
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /api/course/enrollment",
    kind: "api",
    handler: enrollmentList,
    path: "/api/course/enrollment",
    expected: API_USER,
  },
  {
    name: "POST /api/course/enrollment/bulk/enroll",
    kind: "api",
    handler: enrollBulk,
    method: "POST",
    path: "/api/course/enrollment/bulk/enroll",
    body: () => JSON.stringify({ courseIds: [freeCourseId] }),
    expected: API_USER,
  },
  {
    name: "POST /api/course/enrollment/:courseId",
    kind: "api",
    handler: enrollOne,
    method: "POST",
    path: "/api/course/enrollment/x",
    params: () => ({ courseId: String(freeCourseId) }),
    expected: API_USER,
  },
  {
    name: "POST /api/courses/:id/favorite",
    kind: "api",
    handler: favoriteToggle,
    method: "POST",
    path: "/api/courses/x/favorite",
    params: () => ({ id: String(freeCourseId) }),
    expected: API_USER,
  },
  // Search engines (issue 13): public to everyone.
  {
    name: "GET /sitemap.xml",
    kind: "page",
    handler: sitemapXml,
    path: "/sitemap.xml",
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /robots.txt",
    kind: "page",
    handler: robotsTxt,
    path: "/robots.txt",
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  // Password reset (issue 14): public by nature; the answers never depend on who asks.
  {
    name: "GET /auth/forgot-password",
    kind: "page",
    handler: forgotPage,
    path: "/ar/auth/forgot-password",
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /auth/reset-password (no link)",
    kind: "page",
    handler: resetPage,
    path: "/auth/reset-password",
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /api/auth/forgot-password",
    kind: "api",
    handler: forgotApi,
    method: "POST",
    path: "/api/auth/forgot-password",
    body: () => JSON.stringify({ email: "matrix-nobody@example.com" }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /api/auth/reset-password (unknown token)",
    kind: "api",
    handler: resetApi,
    method: "POST",
    path: "/api/auth/reset-password",
    body: () => JSON.stringify({ token: "A".repeat(43), password: "long enough secret" }),
    expected: { guest: 422, user: 422, trainer: 422, admin: 422 },
  },
  // Reviews (issue 13): anyone reads them; writing needs an enrollment, so the matrix's unenrolled callers
  // are refused (403), and deleting a review one never wrote is 404.
  {
    name: "GET /api/courses/:id/reviews",
    kind: "api",
    handler: reviewList,
    path: "/api/courses/x/reviews",
    params: () => ({ id: String(paidCourseId) }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /api/courses/:id/reviews (not enrolled)",
    kind: "api",
    handler: reviewWrite,
    method: "POST",
    path: "/api/courses/x/reviews",
    body: () => JSON.stringify({ rating: 5, comment: "Great" }),
    params: () => ({ id: String(paidCourseId) }),
    expected: { guest: 401, user: 403, trainer: 403, admin: 403 },
  },
  {
    name: "DELETE /api/courses/:id/reviews (none written)",
    kind: "api",
    handler: reviewWrite,
    method: "DELETE",
    path: "/api/courses/x/reviews",
    params: () => ({ id: String(paidCourseId) }),
    expected: { guest: 401, user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "GET /api/courses/favorites/list",
    kind: "api",
    handler: favoritesList,
    path: "/api/courses/favorites/list",
    expected: API_USER,
  },
  {
    name: "GET /courses/:id/learn (not enrolled)",
    kind: "page",
    handler: courseLearn,
    path: "/courses/x/learn",
    params: () => ({ id: String(paidCourseId) }),
    // Only the course's trainer and admins may open it without buying it.
    expected: { guest: "login", user: 403, trainer: "ok", admin: "ok" },
  },
  // Learning (issue 9): the matrix's user is not enrolled in the paid course; its trainer and admins may
  // open it and record progress in it.
  {
    name: "GET /courses/:id/learn/:lessonId (not enrolled)",
    kind: "page",
    handler: courseLearn,
    path: "/courses/x/learn/y",
    params: () => ({ id: String(paidCourseId), lessonId: String(paidLessonId) }),
    expected: { guest: "login", user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /courses/:id/learn/:lessonId (a free preview)",
    kind: "page",
    handler: courseLearn,
    path: "/courses/x/learn/y",
    params: () => ({ id: String(paidCourseId), lessonId: String(previewLessonId) }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /courses/:id/learn/:lessonId (mark a free preview complete, not enrolled)",
    kind: "page",
    handler: courseLearnAction,
    method: "POST",
    path: "/courses/x/learn/y",
    params: () => ({ id: String(paidCourseId), lessonId: String(previewLessonId) }),
    body: () => new URLSearchParams({ intent: "complete", js: "1" }),
    // A preview records nothing for those who do not hold the course.
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /courses/:id/learn/:lessonId (mark as complete, from a fetcher)",
    kind: "page",
    handler: courseLearnAction,
    method: "POST",
    path: "/courses/x/learn/y",
    params: () => ({ id: String(paidCourseId), lessonId: String(paidLessonId) }),
    body: () => new URLSearchParams({ intent: "complete", js: "1" }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /courses/:id/learn/:lessonId/progress (the player's beacon)",
    kind: "page",
    handler: learnBeacon,
    method: "POST",
    path: "/courses/x/learn/y/progress",
    params: () => ({ id: String(paidCourseId), lessonId: String(paidLessonId) }),
    body: () => new URLSearchParams({ positionSeconds: "3" }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /api/courses/:courseId/lessons/:lessonId/progress",
    kind: "api",
    handler: lessonProgressApi,
    method: "POST",
    path: "/api/courses/x/lessons/y/progress",
    params: () => ({ courseId: String(paidCourseId), lessonId: String(paidLessonId) }),
    body: () => JSON.stringify({ positionSeconds: 3, completed: true }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /api/courses/:courseId/progress",
    kind: "api",
    handler: courseProgressApi,
    path: "/api/courses/x/progress",
    params: () => ({ courseId: String(paidCourseId) }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /api/courses/:courseId/lecture/:lectureId/play",
    kind: "api",
    handler: lecturePlayApi,
    path: "/api/courses/x/lecture/y/play",
    params: () => ({ courseId: String(paidCourseId), lectureId: String(paidLessonId) }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /api/courses/:courseId/lecture/:lectureId/play (a free preview)",
    kind: "api",
    handler: lecturePlayApi,
    path: "/api/courses/x/lecture/y/play",
    params: () => ({ courseId: String(paidCourseId), lectureId: String(previewLessonId) }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /api/courses/:courseId/lecture/:lectureId/play (a draft)",
    kind: "api",
    handler: lecturePlayApi,
    path: "/api/courses/x/lecture/1/play",
    params: () => ({ courseId: String(draftCourseId), lectureId: String(paidLessonId) }),
    // The paid course's lesson asked for under the draft: 404 for those who may open the draft too, and a
    // draft does not exist for a guest either.
    expected: { guest: 404, user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "GET /instructor/courses/new",
    kind: "page",
    handler: newCourse,
    path: "/instructor/courses/new",
    expected: PAGE_STAFF,
  },
  {
    name: "POST /instructor/courses/new",
    kind: "page",
    handler: newCourseAction,
    method: "POST",
    path: "/ar/instructor/courses/new",
    body: () =>
      new URLSearchParams({ title: "Matrix", category: "data-science", description: "", price: "1" }),
    expected: PAGE_STAFF,
  },
  {
    name: "GET /instructor/courses/:id (the trainer's draft)",
    kind: "page",
    handler: courseEditor,
    path: "/instructor/courses/x",
    params: () => ({ id: String(draftCourseId) }),
    expected: PAGE_STAFF,
  },
  {
    name: "POST /instructor/courses/:id (save landing)",
    kind: "page",
    handler: courseEditorAction,
    method: "POST",
    path: "/instructor/courses/x",
    params: () => ({ id: String(draftCourseId) }),
    body: () =>
      new URLSearchParams({
        intent: "saveLanding",
        title: "Draft",
        category: "data-science",
        description: "",
        price: "1",
      }),
    expected: PAGE_STAFF,
  },
  {
    name: "GET /instructor/courses/:id/curriculum",
    kind: "page",
    handler: curriculum,
    path: "/instructor/courses/x/curriculum",
    params: () => ({ id: String(draftCourseId) }),
    expected: PAGE_STAFF,
  },
  {
    name: "POST /instructor/courses/:id/curriculum (add lesson)",
    kind: "page",
    handler: curriculumAction,
    method: "POST",
    path: "/instructor/courses/x/curriculum",
    params: () => ({ id: String(draftCourseId) }),
    body: () => new URLSearchParams({ intent: "addLesson", title: "Matrix lesson", durationMinutes: "" }),
    expected: PAGE_STAFF,
  },
  // The quiz editor and the learners list (issue 32): the course's editors only.
  {
    name: "GET /instructor/courses/:id/lessons/:lessonId/quiz",
    kind: "page",
    handler: quizEditor,
    path: "/instructor/courses/x/lessons/y/quiz",
    params: () => ({ id: String(paidCourseId), lessonId: String(quizLessonId) }),
    expected: PAGE_STAFF,
  },
  {
    name: "POST /instructor/courses/:id/lessons/:lessonId/quiz (save settings, as they are)",
    kind: "page",
    handler: quizEditorAction,
    method: "POST",
    path: "/ar/instructor/courses/x/lessons/y/quiz",
    params: () => ({ id: String(paidCourseId), lessonId: String(quizLessonId) }),
    body: () =>
      new URLSearchParams({
        intent: "saveSettings",
        passPercent: "70",
        maxAttempts: "0",
        timeLimitMinutes: "",
        drawCount: "",
        reveal: "after_pass",
      }),
    expected: PAGE_STAFF,
  },
  {
    name: "GET /instructor/courses/:id/learners",
    kind: "page",
    handler: courseLearners,
    path: "/instructor/courses/x/learners",
    params: () => ({ id: String(paidCourseId) }),
    expected: PAGE_STAFF,
  },
  {
    name: "GET /media/raw/:publicId (lesson PDF, not enrolled)",
    kind: "page",
    handler: mediaRaw,
    path: "/media/raw/x",
    params: () => ({ publicId: pdfPublicId }),
    expected: { guest: "login", user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /media/videos/:videoId (lesson video, not enrolled)",
    kind: "page",
    handler: mediaVideo,
    path: "/media/videos/x",
    params: () => ({ videoId: video.readyId }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  // Light renditions and offline downloads (issue 36): the renditions under the original's rule; the list
  // for those who hold the course (its trainer, admins; a preview offers nothing); a signed link answers by
  // itself, the same to every role, whatever session comes with it.
  {
    name: "GET /media/videos/:videoId/:quality (low rendition, not enrolled)",
    kind: "page",
    handler: mediaVideo,
    path: "/media/videos/x/low",
    params: () => ({ videoId: video.readyId, quality: "low" }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /media/videos/:videoId/:quality (audio rendition, not enrolled, Bearer)",
    kind: "api",
    handler: mediaVideo,
    path: "/media/videos/x/audio",
    params: () => ({ videoId: video.readyId, quality: "audio" }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /api/courses/:courseId/lessons/:lessonId/downloads (not enrolled)",
    kind: "api",
    handler: lessonDownloadsApi,
    path: "/api/courses/x/lessons/y/downloads",
    params: () => ({ courseId: String(paidCourseId), lessonId: String(video.lessonId) }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /api/courses/:courseId/lessons/:lessonId/downloads (a free preview)",
    kind: "api",
    handler: lessonDownloadsApi,
    path: "/api/courses/x/lessons/y/downloads",
    params: () => ({ courseId: String(paidCourseId), lessonId: String(previewLessonId) }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /api/courses/:courseId/lessons/:lessonId/downloads (another trainer's course)",
    kind: "api",
    handler: lessonDownloadsApi,
    path: "/api/courses/x/lessons/y/downloads",
    params: () => ({ courseId: String(qa.otherCourseId), lessonId: String(qa.otherLessonId) }),
    expected: { guest: 401, user: 403, trainer: 403, admin: "ok" },
  },
  {
    name: "GET /media/offline/:token (a link made for the course's trainer)",
    kind: "page",
    handler: mediaOffline,
    path: "/media/offline/x",
    params: () => ({ token: offlineTokens.trainer }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /media/offline/:token (a link signed for a user who does not hold the course)",
    kind: "page",
    handler: mediaOffline,
    path: "/media/offline/x",
    params: () => ({ token: offlineTokens.user }),
    expected: { guest: 403, user: 403, trainer: 403, admin: 403 },
  },
  {
    name: "POST /courses/:id/learn/:lessonId (quality choice on a free preview, plain form)",
    kind: "page",
    handler: courseLearnAction,
    method: "POST",
    path: "/courses/x/learn/y",
    params: () => ({ id: String(paidCourseId), lessonId: String(previewLessonId) }),
    body: () => new URLSearchParams({ intent: "quality", quality: "low" }),
    // A choice of this browser, not of an account: guests choose too.
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /courses/:id/learn/:lessonId (quality choice on a free preview, from the player)",
    kind: "page",
    handler: courseLearnAction,
    method: "POST",
    path: "/courses/x/learn/y",
    params: () => ({ id: String(paidCourseId), lessonId: String(previewLessonId) }),
    body: () => new URLSearchParams({ intent: "quality", quality: "audio", js: "1" }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  // Captions (issue 36): served under the video's own rule; written by the course's editors.
  {
    name: "GET /courses/:id/learn/:lessonId/captions/:file (a paid lesson, not enrolled)",
    kind: "page",
    handler: lessonCaptionTrack,
    path: "/courses/x/learn/y/captions/en.vtt",
    params: () => ({ id: String(paidCourseId), lessonId: String(video.lessonId), file: "en.vtt" }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /courses/:id/learn/:lessonId/captions/:file (a free preview)",
    kind: "page",
    handler: lessonCaptionTrack,
    path: "/courses/x/learn/y/captions/en.vtt",
    params: () => ({ id: String(paidCourseId), lessonId: String(previewLessonId), file: "en.vtt" }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /api/courses/:courseId/lessons/:lessonId/captions/:lang (a paid lesson, not enrolled)",
    kind: "api",
    handler: captionReadApi,
    path: "/api/courses/x/lessons/y/captions/en",
    params: () => ({ courseId: String(paidCourseId), lessonId: String(video.lessonId), lang: "en" }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /api/courses/:courseId/lessons/:lessonId/captions/:lang (a free preview)",
    kind: "api",
    handler: captionReadApi,
    path: "/api/courses/x/lessons/y/captions/en",
    params: () => ({ courseId: String(paidCourseId), lessonId: String(previewLessonId), lang: "en" }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "PUT /api/instructor/lessons/:id/captions/:lang",
    kind: "api",
    handler: captionWriteApi,
    method: "PUT",
    path: "/api/instructor/lessons/x/captions/ar",
    params: () => ({ id: String(video.lessonId), lang: "ar" }),
    headers: { "Content-Type": "text/vtt" },
    body: () => "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nمرحبا\n",
    expected: API_STAFF,
  },
  {
    name: "DELETE /api/instructor/lessons/:id/captions/:lang",
    kind: "api",
    handler: captionWriteApi,
    method: "DELETE",
    path: "/api/instructor/lessons/x/captions/ar",
    params: () => ({ id: String(video.lessonId), lang: "ar" }),
    expected: API_STAFF,
  },
  {
    name: "GET /instructor/courses/:id/lessons/:lessonId/captions",
    kind: "page",
    handler: lessonCaptionsPage,
    path: "/instructor/courses/x/lessons/y/captions",
    params: () => ({ id: String(paidCourseId), lessonId: String(video.lessonId) }),
    expected: PAGE_STAFF,
  },
  {
    name: "POST /instructor/courses/:id/lessons/:lessonId/captions (delete)",
    kind: "page",
    handler: lessonCaptionsPageAction,
    method: "POST",
    path: "/instructor/courses/x/lessons/y/captions",
    params: () => ({ id: String(paidCourseId), lessonId: String(video.lessonId) }),
    body: () => new URLSearchParams({ intent: "delete", lang: "ar" }),
    expected: PAGE_STAFF,
  },
  {
    name: "POST /instructor/courses/:id/lessons/:lessonId/video (free preview)",
    kind: "page",
    handler: lessonVideoAction,
    method: "POST",
    path: "/instructor/courses/x/lessons/y/video",
    params: () => ({ id: String(paidCourseId), lessonId: String(video.lessonId) }),
    body: () => new URLSearchParams({ intent: "freePreview", value: "0" }),
    expected: PAGE_STAFF,
  },
  // Sections and lessons (issue 32): staff only; another trainer's draft is theirs alone (404, tested in
  // tests/integration/sections-api.test.ts).
  {
    name: "GET /api/courses/:id/curriculum (a draft)",
    kind: "api",
    handler: courseCurriculumApi,
    path: "/api/courses/x/curriculum",
    params: () => ({ id: String(draftCourseId) }),
    expected: { guest: 404, user: 404, trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /api/instructor/course/:id/sections",
    kind: "api",
    handler: courseSectionsApi,
    method: "POST",
    path: "/api/instructor/course/x/sections",
    params: () => ({ id: String(draftCourseId) }),
    body: () => JSON.stringify({ title: "Matrix section" }),
    expected: API_STAFF,
  },
  {
    name: "PUT /api/instructor/sections/:id",
    kind: "api",
    handler: sectionApi,
    method: "PUT",
    path: "/api/instructor/sections/x",
    params: () => ({ id: String(draftSectionId) }),
    body: () => JSON.stringify({ title: "Renamed", titleAr: "قسم" }),
    expected: API_STAFF,
  },
  {
    name: "DELETE /api/instructor/sections/:id (one with lessons)",
    kind: "api",
    handler: sectionApi,
    method: "DELETE",
    path: "/api/instructor/sections/x",
    params: () => ({ id: String(draftSectionId) }),
    expected: { guest: 401, user: 403, trainer: 409, admin: 409 },
  },
  {
    name: "POST /api/instructor/sections/:id/lessons",
    kind: "api",
    handler: sectionLessonsApi,
    method: "POST",
    path: "/api/instructor/sections/x/lessons",
    params: () => ({ id: String(draftSectionId) }),
    body: () => JSON.stringify({ kind: "article", title: "Matrix article", body: "Text" }),
    expected: API_STAFF,
  },
  {
    name: "PUT /api/instructor/lessons/:id",
    kind: "api",
    handler: lessonApi,
    method: "PUT",
    path: "/api/instructor/lessons/x",
    params: () => ({ id: String(draftLessonId) }),
    body: () => JSON.stringify({ title: "Draft lesson, edited" }),
    expected: API_STAFF,
  },
  {
    name: "PUT /api/instructor/lessons/:id (free preview)",
    kind: "api",
    handler: lessonApi,
    method: "PUT",
    path: "/api/instructor/lessons/x",
    params: () => ({ id: String(draftLessonId) }),
    body: () => JSON.stringify({ title: "Draft lesson, edited", isFreePreview: true }),
    expected: API_STAFF,
  },
  {
    // Switched off, as it is: the Q&A rows below use this lesson as a plain one.
    name: "PUT /api/instructor/lessons/:id (free preview, another trainer's published course)",
    kind: "api",
    handler: lessonApi,
    method: "PUT",
    path: "/api/instructor/lessons/x",
    params: () => ({ id: String(qa.otherLessonId) }),
    body: () => JSON.stringify({ title: "Q&A lesson", isFreePreview: false }),
    expected: { guest: 401, user: 403, trainer: 403, admin: "ok" },
  },
  {
    name: "DELETE /api/instructor/lessons/:id (a published course's only lesson)",
    kind: "api",
    handler: lessonApi,
    method: "DELETE",
    path: "/api/instructor/lessons/x",
    params: () => ({ id: String(certifiedLessonId) }),
    expected: { guest: 401, user: 403, trainer: 409, admin: 409 },
  },
  {
    name: "POST /api/instructor/lessons/:id/move",
    kind: "api",
    handler: lessonMoveApi,
    method: "POST",
    path: "/api/instructor/lessons/x/move",
    params: () => ({ id: String(draftLessonId) }),
    body: () => JSON.stringify({ sectionId: draftSectionId, position: 1 }),
    expected: API_STAFF,
  },
  {
    name: "POST /api/instructor/create-upload-link",
    kind: "api",
    handler: videoCreateLink,
    method: "POST",
    path: "/api/instructor/create-upload-link",
    body: () =>
      JSON.stringify({ fileSize: 100, fileName: "m.mp4", description: "", lessonId: video.lessonId }),
    expected: API_STAFF,
  },
  ...(["upload-video", "upload-video-with-progress"] as const).map(
    (name): Case => ({
      name: `POST /api/instructor/${name}`,
      kind: "api",
      handler: videoUpload,
      method: "POST",
      path: `/api/instructor/${name}`,
      multipart: () => video.multipart(),
      expected: API_STAFF,
    }),
  ),
  {
    name: "GET /api/instructor/video-status/:id",
    kind: "api",
    handler: videoStatus,
    path: "/api/instructor/video-status/x",
    params: () => ({ id: video.uploadingId }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "HEAD /api/videos/tus/:videoId",
    kind: "api",
    handler: videoTusHead,
    method: "HEAD",
    // The tus server reads the upload id from the URL itself.
    get path() {
      return `/api/videos/tus/${video?.uploadingId}`;
    },
    params: () => ({ videoId: video.uploadingId }),
    headers: { "Tus-Resumable": "1.0.0" },
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "PATCH /api/videos/tus/:videoId",
    kind: "api",
    handler: videoTusPatch,
    method: "PATCH",
    get path() {
      return `/api/videos/tus/${video?.uploadingId}`;
    },
    params: () => ({ videoId: video.uploadingId }),
    body: () => new Uint8Array(0),
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": "0",
      "Content-Type": "application/offset+octet-stream",
    },
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /api/instructor/course",
    kind: "api",
    handler: instructorCreate,
    method: "POST",
    path: "/api/instructor/course",
    body: () => JSON.stringify({ title: "Matrix", category: "data-science", description: "d", price: 0 }),
    expected: API_STAFF,
  },
  {
    // The trainer's own course: trainers and admins create; a fresh code each time (codes are unique).
    name: "POST /api/coupons",
    kind: "api",
    handler: couponsApi,
    method: "POST",
    path: "/api/coupons",
    body: () =>
      JSON.stringify({
        code: `MATRIX-${crypto.randomUUID().slice(0, 8)}`,
        percentOff: 10,
        courseId: draftCourseId,
      }),
    expected: API_STAFF,
  },
  {
    name: "PUT /api/instructor/course/:id",
    kind: "api",
    handler: instructorCourse,
    method: "PUT",
    path: "/api/instructor/course/x",
    params: () => ({ id: String(draftCourseId) }),
    body: () => JSON.stringify({ price: 2 }),
    expected: API_STAFF,
  },
  {
    name: "GET /api/instructor/my-courses",
    kind: "api",
    handler: instructorMyCourses,
    path: "/api/instructor/my-courses",
    expected: API_STAFF,
  },
  {
    name: "POST /api/cloudinary/upload",
    kind: "api",
    handler: mediaUpload,
    method: "POST",
    path: "/api/cloudinary/upload",
    multipart: () => {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(PDF_BYTES)], "notes.pdf"));
      return form;
    },
    expected: API_STAFF,
  },
  {
    name: "DELETE /api/cloudinary/delete/:publicId/:resourceType (someone else's file)",
    kind: "api",
    handler: mediaDelete,
    method: "DELETE",
    path: "/api/cloudinary/delete/x/raw",
    params: () => ({ publicId: pdfPublicId, resourceType: "raw" }),
    // Only the uploader (the trainer) or an admin; the file is in use, so even they get 409.
    expected: { guest: 401, user: 403, trainer: 409, admin: 409 },
  },
  {
    name: "DELETE /api/instructor/course/:id (the trainer's draft; last, it deletes it)",
    kind: "api",
    handler: instructorCourse,
    method: "DELETE",
    path: "/api/instructor/course/x",
    params: () => ({ id: String(draftCourseId) }),
    // The trainer deletes it first; the admin then finds nothing.
    expected: { guest: 401, user: 403, trainer: "ok", admin: 404 },
  },
  // ── Editorial (issue 11) ─────────────────────────────────────────────────────────────────────────────
  {
    name: "GET /dashboard/admin/blog",
    kind: "page",
    handler: postList,
    path: "/dashboard/admin/blog",
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin/blog/new",
    kind: "page",
    handler: newPost,
    path: "/ar/dashboard/admin/blog/new",
    expected: PAGE_ADMIN,
  },
  {
    name: "POST /dashboard/admin/blog/new (preview)",
    kind: "page",
    handler: newPostAction,
    method: "POST",
    path: "/dashboard/admin/blog/new",
    body: () => new URLSearchParams({ intent: "preview", title: "x", body: "**x**" }),
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin/blog/:id (the trainer's draft)",
    kind: "page",
    handler: postEditor,
    path: "/dashboard/admin/blog/x",
    params: () => ({ id: String(draftPostId) }),
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /instructor/blog",
    kind: "page",
    handler: postList,
    path: "/instructor/blog",
    expected: PAGE_STAFF,
  },
  {
    name: "GET /instructor/blog/new",
    kind: "page",
    handler: newPost,
    path: "/instructor/blog/new",
    expected: PAGE_STAFF,
  },
  {
    name: "POST /instructor/blog/new (preview)",
    kind: "page",
    handler: newPostAction,
    method: "POST",
    path: "/instructor/blog/new",
    body: () => new URLSearchParams({ intent: "preview", title: "x", body: "**x**" }),
    expected: PAGE_STAFF,
  },
  {
    name: "GET /instructor/blog/:id (the trainer's draft)",
    kind: "page",
    handler: postEditor,
    path: "/instructor/blog/x",
    params: () => ({ id: String(draftPostId) }),
    expected: PAGE_STAFF,
  },
  {
    name: "POST /instructor/blog/:id (save the draft)",
    kind: "page",
    handler: postEditorAction,
    method: "POST",
    path: "/instructor/blog/x",
    params: () => ({ id: String(draftPostId) }),
    body: () =>
      new URLSearchParams({
        intent: "save",
        title: "Draft post",
        excerpt: "Draft",
        body: "Draft body",
        status: "draft",
        publishAt: "",
      }),
    expected: PAGE_STAFF,
  },
  {
    name: "GET /blog/:id (the trainer's draft)",
    kind: "page",
    handler: blogPostPage,
    path: "/blog/x",
    params: () => ({ id: String(draftPostId) }),
    // Drafts are 404 to everyone but those who may edit them.
    expected: { guest: 404, user: 404, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /dashboard/admin/portfolio",
    kind: "page",
    handler: caseStudyList,
    path: "/dashboard/admin/portfolio",
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin/portfolio/new",
    kind: "page",
    handler: newCaseStudy,
    path: "/dashboard/admin/portfolio/new",
    expected: PAGE_ADMIN,
  },
  {
    name: "POST /dashboard/admin/portfolio/new (preview)",
    kind: "page",
    handler: newCaseStudyAction,
    method: "POST",
    path: "/dashboard/admin/portfolio/new",
    body: () => new URLSearchParams({ intent: "preview", problem: "*p*" }),
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /dashboard/admin/portfolio/:id",
    kind: "page",
    handler: caseStudyEditor,
    path: "/dashboard/admin/portfolio/x",
    params: () => ({ id: String(draftCaseStudyId) }),
    expected: PAGE_ADMIN,
  },
  {
    name: "POST /dashboard/admin/portfolio/:id (preview)",
    kind: "page",
    handler: caseStudyEditorAction,
    method: "POST",
    path: "/dashboard/admin/portfolio/x",
    params: () => ({ id: String(draftCaseStudyId) }),
    body: () => new URLSearchParams({ intent: "preview", problem: "*p*" }),
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /portfolio/:id (a draft case study)",
    kind: "page",
    handler: portfolioItemPage,
    path: "/portfolio/x",
    params: () => ({ id: String(draftCaseStudyId) }),
    expected: { guest: 404, user: 404, trainer: 404, admin: "ok" },
  },
  {
    name: "POST /api/blog",
    kind: "api",
    handler: blogCreateApi,
    method: "POST",
    path: "/api/blog",
    body: () => JSON.stringify({ title: "Matrix", excerpt: "e", body: "b" }),
    expected: API_STAFF,
  },
  {
    name: "GET /api/blog/:id (the trainer's draft)",
    kind: "api",
    handler: blogGetApi,
    path: "/api/blog/x",
    params: () => ({ id: String(draftPostId) }),
    expected: { guest: 404, user: 404, trainer: "ok", admin: "ok" },
  },
  {
    name: "PUT /api/blog/:id (the trainer's draft)",
    kind: "api",
    handler: blogItemApi,
    method: "PUT",
    path: "/api/blog/x",
    params: () => ({ id: String(draftPostId) }),
    body: () => JSON.stringify({ title: "Draft post" }),
    expected: API_STAFF,
  },
  {
    name: "POST /api/portfolio",
    kind: "api",
    handler: portfolioCreateApi,
    method: "POST",
    path: "/api/portfolio",
    body: () =>
      JSON.stringify({ title: "Matrix", clientName: "c", problem: "p", strategy: "s", result: "r" }),
    expected: API_ADMIN,
  },
  {
    name: "GET /api/portfolio/:id (a draft)",
    kind: "api",
    handler: portfolioGetApi,
    path: "/api/portfolio/x",
    params: () => ({ id: String(draftCaseStudyId) }),
    expected: { guest: 404, user: 404, trainer: 404, admin: "ok" },
  },
  {
    name: "PUT /api/portfolio/:id",
    kind: "api",
    handler: portfolioItemApi,
    method: "PUT",
    path: "/api/portfolio/x",
    params: () => ({ id: String(draftCaseStudyId) }),
    body: () => JSON.stringify({ title: "Draft case" }),
    expected: API_ADMIN,
  },
  {
    name: "DELETE /api/blog/:id (the trainer's draft; it deletes it)",
    kind: "api",
    handler: blogItemApi,
    method: "DELETE",
    path: "/api/blog/x",
    params: () => ({ id: String(draftPostId) }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: 404 },
  },
  {
    name: "DELETE /api/portfolio/:id (it deletes it)",
    kind: "api",
    handler: portfolioItemApi,
    method: "DELETE",
    path: "/api/portfolio/x",
    params: () => ({ id: String(draftCaseStudyId) }),
    expected: { guest: 401, user: 403, trainer: 403, admin: "ok" },
  },
  // ── Certificates (issue 10) ──────────────────────────────────────────────────────────────────────────
  {
    name: "GET /certificates",
    kind: "page",
    handler: myCertificates,
    path: "/certificates",
    expected: PAGE_USER,
  },
  {
    name: "POST /certificates (get the certificate)",
    kind: "page",
    handler: myCertificatesAction,
    method: "POST",
    path: "/certificates",
    body: () => new URLSearchParams({ intent: "generate", courseId: String(certifiedCourseId) }),
    // Signed in, the answer is a redirect with a toast (issued, or why not); guests sign in first.
    expected: PAGE_USER,
  },
  {
    name: "GET /certificates/:id/pdf (user's certificate)",
    kind: "page",
    handler: certificatePdfPage,
    path: "/certificates/x/pdf",
    params: () => ({ id: certificate.id }),
    expected: { guest: "login", user: "ok", trainer: 404, admin: "ok" },
  },
  {
    name: "GET /certificates/:id/credential.json (user's certificate)",
    kind: "page",
    handler: certificateCredentialPage,
    path: "/certificates/x/credential.json",
    params: () => ({ id: certificate.id }),
    expected: { guest: "login", user: "ok", trainer: 404, admin: "ok" },
  },
  // Open Badges (issue 33): the issuer's DID document and status lists are public by nature.
  {
    name: "GET /.well-known/did.json",
    kind: "page",
    handler: didDocument,
    path: "/.well-known/did.json",
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /credentials/verify",
    kind: "page",
    handler: credentialVerifyPage,
    path: "/ar/credentials/verify",
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /credentials/verify (a pasted credential)",
    kind: "page",
    handler: credentialVerifyPageAction,
    method: "POST",
    path: "/credentials/verify",
    body: () => new URLSearchParams({ credential: '{"type":["VerifiableCredential"]}' }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /credentials/status/:list",
    kind: "page",
    handler: credentialStatusList,
    path: "/credentials/status/1",
    params: () => ({ list: "1" }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /certificates/verify/:code",
    kind: "page",
    handler: certificateVerifyPage,
    path: "/ar/certificates/verify/x",
    params: () => ({ code: certificate.code }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /dashboard/admin/certificates",
    kind: "page",
    handler: adminCertificates,
    path: "/dashboard/admin/certificates?q=x",
    expected: PAGE_ADMIN,
  },
  {
    name: "GET /api/me/learning",
    kind: "api",
    handler: meLearningApi,
    path: "/api/me/learning",
    expected: API_USER,
  },
  {
    name: "GET /api/certificates",
    kind: "api",
    handler: certificateListApi,
    path: "/api/certificates",
    expected: API_USER,
  },
  {
    name: "POST /api/certificates/:courseId/generate (user's completed course)",
    kind: "api",
    handler: certificateGenerateApi,
    method: "POST",
    path: "/api/certificates/x/generate",
    params: () => ({ courseId: String(certifiedCourseId) }),
    // Only the enrolled learner; a course one is not enrolled in is 404 (even for its trainer or an admin).
    expected: { guest: 401, user: "ok", trainer: 404, admin: 404 },
  },
  {
    name: "GET /api/certificates/:id/pdf (user's certificate)",
    kind: "api",
    handler: certificatePdfApi,
    path: "/api/certificates/x/pdf",
    params: () => ({ id: certificate.id }),
    expected: { guest: 401, user: "ok", trainer: 404, admin: "ok" },
  },
  {
    name: "GET /api/certificates/:id/credential (user's certificate)",
    kind: "api",
    handler: certificateCredentialApi,
    path: "/api/certificates/x/credential",
    params: () => ({ id: certificate.id }),
    expected: { guest: 401, user: "ok", trainer: 404, admin: "ok" },
  },
  {
    name: "POST /api/credentials/verify",
    kind: "api",
    handler: credentialVerifyApi,
    method: "POST",
    path: "/api/credentials/verify",
    body: () => JSON.stringify({ verifiableCredential: { type: ["VerifiableCredential"] } }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /api/openapi.json",
    kind: "api",
    handler: openApiDocumentApi,
    path: "/api/openapi.json",
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /developers",
    kind: "page",
    handler: developersPage,
    path: "/ar/developers",
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /api/certificates/verify/:code",
    kind: "api",
    handler: certificateVerifyApi,
    path: "/api/certificates/verify/x",
    params: () => ({ code: certificate.code }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /dashboard/admin/certificates (reissue user's certificate PDF)",
    kind: "page",
    handler: adminCertificatesAction,
    method: "POST",
    path: "/dashboard/admin/certificates",
    body: () => new URLSearchParams({ intent: "reissue", id: certificate.id }),
    expected: PAGE_ADMIN,
  },
  {
    name: "POST /dashboard/admin/certificates (revoke user's certificate)",
    kind: "page",
    handler: adminCertificatesAction,
    method: "POST",
    path: "/dashboard/admin/certificates",
    body: () => new URLSearchParams({ intent: "revoke", id: certificate.id, reason: "Role matrix" }),
    expected: PAGE_ADMIN,
  },
  { name: "GET /api/auth/me", kind: "api", handler: apiMe, path: "/api/auth/me", expected: API_USER },
  {
    name: "POST /api/auth/password (a wrong current password: the guard, then the rule)",
    kind: "api",
    handler: passwordApi,
    method: "POST",
    path: "/api/auth/password",
    body: () => JSON.stringify({ currentPassword: "not-the-password", newPassword: "whatever-new-1" }),
    expected: { guest: 401, user: 422, trainer: 422, admin: 422 },
  },
  {
    name: "GET /api/auth/email",
    kind: "api",
    handler: emailApi,
    path: "/api/auth/email",
    expected: API_USER,
  },
  {
    name: "POST /api/auth/email (a wrong current password: the guard, then the rule)",
    kind: "api",
    handler: emailApiAction,
    method: "POST",
    path: "/api/auth/email",
    body: () => JSON.stringify({ newEmail: "matrix-moved@example.com", currentPassword: "not-the-password" }),
    expected: { guest: 401, user: 422, trainer: 422, admin: 422 },
  },
  {
    name: "DELETE /api/auth/email (cancel)",
    kind: "api",
    handler: emailApiAction,
    method: "DELETE",
    path: "/api/auth/email",
    expected: API_USER,
  },
  {
    name: "POST /api/auth/email/confirm (unknown token: the guard, then the rule)",
    kind: "api",
    handler: emailConfirmApi,
    method: "POST",
    path: "/api/auth/email/confirm",
    body: () => JSON.stringify({ token: "A".repeat(43) }),
    expected: { guest: 401, user: 422, trainer: 422, admin: 422 },
  },
  {
    name: "GET /api/account/ledger",
    kind: "api",
    handler: ledgerApi,
    path: "/api/account/ledger",
    expected: API_USER,
  },
  {
    name: "POST /api/wallet/top-up",
    kind: "api",
    handler: topUpApi,
    method: "POST",
    path: "/api/wallet/top-up",
    body: () => JSON.stringify({ amount: 10 }),
    expected: API_USER,
  },
  {
    name: "GET /api/wallet/bank-transfer",
    kind: "api",
    handler: bankTransferApi,
    path: "/api/wallet/bank-transfer",
    expected: API_USER,
  },
  // Top-ups' receipts (issue 47, item 4): the caller's own list; a receipt nobody has is a 404 to everyone.
  {
    name: "GET /api/wallet/receipts",
    kind: "api",
    handler: receiptsApi,
    path: "/api/wallet/receipts",
    expected: API_USER,
  },
  {
    name: "GET /api/wallet/receipts/:file (a number nobody was issued)",
    kind: "api",
    handler: receiptPdfApi,
    path: "/api/wallet/receipts/RCT-2026-999999.pdf",
    params: () => ({ file: "RCT-2026-999999.pdf" }),
    expected: { guest: 401, user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "GET /api/admin/settings/bank-transfer",
    kind: "api",
    handler: bankSettingsApi,
    path: "/api/admin/settings/bank-transfer",
    expected: API_ADMIN,
  },
  {
    name: "PUT /api/admin/settings/bank-transfer (an invalid IBAN: the guard first)",
    kind: "api",
    handler: bankSettingsApiAction,
    method: "PUT",
    path: "/api/admin/settings/bank-transfer",
    body: () => JSON.stringify({ bankName: "B", accountHolder: "H", iban: "SA0380000000608010167518" }),
    expected: { guest: 401, user: 403, trainer: 403, admin: 422 },
  },
  {
    name: "GET /api/admin/enrollments",
    kind: "api",
    handler: enrollmentListApi,
    path: "/api/admin/enrollments?limit=5",
    expected: API_ADMIN,
  },
  {
    name: "GET /api/admin/enrollments (a bad filter: the guard first)",
    kind: "api",
    handler: enrollmentListApi,
    path: "/api/admin/enrollments?userId=nope",
    expected: { guest: 401, user: 403, trainer: 403, admin: 422 },
  },
  {
    name: "POST /api/admin/enrollments/:id/refund (unknown id: the guard first)",
    kind: "api",
    handler: refundApi,
    method: "POST",
    path: "/api/admin/enrollments/999999/refund",
    params: () => ({ id: "999999" }),
    body: () => JSON.stringify({ reason: "matrix" }),
    expected: { guest: 401, user: 403, trainer: 403, admin: 404 },
  },
  // Invoice and credit-note PDFs (issue 47): an order nobody has is a 404 to every signed-in role.
  {
    name: "GET /api/orders/:id/invoice.pdf (unknown order)",
    kind: "api",
    handler: invoicePdfApi,
    path: "/api/orders/999999/invoice.pdf",
    params: () => ({ id: "999999" }),
    expected: { guest: 401, user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "GET /api/orders/:id/credit-notes/:file (unknown order)",
    kind: "api",
    handler: creditNotePdfApi,
    path: "/api/orders/999999/credit-notes/CN-2026-000001.pdf",
    params: () => ({ id: "999999", file: "CN-2026-000001.pdf" }),
    expected: { guest: 401, user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "GET /account/billing/:number/pdf (a number nobody was issued)",
    kind: "page",
    handler: billingPdfPage,
    path: "/account/billing/INV-2026-999999/pdf",
    params: () => ({ number: "INV-2026-999999" }),
    expected: { guest: "login", user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "GET /api/instructors/:id",
    kind: "api",
    handler: instructorPublicApi,
    path: "/api/instructors/:trainer",
    params: () => ({ id: people.trainer?.id ?? "" }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /api/instructor/profile",
    kind: "api",
    handler: instructorProfileApi,
    path: "/api/instructor/profile",
    expected: API_STAFF,
  },
  {
    name: "PUT /api/instructor/profile (five links: refused after the guard)",
    kind: "api",
    handler: instructorProfilePutApi,
    method: "PUT",
    path: "/api/instructor/profile",
    body: () => JSON.stringify({ links: Array.from({ length: 5 }, (_, i) => `https://example.com/${i}`) }),
    expected: { guest: 401, user: 403, trainer: 422, admin: 422 },
  },
  {
    name: "GET /api/admin/pages",
    kind: "api",
    handler: pagesApi,
    path: "/api/admin/pages",
    expected: API_ADMIN,
  },
  {
    name: "POST /api/admin/pages (a malformed slug: refused after the guard)",
    kind: "api",
    handler: pagesCreateApi,
    method: "POST",
    path: "/api/admin/pages",
    body: () => JSON.stringify({ slug: "Not A Slug", title: "x" }),
    expected: { guest: 401, user: 403, trainer: 403, admin: 422 },
  },
  {
    name: "GET /api/admin/pages/:slug",
    kind: "api",
    handler: pageApi,
    path: "/api/admin/pages/home",
    params: () => ({ slug: "home" }),
    expected: API_ADMIN,
  },
  {
    name: "PUT /api/admin/pages/:slug (no fields: refused after the guard)",
    kind: "api",
    handler: pageApiAction,
    method: "PUT",
    path: "/api/admin/pages/home",
    params: () => ({ slug: "home" }),
    body: () => JSON.stringify({}),
    expected: { guest: 401, user: 403, trainer: 403, admin: 422 },
  },
  {
    name: "DELETE /api/admin/pages/:slug (a built-in page: refused after the guard)",
    kind: "api",
    handler: pageApiAction,
    method: "DELETE",
    path: "/api/admin/pages/home",
    params: () => ({ slug: "home" }),
    expected: { guest: 401, user: 403, trainer: 403, admin: 409 },
  },
  {
    name: "POST /api/admin/pages/:slug/publish (no such page)",
    kind: "api",
    handler: pagePublishApi,
    method: "POST",
    path: "/api/admin/pages/no-such-page/publish",
    params: () => ({ slug: "no-such-page" }),
    body: () => JSON.stringify({}),
    expected: { guest: 401, user: 403, trainer: 403, admin: 404 },
  },
  {
    name: "GET /api/admin/pages/:slug/revisions",
    kind: "api",
    handler: pageRevisionsApi,
    path: "/api/admin/pages/home/revisions",
    params: () => ({ slug: "home" }),
    expected: API_ADMIN,
  },
  {
    name: "POST /api/admin/pages/:slug/revisions/:id/restore (no such revision)",
    kind: "api",
    handler: pageRestoreApi,
    method: "POST",
    path: "/api/admin/pages/home/revisions/999999/restore",
    params: () => ({ slug: "home", id: "999999" }),
    expected: { guest: 401, user: 403, trainer: 403, admin: 404 },
  },
  {
    name: "GET /api/pages/:slug (public; never published: 404 to everyone alike)",
    kind: "api",
    handler: publicPageApi,
    path: "/api/pages/home",
    params: () => ({ slug: "home" }),
    expected: { guest: 404, user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "GET /api/admin/settings/site",
    kind: "api",
    handler: siteSettingsApi,
    path: "/api/admin/settings/site",
    expected: API_ADMIN,
  },
  {
    name: "PUT /api/admin/settings/site (no English brand name: refused after the guard)",
    kind: "api",
    handler: siteSettingsPutApi,
    method: "PUT",
    path: "/api/admin/settings/site",
    body: () => JSON.stringify({ brandName: { en: "", ar: "" } }),
    expected: { guest: 401, user: 403, trainer: 403, admin: 422 },
  },
  {
    name: "GET /api/admin/orders",
    kind: "api",
    handler: adminOrdersApi,
    path: "/api/admin/orders?status=paid&limit=5",
    expected: API_ADMIN,
  },
  {
    name: "GET /api/admin/invoices",
    kind: "api",
    handler: adminInvoicesApi,
    path: "/api/admin/invoices?from=2026-01-01&to=2026-12-31&kind=credit_note&limit=5",
    expected: API_ADMIN,
  },
  {
    name: "GET /api/admin/invoices.csv",
    kind: "api",
    handler: adminInvoicesCsvApi,
    path: "/api/admin/invoices.csv?from=2026-01-01",
    expected: API_ADMIN,
  },
  {
    // Nobody's order: the guard first, then the 404 an order of someone else's gets too.
    name: "GET /api/orders/:id/invoice (unknown id)",
    kind: "api",
    handler: orderInvoiceApi,
    path: "/api/orders/999999/invoice",
    params: () => ({ id: "999999" }),
    expected: { guest: 401, user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "GET /api/orders/:id/credit-notes (unknown id)",
    kind: "api",
    handler: orderCreditNotesApi,
    path: "/api/orders/999999/credit-notes",
    params: () => ({ id: "999999" }),
    expected: { guest: 401, user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "GET /api/orders",
    kind: "api",
    handler: ordersApi,
    path: "/api/orders",
    expected: API_USER,
  },
  {
    // Nobody's order: the guard first, then the 404 an order of someone else's gets too.
    name: "GET /api/orders/:id (unknown id)",
    kind: "api",
    handler: orderApi,
    path: "/api/orders/999999",
    params: () => ({ id: "999999" }),
    expected: { guest: 401, user: 404, trainer: 404, admin: 404 },
  },
  {
    // Moyasar's webhook is public and authenticated by its body's secret only: a token of any role is no
    // key. While Moyasar is off (as here) it is a 404 for everyone; tests/integration/card-orders.test.ts
    // checks the 401 of a wrong secret with Moyasar on.
    name: "POST /api/payments/moyasar/webhook (Moyasar off)",
    kind: "api",
    handler: moyasarWebhookApi,
    method: "POST",
    path: "/api/payments/moyasar/webhook",
    body: () => JSON.stringify({ id: "evt", type: "payment_paid", secret_token: "guess", data: { id: "p" } }),
    expected: { guest: 404, user: 404, trainer: 404, admin: 404 },
  },
  {
    // Paymob's callback, likewise: authenticated by its HMAC only, a 404 for everyone while Paymob is off;
    // tests/integration/paymob-orders.test.ts checks the 401 of a wrong HMAC with Paymob on.
    name: "POST /api/payments/paymob/webhook (Paymob off)",
    kind: "api",
    handler: paymobWebhookApi,
    method: "POST",
    path: "/api/payments/paymob/webhook?hmac=00",
    body: () => JSON.stringify({ type: "TRANSACTION", obj: { id: 1, order: { id: 2 } } }),
    expected: { guest: 404, user: 404, trainer: 404, admin: 404 },
  },
  {
    // A card checkout with no card provider: signed in, it reaches the refusal; nothing is bought.
    name: "POST /api/checkout (card, no provider)",
    kind: "api",
    handler: checkoutApi,
    method: "POST",
    path: "/api/checkout",
    body: () => JSON.stringify({ method: "card", courseIds: [999999] }),
    expected: { guest: 401, user: 422, trainer: 422, admin: 422 },
  },
  {
    name: "GET /api/admin/jobs",
    kind: "api",
    handler: jobsApi,
    path: "/api/admin/jobs?state=completed",
    expected: API_ADMIN,
  },
  {
    name: "POST /api/admin/jobs/:id/retry (unknown id: the guard first)",
    kind: "api",
    handler: jobRetryApi,
    method: "POST",
    path: "/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry",
    params: () => ({ id: "00000000-0000-4000-8000-000000000000" }),
    expected: { guest: 401, user: 403, trainer: 403, admin: 404 },
  },
  // Consultations (issue 48, item 4): the slots and the booking are public; a booking's page opens by its
  // signed link alone (a forged one is 404 to everyone); the availability is the admins'.
  {
    name: "GET /consultation",
    kind: "page",
    handler: consultationPage,
    path: "/ar/consultation",
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /consultation/booking/:token (a forged token: 404 whoever asks)",
    kind: "page",
    handler: consultationBookingPage,
    path: "/consultation/booking/1.forged",
    params: () => ({ token: "1.forged" }),
    expected: { guest: 404, user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "POST /consultation/booking/:token (a forged token: 404 whoever asks)",
    kind: "page",
    handler: consultationBookingAction,
    method: "POST",
    path: "/consultation/booking/1.forged",
    params: () => ({ token: "1.forged" }),
    body: () => new URLSearchParams({ intent: "cancel" }),
    expected: { guest: 404, user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "GET /dashboard/admin/consultations",
    kind: "page",
    handler: adminConsultations,
    path: "/ar/dashboard/admin/consultations",
    expected: PAGE_ADMIN,
  },
  {
    name: "POST /dashboard/admin/consultations (no time zone: refused after the guard)",
    kind: "page",
    handler: adminConsultationsAction,
    method: "POST",
    path: "/dashboard/admin/consultations",
    body: () => new URLSearchParams({ timeZone: "" }),
    expected: { guest: "login", user: 403, trainer: 403, admin: 400 },
  },
  {
    name: "GET /api/consultations/slots",
    kind: "api",
    handler: consultationSlotsApi,
    path: "/api/consultations/slots?from=2026-12-06&to=2026-12-12",
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /api/consultations (a start that is no slot: the same refusal for everyone)",
    kind: "api",
    handler: consultationBookApi,
    method: "POST",
    path: "/api/consultations",
    body: () =>
      JSON.stringify({
        start: "2026-12-06T03:17:00Z",
        name: "Matrix",
        email: "m@example.com",
        topic: "Matrix",
      }),
    expected: { guest: 422, user: 422, trainer: 422, admin: 422 },
  },
  {
    name: "GET /api/admin/consultations/availability",
    kind: "api",
    handler: availabilityApi,
    path: "/api/admin/consultations/availability",
    expected: API_ADMIN,
  },
  {
    name: "PUT /api/admin/consultations/availability (no time zone: refused after the guard)",
    kind: "api",
    handler: availabilityPutApi,
    method: "PUT",
    path: "/api/admin/consultations/availability",
    body: () => JSON.stringify({ timeZone: "" }),
    expected: { guest: 401, user: 403, trainer: 403, admin: 422 },
  },
  {
    name: "GET /api/admin/leads",
    kind: "api",
    handler: leadsApi,
    path: "/api/admin/leads?status=new",
    expected: API_ADMIN,
  },
  {
    name: "GET /api/admin/leads.csv",
    kind: "api",
    handler: leadsCsvApi,
    path: "/api/admin/leads.csv",
    expected: API_ADMIN,
  },
  {
    name: "GET /api/admin/leads/:id",
    kind: "api",
    handler: leadApi,
    path: "/api/admin/leads/x",
    params: () => ({ id: String(leadId) }),
    expected: API_ADMIN,
  },
  {
    name: "PUT /api/admin/leads/:id",
    kind: "api",
    handler: leadApiAction,
    method: "PUT",
    path: "/api/admin/leads/x",
    params: () => ({ id: String(leadId) }),
    body: () => JSON.stringify({ status: "contacted" }),
    expected: API_ADMIN,
  },
  {
    name: "POST /api/admin/leads/:id/notes",
    kind: "api",
    handler: leadNotesApi,
    method: "POST",
    path: "/api/admin/leads/x/notes",
    params: () => ({ id: String(leadId) }),
    body: () => JSON.stringify({ body: "Matrix note" }),
    expected: API_ADMIN,
  },
  {
    name: "GET /api/admin/top-ups",
    kind: "api",
    handler: topUpQueueApi,
    path: "/api/admin/top-ups",
    expected: API_ADMIN,
  },
  {
    name: "POST /api/admin/top-ups/:id/reject (unknown id: the guard first)",
    kind: "api",
    handler: topUpReviewApi,
    method: "POST",
    path: "/api/admin/top-ups/999999/reject",
    params: () => ({ id: "999999", decision: "reject" }),
    expected: { guest: 401, user: 403, trainer: 403, admin: 404 },
  },
  {
    name: "PATCH /api/auth/me (own names)",
    kind: "api",
    handler: apiMeAction,
    method: "PATCH",
    path: "/api/auth/me",
    body: () => JSON.stringify({ nameAr: "شخص المصفوفة" }),
    expected: API_USER,
  },
  {
    name: "GET /api/auth (user list)",
    kind: "api",
    handler: apiUsers,
    path: "/api/auth",
    expected: API_ADMIN,
  },
  {
    name: "GET /api/admin/stats",
    kind: "api",
    handler: adminStats,
    path: "/api/admin/stats",
    expected: API_ADMIN,
  },
  {
    name: "PUT /api/admin/change-role/:userId",
    kind: "api",
    handler: changeRole,
    method: "PUT",
    path: "/api/admin/change-role/x",
    params: () => ({ userId: target.id }),
    body: () => JSON.stringify({ role: "user" }),
    expected: API_ADMIN,
  },
  {
    name: "PUT /api/admin/charge-wallet/:userId",
    kind: "api",
    handler: chargeWallet,
    method: "PUT",
    path: "/api/admin/charge-wallet/x",
    params: () => ({ userId: target.id }),
    body: () => JSON.stringify({ amount: 1 }),
    expected: API_ADMIN,
  },
  // Quizzes (issue 32): the trainer's quiz and statistics are the course's editors'; a learner starts and
  // lists attempts only when enrolled (the matrix's user is not), the course's trainer and admins practise,
  // a free-preview quiz is practised by anyone; another learner's attempt is 404 to everyone.
  {
    name: "GET /api/instructor/lessons/:id/quiz",
    kind: "api",
    handler: quizGetApi,
    path: "/api/instructor/lessons/x/quiz",
    params: () => ({ id: String(quizLessonId) }),
    expected: API_STAFF,
  },
  {
    name: "PUT /api/instructor/lessons/:id/quiz",
    kind: "api",
    handler: quizPutApi,
    method: "PUT",
    path: "/api/instructor/lessons/x/quiz",
    params: () => ({ id: String(quizLessonId) }),
    body: () => JSON.stringify(sampleQuiz({ maxAttempts: 0 })),
    expected: API_STAFF,
  },
  {
    name: "GET /api/instructor/lessons/:id/quiz-stats",
    kind: "api",
    handler: quizStatsApi,
    path: "/api/instructor/lessons/x/quiz-stats",
    params: () => ({ id: String(quizLessonId) }),
    expected: API_STAFF,
  },
  {
    name: "POST /api/courses/:courseId/lessons/:lessonId/attempts (not enrolled)",
    kind: "api",
    handler: attemptStartApi,
    method: "POST",
    path: "/api/courses/x/lessons/y/attempts",
    params: () => ({ courseId: String(paidCourseId), lessonId: String(quizLessonId) }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /api/courses/:courseId/lessons/:lessonId/attempts (a free-preview quiz: a practice)",
    kind: "api",
    handler: attemptStartApi,
    method: "POST",
    path: "/api/courses/x/lessons/y/attempts",
    params: () => ({ courseId: String(paidCourseId), lessonId: String(previewQuizLessonId) }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /api/courses/:courseId/lessons/:lessonId/attempts (not enrolled)",
    kind: "api",
    handler: attemptListApi,
    path: "/api/courses/x/lessons/y/attempts",
    params: () => ({ courseId: String(paidCourseId), lessonId: String(quizLessonId) }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "PUT /api/attempts/:attemptId/answers (another learner's attempt)",
    kind: "api",
    handler: attemptAnswersApi,
    method: "PUT",
    path: "/api/attempts/x/answers",
    params: () => ({ attemptId: othersAttemptId }),
    body: () => JSON.stringify({ answers: [] }),
    expected: { guest: 401, user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "POST /api/attempts/:attemptId/submit (another learner's attempt)",
    kind: "api",
    handler: attemptSubmitApi,
    method: "POST",
    path: "/api/attempts/x/submit",
    params: () => ({ attemptId: othersAttemptId }),
    body: () => JSON.stringify({ answers: [] }),
    expected: { guest: 401, user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "PUT /api/attempts/:attemptId/answers (a practice of a quiz not held)",
    kind: "api",
    handler: attemptAnswersApi,
    method: "PUT",
    path: "/api/attempts/x/answers",
    params: () => ({ attemptId: `practice-${paidCourseId}-${quizLessonId}` }),
    body: () => JSON.stringify({ answers: [] }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /api/attempts/:attemptId/submit (a practice of a free-preview quiz)",
    kind: "api",
    handler: attemptSubmitApi,
    method: "POST",
    path: "/api/attempts/x/submit",
    params: () => ({ attemptId: `practice-${paidCourseId}-${previewQuizLessonId}` }),
    body: () => JSON.stringify({ answers: rightAnswers(previewQuiz) }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    // Issue 43, item 3: one question graded alone was an oracle for the bank.
    name: "POST /api/attempts/:attemptId/submit (a practice answering one question of four)",
    kind: "api",
    handler: attemptSubmitApi,
    method: "POST",
    path: "/api/attempts/x/submit",
    params: () => ({ attemptId: `practice-${paidCourseId}-${previewQuizLessonId}` }),
    body: () => JSON.stringify({ answers: rightAnswers(previewQuiz).slice(0, 1) }),
    expected: { guest: 422, user: 422, trainer: 422, admin: 422 },
  },
  {
    // Issue 43, item 1: who holds the course gets no practice grade, only real attempts.
    name: "POST /api/attempts/:attemptId/submit (a practice of a preview quiz the user holds)",
    kind: "api",
    handler: attemptSubmitApi,
    method: "POST",
    path: "/api/attempts/x/submit",
    params: () => ({ attemptId: `practice-${heldPreview.courseId}-${heldPreview.quizLessonId}` }),
    body: () => JSON.stringify({ answers: heldPreview.quiz ? rightAnswers(heldPreview.quiz) : [] }),
    expected: { guest: "ok", user: 409, trainer: "ok", admin: "ok" },
  },

  // The learner's quiz pages: starting needs the course (its staff practise instead), another learner's
  // attempt is no one else's page, a free-preview quiz is practised by anyone.
  {
    name: "POST /courses/:id/learn/:lessonId/attempts (a quiz of a course not held)",
    kind: "page",
    handler: quizStartPage,
    method: "POST",
    path: "/courses/x/learn/y/attempts",
    params: () => ({ id: String(paidCourseId), lessonId: String(quizLessonId) }),
    body: () => new URLSearchParams(),
    expected: { guest: "login", user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /courses/:id/learn/:lessonId/attempts/:attemptId (another learner's attempt)",
    kind: "page",
    handler: quizAttemptPage,
    path: "/courses/x/learn/y/attempts/z",
    params: () => ({ id: String(paidCourseId), lessonId: String(quizLessonId), attemptId: othersAttemptId }),
    expected: { guest: "login", user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "POST /courses/:id/learn/:lessonId/attempts/:attemptId (another learner's attempt)",
    kind: "page",
    handler: quizAttemptAction,
    method: "POST",
    path: "/courses/x/learn/y/attempts/z",
    params: () => ({ id: String(paidCourseId), lessonId: String(quizLessonId), attemptId: othersAttemptId }),
    body: () => new URLSearchParams({ intent: "submit" }),
    expected: { guest: "login", user: 404, trainer: 404, admin: 404 },
  },
  {
    name: "GET /courses/:id/learn/:lessonId/practice (a quiz of a course not held)",
    kind: "page",
    handler: quizPracticePage,
    path: "/courses/x/learn/y/practice",
    params: () => ({ id: String(paidCourseId), lessonId: String(quizLessonId) }),
    expected: { guest: "login", user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /courses/:id/learn/:lessonId/practice (a free-preview quiz)",
    kind: "page",
    handler: quizPracticePage,
    path: "/courses/x/learn/y/practice",
    params: () => ({ id: String(paidCourseId), lessonId: String(previewQuizLessonId) }),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  {
    name: "POST /courses/:id/learn/:lessonId/practice (a free-preview quiz)",
    kind: "page",
    handler: quizPracticeAction,
    method: "POST",
    path: "/courses/x/learn/y/practice",
    params: () => ({ id: String(paidCourseId), lessonId: String(previewQuizLessonId) }),
    // Every question the page showed (a practice grades whole submissions only, issue 43).
    body: () =>
      new URLSearchParams(
        previewQuiz.questions.map((question): [string, string] => [
          "shown",
          `${question.id}:${question.kind}`,
        ]),
      ),
    expected: { guest: "ok", user: "ok", trainer: "ok", admin: "ok" },
  },
  // Lesson Q&A (issue 35): the matrix's user is not enrolled in the paid course (403), its trainer teaches
  // it (reads, posts, accepts, moderates), admins read and moderate but do not post; on another trainer's
  // course the matrix's trainer is a stranger (403). Guests: 401 (API) or the sign-in page.
  {
    name: "GET /api/courses/:courseId/lessons/:lessonId/questions",
    kind: "api",
    handler: lessonQuestionsApi,
    path: "/api/courses/x/lessons/y/questions",
    params: () => ({ courseId: String(paidCourseId), lessonId: String(paidLessonId) }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /api/courses/:courseId/lessons/:lessonId/questions (another trainer's course)",
    kind: "api",
    handler: lessonQuestionsApi,
    path: "/api/courses/x/lessons/y/questions",
    params: () => ({ courseId: String(qa.otherCourseId), lessonId: String(qa.otherLessonId) }),
    expected: { guest: 401, user: 403, trainer: 403, admin: "ok" },
  },
  {
    name: "POST /api/courses/:courseId/lessons/:lessonId/questions",
    kind: "api",
    handler: lessonQuestionsApiWrite,
    method: "POST",
    path: "/api/courses/x/lessons/y/questions",
    params: () => ({ courseId: String(paidCourseId), lessonId: String(paidLessonId) }),
    body: () => JSON.stringify({ title: "Matrix question", body: "Body" }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: 403 },
  },
  {
    name: "POST /api/courses/:courseId/lessons/:lessonId/questions (another trainer's course)",
    kind: "api",
    handler: lessonQuestionsApiWrite,
    method: "POST",
    path: "/api/courses/x/lessons/y/questions",
    params: () => ({ courseId: String(qa.otherCourseId), lessonId: String(qa.otherLessonId) }),
    body: () => JSON.stringify({ title: "Matrix question", body: "Body" }),
    expected: { guest: 401, user: 403, trainer: 403, admin: 403 },
  },
  {
    name: "GET /api/questions/:id",
    kind: "api",
    handler: questionApi,
    path: "/api/questions/x",
    params: () => ({ id: String(qa.questionId) }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /api/questions/:id (another trainer's course)",
    kind: "api",
    handler: questionApi,
    path: "/api/questions/x",
    params: () => ({ id: String(qa.otherQuestionId) }),
    expected: { guest: 401, user: 403, trainer: 403, admin: "ok" },
  },
  {
    name: "PATCH /api/questions/:id (another's question)",
    kind: "api",
    handler: questionApiWrite,
    method: "PATCH",
    path: "/api/questions/x",
    params: () => ({ id: String(qa.questionId) }),
    body: () => JSON.stringify({ title: "Not mine", body: "x" }),
    expected: { guest: 401, user: 403, trainer: 403, admin: 403 },
  },
  {
    name: "DELETE /api/questions/:id (another's question)",
    kind: "api",
    handler: questionApiWrite,
    method: "DELETE",
    path: "/api/questions/x",
    params: () => ({ id: String(qa.questionId) }),
    expected: { guest: 401, user: 403, trainer: 403, admin: 403 },
  },
  {
    name: "POST /api/questions/:id/replies",
    kind: "api",
    handler: questionRepliesApi,
    method: "POST",
    path: "/api/questions/x/replies",
    params: () => ({ id: String(qa.questionId) }),
    body: () => JSON.stringify({ body: "Matrix answer" }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: 403 },
  },
  {
    name: "POST /api/questions/:id/vote",
    kind: "api",
    handler: questionVoteApi,
    method: "POST",
    path: "/api/questions/x/vote",
    params: () => ({ id: String(qa.questionId) }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: 403 },
  },
  {
    name: "POST /api/questions/:id/hide (another trainer's course)",
    kind: "api",
    handler: questionHideApi,
    method: "POST",
    path: "/api/questions/x/hide",
    params: () => ({ id: String(qa.otherQuestionId) }),
    body: () => JSON.stringify({ reason: "Matrix" }),
    expected: { guest: 401, user: 403, trainer: 403, admin: "ok" },
  },
  {
    name: "PATCH /api/replies/:id (another's reply)",
    kind: "api",
    handler: replyApiWrite,
    method: "PATCH",
    path: "/api/replies/x",
    params: () => ({ id: String(qa.replyId) }),
    body: () => JSON.stringify({ body: "Not mine" }),
    expected: { guest: 401, user: 403, trainer: 403, admin: 403 },
  },
  {
    name: "DELETE /api/replies/:id (another's reply)",
    kind: "api",
    handler: replyApiWrite,
    method: "DELETE",
    path: "/api/replies/x",
    params: () => ({ id: String(qa.replyId) }),
    expected: { guest: 401, user: 403, trainer: 403, admin: 403 },
  },
  {
    name: "POST /api/replies/:id/accept",
    kind: "api",
    handler: replyAcceptApi,
    method: "POST",
    path: "/api/replies/x/accept",
    params: () => ({ id: String(qa.replyId) }),
    // The asker or the course's trainer; an admin reads but does not accept for the asker.
    expected: { guest: 401, user: 403, trainer: "ok", admin: 403 },
  },
  {
    name: "POST /api/replies/:id/hide (another trainer's course)",
    kind: "api",
    handler: replyHideApi,
    method: "POST",
    path: "/api/replies/x/hide",
    params: () => ({ id: String(qa.otherReplyId) }),
    body: () => JSON.stringify({ reason: "Matrix" }),
    expected: { guest: 401, user: 403, trainer: 403, admin: "ok" },
  },
  {
    name: "GET /courses/:id/questions",
    kind: "page",
    handler: questionsPage,
    path: "/courses/x/questions",
    params: () => ({ id: String(paidCourseId) }),
    expected: { guest: "login", user: 403, trainer: "ok", admin: "ok" },
  },
  {
    name: "GET /courses/:id/questions (another trainer's course)",
    kind: "page",
    handler: questionsPage,
    path: "/ar/courses/x/questions",
    params: () => ({ id: String(qa.otherCourseId) }),
    expected: { guest: "login", user: 403, trainer: 403, admin: "ok" },
  },
  {
    name: "GET /courses/:id/questions/:questionId",
    kind: "page",
    handler: questionPage,
    path: "/courses/x/questions/y",
    params: () => ({ id: String(paidCourseId), questionId: String(qa.questionId) }),
    expected: { guest: "login", user: 403, trainer: "ok", admin: "ok" },
  },
  {
    // With JavaScript (js=1) a refusal is data with its status; without it, a redirect back with a toast.
    name: "POST /courses/:id/questions (ask, enhanced)",
    kind: "page",
    handler: questionsPageAction,
    method: "POST",
    path: "/courses/x/questions",
    params: () => ({ id: String(paidCourseId) }),
    body: () =>
      new URLSearchParams({
        intent: "ask",
        lessonId: String(paidLessonId),
        title: "From the page",
        body: "x",
        js: "1",
      }),
    expected: { guest: 401, user: 403, trainer: "ok", admin: 403 },
  },
  {
    name: "POST /courses/:id/questions (ask, plain form)",
    kind: "page",
    handler: questionsPageAction,
    method: "POST",
    path: "/courses/x/questions",
    params: () => ({ id: String(paidCourseId) }),
    body: () =>
      new URLSearchParams({ intent: "ask", lessonId: String(paidLessonId), title: "Plain", body: "x" }),
    // A refusal of a plain form redirects back with the error toast; the guard's part is the sign-in page.
    expected: { guest: "login", user: "ok", trainer: "ok", admin: "ok" },
  },
  // Notifications and announcements (issue 35).
  {
    name: "GET /notifications",
    kind: "page",
    handler: notificationsPage,
    path: "/ar/notifications",
    expected: PAGE_USER,
  },
  {
    name: "POST /notifications (mark all read)",
    kind: "page",
    handler: notificationsPageAction,
    method: "POST",
    path: "/notifications",
    body: () => new URLSearchParams({ intent: "readAll" }),
    expected: PAGE_USER,
  },
  {
    name: "POST /account (email choices)",
    kind: "page",
    handler: accountAction,
    method: "POST",
    path: "/account",
    body: () => new URLSearchParams({ intent: "notifications", announcement: "digest" }),
    expected: PAGE_USER,
  },
  {
    name: "GET /api/notifications",
    kind: "api",
    handler: notificationsApi,
    path: "/api/notifications?unread=1",
    expected: API_USER,
  },
  {
    name: "POST /api/notifications/read",
    kind: "api",
    handler: notificationsReadApi,
    method: "POST",
    path: "/api/notifications/read",
    body: () => JSON.stringify({ all: true }),
    expected: API_USER,
  },
  {
    name: "GET /api/account/notification-preferences",
    kind: "api",
    handler: notificationPreferencesApi,
    path: "/api/account/notification-preferences",
    expected: API_USER,
  },
  {
    name: "PUT /api/account/notification-preferences",
    kind: "api",
    handler: notificationPreferencesPutApi,
    method: "PUT",
    path: "/api/account/notification-preferences",
    body: () => JSON.stringify({ refund: "immediate" }),
    expected: API_USER,
  },
  {
    name: "GET /instructor/courses/:id/announcements",
    kind: "page",
    handler: announcementsPage,
    path: "/instructor/courses/x/announcements",
    params: () => ({ id: String(paidCourseId) }),
    expected: PAGE_STAFF,
  },
  {
    name: "GET /instructor/courses/:id/announcements (another trainer's course)",
    kind: "page",
    handler: announcementsPage,
    path: "/instructor/courses/x/announcements",
    params: () => ({ id: String(othersCourseId) }),
    expected: { guest: "login", user: 403, trainer: 403, admin: "ok" },
  },
  {
    name: "POST /instructor/courses/:id/announcements",
    kind: "page",
    handler: announcementsPageAction,
    method: "POST",
    path: "/instructor/courses/x/announcements",
    params: () => ({ id: String(paidCourseId) }),
    body: () => new URLSearchParams({ title: "Matrix news", body: "Hello **all**" }),
    expected: PAGE_STAFF,
  },
  {
    name: "POST /api/instructor/course/:id/announcements",
    kind: "api",
    handler: announcementsApi,
    method: "POST",
    path: "/api/instructor/course/x/announcements",
    params: () => ({ id: String(paidCourseId) }),
    body: () => JSON.stringify({ title: "Matrix news", body: "Hello" }),
    expected: API_STAFF,
  },
  {
    name: "POST /api/instructor/course/:id/announcements (another trainer's course)",
    kind: "api",
    handler: announcementsApi,
    method: "POST",
    path: "/api/instructor/course/x/announcements",
    params: () => ({ id: String(othersCourseId) }),
    body: () => JSON.stringify({ title: "Matrix news", body: "Hello" }),
    expected: { guest: 401, user: 403, trainer: 403, admin: "ok" },
  },
  // Last, because it revokes the token it is called with.
  {
    name: "POST /api/auth/logout",
    kind: "api",
    handler: apiLogout,
    method: "POST",
    path: "/api/auth/logout",
    expected: API_USER,
  },
];

describe.each(CASES)("$name", (testCase) => {
  it.each(["guest", "user", "trainer", "admin"] as const)("as %s", async (role) => {
    const headers = new Headers();
    const person = role === "guest" ? undefined : people[role];
    if (person) {
      if (testCase.kind === "page") headers.set("Cookie", await cookieFor(handle.db, person.id));
      else headers.set("Authorization", await bearerFor(handle.db, person.id));
    }
    if (testCase.kind === "api" && testCase.body) headers.set("Content-Type", "application/json");
    for (const [name, value] of Object.entries(testCase.headers ?? {})) headers.set(name, value);
    const request = new Request(`http://test${testCase.path}`, {
      method: testCase.method ?? "GET",
      headers,
      body: testCase.multipart?.() ?? testCase.body?.(),
    });
    const result = await outcome(() =>
      runRoute(handle.db, request, testCase.handler as never, testCase.params?.() ?? {}),
    );
    expect(result).toBe(testCase.expected[role]);
  });
});
