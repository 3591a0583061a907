// The certificate PDF as a file anyone can read (issue 33, item 4; decision 054): its document language,
// title, author and XMP metadata (pdfinfo), its structure tags, the signed credential attached to it
// (pdfdetach), which verifies and is the credential.json download, every word of it in pdftotext, Arabic
// included, and a request's Host that changes nothing in it. Needs poppler-utils and, for the tags and the
// exact Arabic, Chromium (both installed by .ci/run).
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { PDFDocument, PDFName } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueCertificate } from "../../app/certificates/certificates.server";
import {
  certificateChromium,
  certificateDates,
  renderCertificatePdf,
} from "../../app/certificates/pdf.server";
import { certificatePdf } from "../../app/certificates/pdf-file.server";
import {
  type CertificateStore,
  createLocalCertificateStore,
  setCertificateStore,
} from "../../app/certificates/store.server";
import { publicOrigin } from "../../app/config.server";
import { credentialJson } from "../../app/credentials/answers.server";
import { certificateCredential, verifyCredential } from "../../app/credentials/credentials.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import {
  type Certificate,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  type User,
  users,
} from "../../app/db/schema";
import { captureLogs } from "../../app/lib/logger.server";
import { loader as sitePdf } from "../../app/routes/certificate-pdf";
import { cookieFor, createUser } from "./auth-helpers";
import { runRoute, settle } from "./route-context";
import { withSection } from "./section-rows";
import { createTestDatabase } from "./test-database";

const run = promisify(execFile);

let handle: DatabaseHandle;
let dir: string;
let store: CertificateStore;
let learner: User;
let certificate: Certificate;
let pdf: Buffer;

const NAME_AR = "لينا صالح";
const TITLE_AR = "أساسيات الحوسبة السحابية";
/** A month with the ب+ر ligature (and a day with nothing in it to hide a mistake). */
const ISSUED = new Date("2026-11-24T09:30:00Z");

async function file(name: string, bytes: Uint8Array) {
  const target = path.join(dir, name);
  await writeFile(target, bytes);
  return target;
}

/** pdftotext's text, without the bidi embedding marks it wraps right-to-left runs in. */
async function text(target: string) {
  const { stdout } = await run("pdftotext", ["-enc", "UTF-8", target, "-"]);
  return stdout.replace(/[\u202a-\u202e\u200e\u200f]/g, "");
}

beforeAll(async () => {
  process.env.DATA_DIR ??= "./data";
  handle = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), "manara-certificate-pdf-"));
  store = createLocalCertificateStore(path.join(dir, "store"));
  setCertificateStore(store);
  const trainer = await createUser(handle.db, "trainer");
  learner = await createUser(handle.db, "user");
  await handle.db.update(users).set({ name: "Lina Saleh", nameAr: NAME_AR }).where(eq(users.id, learner.id));
  const [course] = await handle.db
    .insert(courses)
    .values({
      slug: "cloud-pdf",
      title: "Cloud Computing Fundamentals",
      titleAr: TITLE_AR,
      description: "Clouds",
      category: "cloud-computing",
      isPublished: true,
      trainerId: trainer.id,
    })
    .returning({ id: courses.id });
  const courseId = course?.id ?? 0;
  const [lesson] = await handle.db
    .insert(lessons)
    .values(await withSection(handle.db, [{ courseId, position: 1, title: "Only lesson" }]))
    .returning({ id: lessons.id });
  await handle.db.insert(enrollments).values({ userId: learner.id, courseId, pricePaid: 0 });
  await handle.db
    .insert(lessonProgress)
    .values({ userId: learner.id, lessonId: lesson?.id ?? 0, courseId, completedAt: ISSUED });
  const issued = await issueCertificate(handle.db, { userId: learner.id, courseId, now: ISSUED });
  if (!issued.ok) throw new Error(`not issued: ${issued.reason}`);
  certificate = issued.certificate;
  const download = await certificatePdf(handle.db, store, learner, certificate.id);
  if (!download.ok) throw new Error("no PDF");
  pdf = Buffer.from(download.bytes);
}, 120_000);

