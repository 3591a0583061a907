// Certificates end to end below the browser: eligibility from lesson progress, idempotent issuing, the
// copied names, the stored PDF (its text extracted with pdftotext), who may download it, public
// verification (valid, revoked, unknown), the learner's pages and the admin's revoke form.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  certificateProgress,
  issueCertificate,
  revokeCertificate,
  verifyCertificate,
} from "../../app/certificates/certificates.server";
import { certificatePdf, renderCertificateJob } from "../../app/certificates/pdf-file.server";
import { certificateStatus } from "../../app/certificates/status.server";
import {
  type CertificateStore,
  createLocalCertificateStore,
  setCertificateStore,
} from "../../app/certificates/store.server";
import { publicOrigin } from "../../app/config.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import {
  certificates,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  type User,
  users,
} from "../../app/db/schema";
import { loader as adminList, action as adminRevoke } from "../../app/routes/admin-certificates";
import { action as generateApi, loader as generateGet } from "../../app/routes/api/certificate-generate";
import { loader as apiPdf } from "../../app/routes/api/certificate-pdf";
import { loader as verifyApi } from "../../app/routes/api/certificate-verify";
import { loader as listApi } from "../../app/routes/api/certificates";
import { loader as sitePdf } from "../../app/routes/certificate-pdf";
import { loader as verifyPage } from "../../app/routes/certificate-verify";
import { action as generatePage, loader as myCertificates } from "../../app/routes/certificates";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { formRequest, runRoute, settle } from "./route-context";
import { withSection } from "./section-rows";
import { createTestDatabase } from "./test-database";

const run = promisify(execFile);

let handle: DatabaseHandle;
let storeDir: string;
let store: CertificateStore;
let trainer: User;
let admin: User;
let learner: User;
let stranger: User;
let courseId = 0;
let emptyCourseId = 0;
let lessonIds: number[] = [];
const ORIGIN = "http://test";
/** Where absolute links point, whatever origin a request names (PUBLIC_URL, or its default). */
const PUBLIC = publicOrigin();

const TITLE = "Cloud Computing Fundamentals";
const TITLE_AR = "أساسيات الحوسبة السحابية";

async function enroll(userId: string, id: number) {
  await handle.db.insert(enrollments).values({ userId, courseId: id, pricePaid: 0 });
}

async function complete(userId: string, ids: number[]) {
  await handle.db
    .insert(lessonProgress)
    .values(ids.map((lessonId) => ({ userId, lessonId, courseId, completedAt: new Date() })))
    .onConflictDoNothing();
}

/** A JSON API call with the caller's Bearer token (or none). */
async function api(
  handler: unknown,
  url: string,
  { user, method = "GET", params = {} }: { user?: User; method?: string; params?: Record<string, string> },
) {
  const headers = new Headers();
  if (user) headers.set("Authorization", await bearerFor(handle.db, user.id));
  return (await settle(
    runRoute(handle.db, new Request(`${ORIGIN}${url}`, { method, headers }), handler as never, params),
  )) as Response;
}

beforeAll(async () => {
  process.env.DATA_DIR ??= "./data";
  handle = await createTestDatabase();
  storeDir = await mkdtemp(path.join(tmpdir(), "manara-certificates-"));
  store = createLocalCertificateStore(storeDir);
  setCertificateStore(store);
  trainer = await createUser(handle.db, "trainer");
  await handle.db
    .update(users)
    .set({ name: "Omar Khalil", nameAr: "عمر خليل" })
    .where(eq(users.id, trainer.id));
  admin = await createUser(handle.db, "admin");
  learner = await createUser(handle.db, "user");
  await handle.db
    .update(users)
    .set({ name: "Lina Saleh", nameAr: "لينا صالح" })
    .where(eq(users.id, learner.id));
  stranger = await createUser(handle.db, "user");
  const [course, empty] = await handle.db
    .insert(courses)
    .values([
      {
        slug: "cloud",
        title: TITLE,
        titleAr: TITLE_AR,
        description: "Clouds",
        category: "cloud-computing",
        isPublished: true,
        trainerId: trainer.id,
      },
      {
        slug: "empty",
        title: "Nothing Yet",
        description: "No lessons",
        category: "cloud-computing",
        isPublished: true,
        trainerId: trainer.id,
      },
    ])
    .returning({ id: courses.id });
  courseId = course?.id ?? 0;
  emptyCourseId = empty?.id ?? 0;
  const rows = await handle.db
    .insert(lessons)
    .values(
      await withSection(
        handle.db,
        [1, 2, 3].map((position) => ({ courseId, position, title: `Lesson ${position}` })),
      ),
    )
    .returning({ id: lessons.id });
  lessonIds = rows.map((row) => row.id);
});

