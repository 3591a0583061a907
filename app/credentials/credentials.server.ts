// Open Badges 3.0 credentials of certificates: the site's issuer identity (did:web and its keys), signing a
// certificate's OpenBadgeCredential and the public revocation status lists (Data Integrity, eddsa-rdfc-2022),
// and verifying a credential handed to us, step by step. Credentials are signed when asked for: Ed25519 is
// deterministic and the proof's date is the issue date, so the same certificate and key give the same bytes.
import { DataIntegrityProof } from "@digitalbazaar/data-integrity";
import * as Ed25519Multikey from "@digitalbazaar/ed25519-multikey";
import { cryptosuite } from "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
import * as vc from "@digitalbazaar/vc";
import { checkStatus, createCredential, createList } from "@digitalbazaar/vc-bitstring-status-list";
import { and, between, eq, isNotNull } from "drizzle-orm";
import type { Viewer } from "../access/roles";
import { downloadableCertificate } from "../certificates/certificates.server";
import { normalizeCertificateCode } from "../certificates/code";
import {
  credentialPublicKey,
  getCredentialSigningKey,
  getPreviousCredentialKeys,
  publicOrigin,
} from "../config.server";
import type { Database } from "../db/client.server";
import { type Certificate, certificates, courses } from "../db/schema";
import { encodeSecretKey } from "../security/multikey";
import { didDocument, didWebOf, MULTIKEY_CONTEXT, verificationMethod, verificationMethodId } from "./did";
import { createDocumentLoader, type DocumentLoader } from "./document-loader.server";
import {
  credentialDate,
  openBadgeCredential,
  parseStatusListNumber,
  STATUS_LIST_LENGTH,
  statusListUrl,
} from "./open-badge";
import {
  type CheckName,
  type CheckOutcome,
  datesCheck,
  formatCheck,
  issuerCheck,
  signatureCheckDate,
} from "./policy";

type Json = Record<string, unknown>;

/** The issuer as configured: PUBLIC_URL's origin, its did:web, the signing key and the retired keys. */
export function issuerIdentity() {
  const origin = publicOrigin();
  const did = didWebOf(origin);
  const current = credentialPublicKey();
  const previous = getPreviousCredentialKeys().filter((key) => key !== current);
  return {
    origin,
    did,
    current,
    previous,
    verificationMethods: [current, ...previous].map((key) => verificationMethodId(did, key)),
  };
}

type Identity = ReturnType<typeof issuerIdentity>;

/** The DID document of /.well-known/did.json. */
export function siteDidDocument() {
  const identity = issuerIdentity();
  return didDocument(identity.did, identity.current, identity.previous);
}

/** A loader that knows this site's DID, keys and status lists, and the bundled contexts. */
function siteDocumentLoader(db: Database, identity: Identity): DocumentLoader {
  const statusPrefix = `${identity.origin}/credentials/status/`;
  const loader: DocumentLoader = createDocumentLoader(async (url) => {
    if (url === identity.did) return didDocument(identity.did, identity.current, identity.previous);
    if (url.startsWith(`${identity.did}#`)) {
      const key = url.slice(identity.did.length + 1);
      if (key !== identity.current && !identity.previous.includes(key)) return null;
      return { "@context": MULTIKEY_CONTEXT, ...verificationMethod(identity.did, key) };
    }
    if (url.startsWith(statusPrefix)) {
      const list = parseStatusListNumber(url.slice(statusPrefix.length));
      return list === null ? null : signedStatusList(db, identity, loader, list);
    }
    return null;
  });
  return loader;
}

let keyPairCache: { secret: string; did: string; pair: Promise<Ed25519Multikey.Ed25519KeyPair> } | undefined;

function signingKeyPair(identity: Identity): Promise<Ed25519Multikey.Ed25519KeyPair> {
  const secret = encodeSecretKey(getCredentialSigningKey());
  if (keyPairCache?.secret !== secret || keyPairCache.did !== identity.did) {
    keyPairCache = {
      secret,
      did: identity.did,
      pair: Ed25519Multikey.from({
        "@context": MULTIKEY_CONTEXT,
        type: "Multikey",
        id: verificationMethodId(identity.did, identity.current),
        controller: identity.did,
        publicKeyMultibase: identity.current,
        secretKeyMultibase: secret,
      }),
    };
  }
  return keyPairCache.pair;
}

async function sign(identity: Identity, loader: DocumentLoader, credential: Json, date: Date): Promise<Json> {
  const keyPair = await signingKeyPair(identity);
  const suite = new DataIntegrityProof({ signer: keyPair.signer(), cryptosuite, date: credentialDate(date) });
  return vc.issue({ credential, suite, documentLoader: loader });
}

async function signedStatusList(
  db: Database,
  identity: Identity,
  loader: DocumentLoader,
  list: number,
  now = new Date(),
): Promise<Json> {
  const first = (list - 1) * STATUS_LIST_LENGTH;
  const revoked = await db
    .select({ statusIndex: certificates.statusIndex })
    .from(certificates)
    .where(
      and(
        isNotNull(certificates.revokedAt),
        between(certificates.statusIndex, first, first + STATUS_LIST_LENGTH - 1),
      ),
    );
  const bits = await createList({ length: STATUS_LIST_LENGTH });
  for (const row of revoked) bits.setStatus(row.statusIndex - first, true);
  const unsigned = await createCredential({
    id: statusListUrl(identity.origin, list),
    list: bits,
    statusPurpose: "revocation",
  });
  return sign(identity, loader, { ...unsigned, issuer: identity.did, validFrom: credentialDate(now) }, now);
}