afterAll(async () => {
  await handle?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the certificate PDF", () => {
  it("is rendered by Chromium here, as in CI and the container", () => {
    expect(certificateChromium()).not.toBeNull();
  });

  it("names its language, title and author, with XMP metadata, and is tagged", async () => {
    const target = await file("info.pdf", pdf);
    const { stdout: info } = await run("pdfinfo", [target]);
    expect(info).toMatch(/^Title:\s+Certificate of Completion — Cloud Computing Fundamentals$/m);
    expect(info).toMatch(/^Author:\s+Manara$/m);
    expect(info).toMatch(/^Metadata Stream:\s+yes$/m);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+841\.\d+ x 59\d\.\d+ pts \(A4\)$/m);
    const { stdout: meta } = await run("pdfinfo", ["-meta", target]);
    expect(meta).toContain(
      "<dc:language><rdf:Bag><rdf:li>en</rdf:li><rdf:li>ar</rdf:li></rdf:Bag></dc:language>",
    );
    expect(meta).toContain(`<dc:identifier>${certificate.code}</dc:identifier>`);
    expect(meta).toContain(`<rdf:li xml:lang="ar">شهادة إتمام — ${TITLE_AR}</rdf:li>`);
    const doc = await PDFDocument.load(pdf);
    expect(doc.catalog.get(PDFName.of("Lang"))?.toString()).toBe("(en)");
    expect(doc.catalog.get(PDFName.of("StructTreeRoot"))).toBeDefined();
    expect(doc.catalog.get(PDFName.of("MarkInfo"))?.toString()).toContain("/Marked true");
    // Chromium's structure tree: a heading per column, the Arabic column's elements in Arabic, the QR code a
    // figure (pdf-lib writes every object out of object streams, so they read as they are).
    const raw = pdf.toString("latin1");
    expect(raw).toMatch(/\/S \/H1\b/);
    expect(raw).toMatch(/\/S \/Figure\b/);
    expect(raw).toContain("/Lang (ar)");
  });

  it("carries the signed credential, which verifies and is the credential.json download", async () => {
    const target = await file("attached.pdf", pdf);
    const { stdout: list } = await run("pdfdetach", ["-list", target]);
    expect(list).toMatch(/1 embedded files\n1: credential\.json/);
    const out = path.join(dir, "detached");
    await run("mkdir", ["-p", out]);
    await run("pdfdetach", ["-saveall", "-o", out, target]);
    expect(await readdir(out)).toEqual(["credential.json"]);
    const attached = await readFile(path.join(out, "credential.json"), "utf8");
    const download = await certificateCredential(handle.db, learner, certificate.id);
    if (!download.ok) throw new Error("no credential");
    expect(attached).toBe(credentialJson(download.credential));
    const verification = await verifyCredential(handle.db, JSON.parse(attached));
    expect(verification.checks.map(({ check, passed }) => [check, passed])).toEqual([
      ["format", true],
      ["issuer", true],
      ["signature", true],
      ["status", true],
      ["dates", true],
    ]);
    expect(verification.verified).toBe(true);
  });

  it("gives pdftotext every word back, the Arabic name and month exactly", async () => {
    const words = await text(await file("text.pdf", pdf));
    const month = new Intl.DateTimeFormat("ar", { month: "long", timeZone: "UTC" }).format(ISSUED);
    expect(month).toBe("نوفمبر");
    expect(words).toContain(NAME_AR);
    expect(words).toContain(month);
    expect(words).toContain(TITLE_AR);
    expect(words).toContain("شهادة إتمام");
    expect(words).toContain("Lina Saleh");
    expect(words).toContain(`Issued on ${certificateDates(ISSUED).en}`);
    expect(words).toContain(certificate.code);
    expect(words).toContain(`${publicOrigin()}/certificates/verify/${certificate.code}`);
  });

  it("is the same file whatever Host the request that renders it names", async () => {
    const key = certificate.pdfKey ?? "";
    await store.delete(key);
    const response = (await settle(
      runRoute(
        handle.db,
        new Request(`http://evil.example/certificates/${certificate.id}/pdf`, {
          headers: {
            Cookie: await cookieFor(handle.db, learner.id),
            Host: "evil.example",
            "X-Forwarded-Host": "evil.example",
          },
        }),
        sitePdf as never,
        { id: certificate.id },
      ),
    )) as Response;
    expect(response.status).toBe(200);
    const again = Buffer.from(await response.arrayBuffer());
    // Rendered again from the row (the file was gone), byte for byte the first one.
    expect(again.equals(pdf)).toBe(true);
    expect(await text(await file("host.pdf", again))).not.toContain("evil.example");
    expect(Buffer.from((await store.get(key)) ?? []).equals(pdf)).toBe(true);
  });

  it("without Chromium falls back to @react-pdf, untagged, with the same language, metadata and attachment", async () => {
    const warn = captureLogs();
    const before = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = "none";
    try {
      expect(certificateChromium()).toBeNull();
      const drawn = await renderCertificatePdf({
        ...certificate,
        verifyUrl: `${publicOrigin()}/certificates/verify/${certificate.code}`,
        credential: '{"fallback": true}',
      });
      const target = await file("fallback.pdf", drawn);
      const { stdout: info } = await run("pdfinfo", [target]);
      expect(info).toMatch(/^Tagged:\s+no$/m);
      expect(info).toMatch(/^Metadata Stream:\s+yes$/m);
      expect(info).toMatch(/^Author:\s+Manara$/m);
      expect((await PDFDocument.load(drawn)).catalog.get(PDFName.of("Lang"))?.toString()).toBe("(en)");
      const { stdout: list } = await run("pdfdetach", ["-list", target]);
      expect(list).toContain("1: credential.json");
      expect(await text(target)).toContain(certificate.code);
      expect(
        warn.lines.some((line) => line.level === "warn" && String(line.msg).includes("no Chromium")),
      ).toBe(true);
    } finally {
      if (before === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = before;
      warn.restore();
    }
  });
});