afterAll(async () => {
  await handle?.close();
  if (storeDir) await rm(storeDir, { recursive: true, force: true });
});

describe("issuing", () => {
  it("404s for a course the caller is not enrolled in, and for an id that names no course", async () => {
    const notEnrolled = await api(generateApi, `/api/certificates/${courseId}/generate`, {
      user: learner,
      method: "POST",
      params: { courseId: String(courseId) },
    });
    expect(notEnrolled.status).toBe(404);
    expect(await notEnrolled.json()).toMatchObject({ error: { code: "not_found" } });
    const nonsense = await api(generateApi, "/api/certificates/abc/generate", {
      user: learner,
      method: "POST",
      params: { courseId: "abc" },
    });
    expect(nonsense.status).toBe(404);
    const guest = await api(generateApi, `/api/certificates/${courseId}/generate`, {
      method: "POST",
      params: { courseId: String(courseId) },
    });
    expect(guest.status).toBe(401);
    const get = await api(generateGet, `/api/certificates/${courseId}/generate`, {
      user: learner,
      params: { courseId: String(courseId) },
    });
    expect(get.status).toBe(405);
  });

  it("409s with the learner's progress until every lesson is completed", async () => {
    await enroll(learner.id, courseId);
    await complete(learner.id, lessonIds.slice(0, 2));
    // A lesson started but not finished does not count.
    await handle.db
      .insert(lessonProgress)
      .values({ userId: learner.id, lessonId: lessonIds[2] ?? 0, courseId, positionSeconds: 30 });
    expect(await certificateProgress(handle.db, learner.id, courseId)).toEqual({
      enrolled: true,
      totalLessons: 3,
      completedLessons: 2,
    });
    expect(await certificateStatus(handle.db, learner, courseId)).toEqual({
      kind: "progress",
      courseId,
      completedLessons: 2,
      totalLessons: 3,
    });
    const response = await api(generateApi, `/api/certificates/${courseId}/generate`, {
      user: learner,
      method: "POST",
      params: { courseId: String(courseId) },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: { code: "lessons_remaining" },
      completedLessons: 2,
      totalLessons: 3,
    });
    expect(await handle.db.$count(certificates)).toBe(0);
  });

  it("a course without lessons grants nothing, even to an enrolled learner", async () => {
    await enroll(learner.id, emptyCourseId);
    const outcome = await issueCertificate(handle.db, {
      userId: learner.id,
      courseId: emptyCourseId,
    });
    expect(outcome).toEqual({ ok: false, reason: "not_eligible", completedLessons: 0, totalLessons: 0 });
    expect(await certificateStatus(handle.db, learner, emptyCourseId)).toBeNull();
  });

  it("issues once (201), then returns the same certificate (200)", async () => {
    await complete(learner.id, lessonIds);
    await handle.db
      .update(lessonProgress)
      .set({ completedAt: new Date() })
      .where(eq(lessonProgress.lessonId, lessonIds[2] ?? 0));
    expect((await certificateStatus(handle.db, learner, courseId))?.kind).toBe("eligible");
    const first = await api(generateApi, `/api/certificates/${courseId}/generate`, {
      user: learner,
      method: "POST",
      params: { courseId: String(courseId) },
    });
    expect(first.status).toBe(201);
    const { certificate } = await first.json();
    expect(certificate).toMatchObject({
      courseId,
      courseTitle: TITLE,
      revoked: false,
      pdfUrl: `${PUBLIC}/api/certificates/${certificate.id}/pdf`,
      credentialUrl: `${PUBLIC}/api/certificates/${certificate.id}/credential`,
      verifyUrl: `${PUBLIC}/certificates/verify/${certificate.code}`,
    });
    expect(certificate.code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}$/);
    const again = await api(generateApi, `/api/certificates/${courseId}/generate`, {
      user: learner,
      method: "POST",
      params: { courseId: String(courseId) },
    });
    expect(again.status).toBe(200);
    expect((await again.json()).certificate).toEqual(certificate);
    expect(await handle.db.$count(certificates)).toBe(1);

    const [row] = await handle.db.select().from(certificates);
    expect(row).toMatchObject({
      holderName: "Lina Saleh",
      holderNameAr: "لينا صالح",
      courseTitle: TITLE,
      courseTitleAr: TITLE_AR,
      trainerName: "Omar Khalil",
      trainerNameAr: "عمر خليل",
      pdfKey: `${certificate.code}.pdf`,
    });
    const list = await api(listApi, "/api/certificates", { user: learner });
    expect(await list.json()).toEqual({ items: [certificate] });
    const arabic = await settle(
      runRoute(
        handle.db,
        new Request(`${ORIGIN}/api/certificates`, {
          headers: { Authorization: await bearerFor(handle.db, learner.id), "Accept-Language": "ar" },
        }),
        listApi as never,
      ),
    );
    expect((await (arabic as Response).json()).items[0].courseTitle).toBe(TITLE_AR);
    expect((await api(listApi, "/api/certificates", { user: stranger })).status).toBe(200);
    expect(await (await api(listApi, "/api/certificates", { user: stranger })).json()).toEqual({ items: [] });
    expect((await api(listApi, "/api/certificates", {})).status).toBe(401);
  });

  it("later renames do not change an issued certificate", async () => {
    await handle.db.update(users).set({ name: "Lina Renamed" }).where(eq(users.id, learner.id));
    await handle.db.update(courses).set({ title: "Renamed Course" }).where(eq(courses.id, courseId));
    const [row] = await handle.db.select().from(certificates);
    const verification = await verifyCertificate(handle.db, row?.code ?? "", "en");
    expect(verification).toMatchObject({ holderName: "Lina Saleh", courseTitle: TITLE, valid: true });
    await handle.db.update(users).set({ name: "Lina Saleh" }).where(eq(users.id, learner.id));
    await handle.db.update(courses).set({ title: TITLE }).where(eq(courses.id, courseId));
  });
});