/** The signed BitstringStatusListCredential of list `list` (`/credentials/status/:list`), as it is now. */
export async function statusListCredential(db: Database, list: number): Promise<Json> {
  const identity = issuerIdentity();
  return signedStatusList(db, identity, siteDocumentLoader(db, identity), list);
}

/**
 * The signed OpenBadgeCredential of certificate `id`, for whoever may download its PDF (its owner while it
 * stands, and admins; app/access/policy.ts).
 */
export async function certificateCredential(
  db: Database,
  viewer: NonNullable<Viewer>,
  id: string,
): Promise<{ ok: true; credential: Json; code: string } | { ok: false; reason: "not_found" }> {
  const row = await downloadableCertificate(db, viewer, id);
  if (!row) return { ok: false, reason: "not_found" };
  return { ok: true, credential: await signedCredentialOf(db, row), code: row.code };
}

/**
 * A certificate's credential, built from its row and signed. The achievement's description is the course's.
 * Also what its PDF carries (app/certificates/pdf-file.server.ts).
 */
export async function signedCredentialOf(db: Database, row: Certificate): Promise<Json> {
  const [course] = await db
    .select({ description: courses.description, descriptionAr: courses.descriptionAr })
    .from(courses)
    .where(eq(courses.id, row.courseId));
  const identity = issuerIdentity();
  const unsigned = openBadgeCredential({
    origin: identity.origin,
    issuerDid: identity.did,
    code: row.code,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    courseTitleAr: row.courseTitleAr,
    courseDescription: course?.description || row.courseTitle,
    courseDescriptionAr: course?.descriptionAr ?? null,
    holderName: row.holderName,
    holderNameAr: row.holderNameAr,
    issuedAt: row.issuedAt,
    statusIndex: row.statusIndex,
  });
  return sign(identity, siteDocumentLoader(db, identity), unsigned, row.issuedAt);
}

/**
 * For the public page of a code: its certificate's credential checked as any verifier would, step by step
 * (a revoked one fails the status step). The credential itself stays its holder's; only the steps are shown.
 * Null for a code that names no certificate.
 */
export async function verifyCertificateCredential(
  db: Database,
  code: string,
): Promise<CredentialVerification | null> {
  const normalized = normalizeCertificateCode(code);
  if (!normalized) return null;
  const [row] = await db.select().from(certificates).where(eq(certificates.code, normalized));
  if (!row) return null;
  return verifyCredential(db, await signedCredentialOf(db, row));
}

export type CredentialVerification = { verified: boolean; checks: CheckOutcome[] };

const CHECK_ORDER: CheckName[] = ["format", "issuer", "signature", "status", "dates"];

/**
 * Verifies any credential given as parsed JSON: its shape, its issuer (this site's did:web only, resolved
 * locally; another issuer is a failed check, never a fetch), its signature (eddsa-rdfc-2022 with the
 * issuer's key, @digitalbazaar/vc), its revocation status (our status list) and its dates. Each step says
 * whether it passed; a step that depends on a failed one is "notChecked". Never throws for bad input.
 */
export async function verifyCredential(
  db: Database,
  input: unknown,
  now = new Date(),
): Promise<CredentialVerification> {
  const results = new Map<CheckName, CheckOutcome>();
  const format = formatCheck(input);
  results.set("format", { check: "format", passed: format.passed, reason: format.reason });
  const credential = format.credential;
  if (credential) {
    const identity = issuerIdentity();
    const issuer = issuerCheck(credential, identity);
    results.set("issuer", issuer);
    results.set("dates", datesCheck(credential, now));
    if (issuer.passed) {
      const loader = siteDocumentLoader(db, identity);
      const suite = new DataIntegrityProof({ cryptosuite });
      const signature = await vc
        .verifyCredential({
          credential,
          suite,
          documentLoader: loader,
          // Status is its own step below, and dates are the dates check's.
          checkStatus: async () => ({ verified: true }),
          now: signatureCheckDate(credential, now),
        })
        .catch(() => ({ verified: false }));
      results.set("signature", {
        check: "signature",
        passed: signature.verified,
        reason: signature.verified ? "ok" : "invalid",
      });
      if (signature.verified) results.set("status", await statusCheck(credential, loader, suite));
    }
  }
  const checks = CHECK_ORDER.map(
    (check) => results.get(check) ?? { check, passed: false, reason: "notChecked" },
  );
  return { verified: checks.every((check) => check.passed), checks };
}

async function statusCheck(credential: Json, loader: DocumentLoader, suite: unknown): Promise<CheckOutcome> {
  if (credential.credentialStatus === undefined) return { check: "status", passed: true, reason: "none" };
  const outcome = await checkStatus({
    credential,
    documentLoader: loader,
    suite,
    verifyBitstringStatusListCredential: true,
    verifyMatchingIssuers: true,
  }).catch(() => ({ verified: false, results: undefined }));
  if (!outcome.verified || !outcome.results) return { check: "status", passed: false, reason: "unavailable" };
  if (outcome.results.some((result) => result.status))
    return { check: "status", passed: false, reason: "revoked" };
  return { check: "status", passed: true, reason: "ok" };
}