describe("the PDF", () => {
  it("downloads before its job has run: rendered then, once, and the job keeps that file", async () => {
    const [row] = await handle.db.select().from(certificates);
    if (!row?.pdfKey) throw new Error("no certificate");
    const original = await store.get(row.pdfKey);
    // As if the issuing request's job had not run yet.
    await store.delete(row.pdfKey);
    const download = await certificatePdf(handle.db, store, learner, row.id);
    expect(download.ok && Buffer.from(download.bytes).subarray(0, 5).toString()).toBe("%PDF-");
    const stored = await store.get(row.pdfKey);
    expect(stored && download.ok && Buffer.from(stored).equals(Buffer.from(download.bytes))).toBe(true);
    // The job, late: it finds the file and leaves it as it is.
    expect(await renderCertificateJob(handle.db, store, { certificateId: row.id })).toBe("rendered");
    expect(Buffer.from((await store.get(row.pdfKey)) ?? []).equals(Buffer.from(stored ?? []))).toBe(true);
    expect(original).not.toBeNull();
    // A certificate gone since needs nothing.
    expect(await renderCertificateJob(handle.db, store, { certificateId: crypto.randomUUID() })).toBe("gone");
  });

  it("is stored by its job once issued and carries the name, both titles, the code and the verification URL", async () => {
    const [row] = await handle.db.select().from(certificates);
    if (!row?.pdfKey) throw new Error("no certificate");
    const bytes = await store.get(row.pdfKey);
    expect(bytes && Buffer.from(bytes).subarray(0, 5).toString()).toBe("%PDF-");
    const file = path.join(storeDir, "extract.pdf");
    await writeFile(file, bytes ?? new Uint8Array());
    const { stdout: info } = await run("pdfinfo", [file]);
    expect(info).toMatch(/Pages:\s+1/);
    // A4 landscape (Chromium rounds it to 841.92 x 594.96 points).
    expect(info).toMatch(/Page size:\s+841\.\d+ x 59\d\.\d+ pts \(A4\)/);
    const { stdout } = await run("pdftotext", ["-enc", "UTF-8", file, "-"]);
    // pdftotext wraps right-to-left runs in bidi embedding marks; the words themselves are what matter.
    const text = stdout.replace(/[\u202a-\u202e\u200e\u200f]/g, "").replace(/\s+/g, " ");
    expect(text).toContain("Lina Saleh");
    expect(text).toContain(TITLE);
    for (const word of TITLE_AR.split(" ")) expect(text).toContain(word);
    for (const word of "لينا صالح".split(" ")) expect(text).toContain(word);
    expect(text).toContain("Certificate of Completion");
    expect(text).toContain(row.code);
    expect(text).toContain(`${PUBLIC}/certificates/verify/${row.code}`);
  });

  it("downloads for its owner with a Bearer token and with the session cookie, and for admins", async () => {
    const [row] = await handle.db.select().from(certificates);
    const id = row?.id ?? "";
    const owner = await api(apiPdf, `/api/certificates/${id}/pdf`, { user: learner, params: { id } });
    expect(owner.status).toBe(200);
    expect(owner.headers.get("Content-Type")).toBe("application/pdf");
    expect(owner.headers.get("Cache-Control")).toContain("private");
    expect(
      Buffer.from(await owner.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect((await api(apiPdf, `/api/certificates/${id}/pdf`, { user: admin, params: { id } })).status).toBe(
      200,
    );
    const other = await api(apiPdf, `/api/certificates/${id}/pdf`, { user: stranger, params: { id } });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: { code: "not_found" } });
    expect((await api(apiPdf, `/api/certificates/${id}/pdf`, { user: trainer, params: { id } })).status).toBe(
      404,
    );
    expect((await api(apiPdf, `/api/certificates/${id}/pdf`, { params: { id } })).status).toBe(401);
    expect(
      (await api(apiPdf, "/api/certificates/nope/pdf", { user: admin, params: { id: "nope" } })).status,
    ).toBe(404);

    const site = (cookie?: string) =>
      settle(
        runRoute(
          handle.db,
          new Request(`${ORIGIN}/certificates/${id}/pdf`, { headers: cookie ? { Cookie: cookie } : {} }),
          sitePdf as never,
          { id },
        ),
      ) as Promise<Response>;
    expect((await site(await cookieFor(handle.db, learner.id))).status).toBe(200);
    expect((await site(await cookieFor(handle.db, admin.id))).status).toBe(200);
    expect((await site(await cookieFor(handle.db, stranger.id))).status).toBe(404);
    const guest = await site();
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toContain("/auth/login");
    // The API never reads the cookie.
    const cookieOnApi = await settle(
      runRoute(
        handle.db,
        new Request(`${ORIGIN}/api/certificates/${id}/pdf`, {
          headers: { Cookie: await cookieFor(handle.db, learner.id) },
        }),
        apiPdf as never,
        { id },
      ),
    );
    expect((cookieOnApi as Response).status).toBe(401);
  });
});

describe("verification", () => {
  it("is public: valid, the holder, the course, the date, and nothing else about the learner", async () => {
    const [row] = await handle.db.select().from(certificates);
    const code = row?.code ?? "";
    const response = await api(verifyApi, `/api/certificates/verify/${code}`, { params: { code } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      code,
      valid: true,
      revoked: false,
      holderName: "Lina Saleh",
      courseTitle: TITLE,
      trainerName: "Omar Khalil",
      issuedAt: row?.issuedAt.toISOString(),
    });
    expect(JSON.stringify(body)).not.toContain(learner.email);
    // Typed in lower case without dashes, it is the same code.
    const loose = code.toLowerCase().replaceAll("-", "");
    expect(
      (await api(verifyApi, `/api/certificates/verify/${loose}`, { params: { code: loose } })).status,
    ).toBe(200);

    const page = (await settle(
      runRoute(handle.db, new Request(`${ORIGIN}/ar/certificates/verify/${code}`), verifyPage as never, {
        code,
      }),
    )) as { data: { found: boolean; certificate?: Record<string, unknown> }; init: ResponseInit | null };
    expect(page.data).toMatchObject({
      found: true,
      certificate: { valid: true, holderName: "لينا صالح", courseTitle: TITLE_AR, trainerName: "عمر خليل" },
    });
    expect(new Headers(page.init?.headers).get("X-Robots-Tag")).toBe("noindex");
  });

  it("an unknown code is a 404 'not found', on the API and on the page", async () => {
    const api404 = await api(verifyApi, "/api/certificates/verify/ZZZZ-ZZZZ-ZZ", {
      params: { code: "ZZZZ-ZZZZ-ZZ" },
    });
    expect(api404.status).toBe(404);
    expect(await api404.json()).toMatchObject({ error: { code: "not_found" } });
    for (const code of ["ZZZZ-ZZZZ-ZZ", "not a code", "x".repeat(500), "%00"]) {
      const page = (await settle(
        runRoute(handle.db, new Request(`${ORIGIN}/certificates/verify/x`), verifyPage as never, { code }),
      )) as { data: { found: boolean; code?: string }; init: ResponseInit | null };
      expect(page.init?.status).toBe(404);
      expect(page.data.found).toBe(false);
    }
  });

  it("a revoked certificate says so, publicly and to its owner, and stays revoked when asked again", async () => {
    const [row] = await handle.db.select().from(certificates);
    const code = row?.code ?? "";
    const outcome = await revokeCertificate(handle.db, {
      id: row?.id ?? "",
      reason: "Plagiarism",
      adminId: admin.id,
    });
    expect(outcome).toMatchObject({ ok: true, changed: true });
    const again = await revokeCertificate(handle.db, {
      id: row?.id ?? "",
      reason: "Other",
      adminId: admin.id,
    });
    expect(again).toMatchObject({ ok: true, changed: false, certificate: { revokedReason: "Plagiarism" } });
    const response = await api(verifyApi, `/api/certificates/verify/${code}`, { params: { code } });
    const body = await response.json();
    expect(body).toMatchObject({ valid: false, revoked: true, holderName: "Lina Saleh" });
    // The reason may concern the learner: it is for admins, not the public.
    expect(JSON.stringify(body)).not.toContain("Plagiarism");
    const generate = await api(generateApi, `/api/certificates/${courseId}/generate`, {
      user: learner,
      method: "POST",
      params: { courseId: String(courseId) },
    });
    expect(generate.status).toBe(200);
    expect((await generate.json()).certificate).toMatchObject({ code, revoked: true });
    expect(await handle.db.$count(certificates)).toBe(1);
    expect(await certificateStatus(handle.db, learner, courseId)).toMatchObject({
      kind: "issued",
      revoked: true,
    });
    await handle.db
      .update(certificates)
      .set({ revokedAt: null, revokedReason: null, revokedById: null })
      .where(eq(certificates.code, code));
  });
});

describe("pages", () => {
  it("/certificates lists the learner's certificates with the PDF and verification links", async () => {
    const cookie = await cookieFor(handle.db, learner.id);
    const result = (await runRoute(
      handle.db,
      new Request(`${ORIGIN}/ar/certificates`, { headers: { Cookie: cookie } }),
      myCertificates as never,
    )) as Awaited<ReturnType<typeof myCertificates>>;
    const [row] = await handle.db.select().from(certificates);
    expect(result.certificates).toEqual([
      expect.objectContaining({
        code: row?.code,
        courseTitle: TITLE_AR,
        pdfPath: `/certificates/${row?.id}/pdf`,
        verifyPath: `/ar/certificates/verify/${row?.code}`,
        verifyUrl: `${PUBLIC}/certificates/verify/${row?.code}`,
      }),
    ]);
    const guest = await settle(
      runRoute(handle.db, new Request(`${ORIGIN}/certificates`), myCertificates as never),
    );
    expect((guest as Response).status).toBe(302);
  });

  it("the 'Get your certificate' form issues the certificate and redirects to /certificates", async () => {
    const other = await createUser(handle.db, "user");
    await enroll(other.id, courseId);
    const cookie = await cookieFor(handle.db, other.id);
    const post = (fields: Record<string, string>) => {
      const request = formRequest(`${ORIGIN}/certificates`, fields);
      request.headers.set("Cookie", cookie);
      return settle(runRoute(handle.db, request, generatePage as never)) as Promise<Response>;
    };
    const early = await post({
      intent: "generate",
      courseId: String(courseId),
      back: `/courses/${courseId}`,
    });
    expect(early.status).toBe(302);
    expect(early.headers.get("Location")).toBe(`/courses/${courseId}`);
    expect(await handle.db.$count(certificates, eq(certificates.userId, other.id))).toBe(0);
    await complete(other.id, lessonIds);
    const done = await post({
      intent: "generate",
      courseId: String(courseId),
      back: "https://evil.example/",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/certificates");
    expect(await handle.db.$count(certificates, eq(certificates.userId, other.id))).toBe(1);
    const bad = await post({ intent: "generate", courseId: "1e3" });
    expect(bad.status).toBe(302);
    expect(await handle.db.$count(certificates, eq(certificates.userId, other.id))).toBe(1);
  });

  it("admins search by code and revoke with a reason; a missing reason is refused", async () => {
    const cookie = await cookieFor(handle.db, admin.id);
    const [row] = await handle.db.select().from(certificates).where(eq(certificates.userId, learner.id));
    const code = row?.code ?? "";
    const list = (await runRoute(
      handle.db,
      new Request(`${ORIGIN}/dashboard/admin/certificates?q=${code.toLowerCase()}`, {
        headers: { Cookie: cookie },
      }),
      adminList as never,
    )) as Awaited<ReturnType<typeof adminList>>;
    expect(list.certificates.map((item) => item.code)).toEqual([code]);
    const post = (fields: Record<string, string>) => {
      const request = formRequest(`${ORIGIN}/dashboard/admin/certificates`, fields);
      request.headers.set("Cookie", cookie);
      return settle(runRoute(handle.db, request, adminRevoke as never));
    };
    const refused = (await post({ intent: "revoke", id: row?.id ?? "", reason: " " })) as {
      init: ResponseInit | null;
    };
    expect(refused.init?.status).toBe(400);
    const done = (await post({
      intent: "revoke",
      id: row?.id ?? "",
      reason: "Issued by mistake",
    })) as Response;
    expect(done.status).toBe(302);
    const [after] = await handle.db
      .select()
      .from(certificates)
      .where(eq(certificates.id, row?.id ?? ""));
    expect(after).toMatchObject({ revokedReason: "Issued by mistake", revokedById: admin.id });
    const learnerCookie = await cookieFor(handle.db, learner.id);
    const asLearner = formRequest(`${ORIGIN}/dashboard/admin/certificates`, {
      intent: "revoke",
      id: row?.id ?? "",
      reason: "Nope",
    });
    asLearner.headers.set("Cookie", learnerCookie);
    expect(((await settle(runRoute(handle.db, asLearner, adminRevoke as never))) as Response).status).toBe(
      403,
    );
  });
});
