// Certificates (app/routes/api/certificate*.ts).
import { z } from "zod";
import { VerifyCredentialInput } from "../../credentials/input";
import { ApiErrorBody, type EndpointDoc, isoDate, json, ok, params, textParams } from "../registry";

export const Certificate = z.strictObject({
  id: z.string(),
  code: z.string(),
  courseId: z.int(),
  courseTitle: z.string(),
  issuedAt: isoDate,
  revoked: z.boolean(),
  pdfUrl: z.string(),
  credentialUrl: z.string(),
  verifyUrl: z.string(),
});

/** VC 2.0's language value objects: a text in English, and in Arabic when there is one. */
const LanguageValues = z.array(z.strictObject({ "@value": z.string(), "@language": z.enum(["en", "ar"]) }));

/** A certificate's OpenBadgeCredential as app/credentials/open-badge.ts builds it, with its proof. */
const OpenBadgeCredential = z.strictObject({
  "@context": z.array(z.string()),
  id: z.string(),
  type: z.array(z.string()),
  name: LanguageValues,
  issuer: z.strictObject({
    id: z.string(),
    type: z.array(z.string()),
    name: LanguageValues,
    url: z.string(),
  }),
  validFrom: isoDate,
  credentialSubject: z.strictObject({
    type: z.array(z.string()),
    name: LanguageValues,
    identifier: z.array(
      z.strictObject({
        type: z.literal("IdentityObject"),
        identityHash: z.string(),
        identityType: z.literal("name"),
        hashed: z.literal(false),
      }),
    ),
    achievement: z.strictObject({
      id: z.string(),
      type: z.array(z.string()),
      achievementType: z.string(),
      name: LanguageValues,
      description: LanguageValues,
      criteria: z.strictObject({ narrative: LanguageValues }),
    }),
  }),
  credentialStatus: z.strictObject({
    id: z.string(),
    type: z.literal("BitstringStatusListEntry"),
    statusPurpose: z.literal("revocation"),
    statusListIndex: z.string(),
    statusListCredential: z.string(),
  }),
  proof: z.strictObject({
    type: z.literal("DataIntegrityProof"),
    created: isoDate,
    verificationMethod: z.string(),
    cryptosuite: z.literal("eddsa-rdfc-2022"),
    proofPurpose: z.literal("assertionMethod"),
    proofValue: z.string(),
  }),
});

const CredentialVerification = z.strictObject({
  verified: z.boolean(),
  checks: z.array(
    z.strictObject({
      check: z.enum(["format", "issuer", "signature", "status", "dates"]),
      passed: z.boolean(),
      reason: z.string().describe("A stable code for the outcome (ok, invalid, revoked, notChecked…)"),
      message: z.string(),
    }),
  ),
});

export const certificateEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/certificates",
    tag: "Certificates",
    summary: "The caller's certificates, newest first",
    auth: "user",
    responses: { 200: ok("Certificates", z.strictObject({ items: z.array(Certificate) })) },
  },
  {
    method: "post",
    route: "api/certificates/:courseId/generate",
    tag: "Certificates",
    summary: "Issue the caller's certificate for a completed course",
    description:
      "201 when issued now, 200 when already held; 409 (with completedLessons and totalLessons beside the error) while lessons remain.",
    auth: "user",
    params: params("courseId"),
    responses: {
      200: ok("The certificate already held", z.strictObject({ certificate: Certificate })),
      201: ok("The new certificate", z.strictObject({ certificate: Certificate })),
    },
    errors: [
      [404, "not_found"],
      [409, "lessons_remaining"],
    ],
    errorBodies: {
      409: ApiErrorBody.extend({ completedLessons: z.int(), totalLessons: z.int() }).strict(),
    },
  },
  {
    method: "get",
    route: "api/certificates/:id/pdf",
    tag: "Certificates",
    summary: "A certificate's PDF (its holder and admins)",
    auth: "user",
    params: textParams({ id: z.uuid() }),
    responses: { 200: { description: "The PDF", contentType: "application/pdf" } },
    errors: [[404, "not_found"]],
  },
  {
    method: "get",
    route: "api/certificates/:id/credential",
    tag: "Certificates",
    summary: "A certificate's Open Badges 3.0 credential (its holder and admins)",
    description:
      "A VC 2.0 OpenBadgeCredential signed by the site's did:web (/.well-known/did.json) with a Data Integrity proof (eddsa-rdfc-2022); its revocation status is a Bitstring Status List at /credentials/status/:list.",
    auth: "user",
    params: textParams({ id: z.uuid() }),
    responses: { 200: ok("The signed credential", OpenBadgeCredential) },
    errors: [[404, "not_found"]],
  },
  {
    method: "post",
    route: "api/credentials/verify",
    tag: "Certificates",
    summary: "Verify an Open Badges 3.0 credential",
    description:
      "Checks, in order: format, issuer (this site's did:web only; other issuers fail without any fetch), signature, revocation status and dates. A tampered credential answers 200 with verified false.",
    auth: "public",
    body: json(VerifyCredentialInput),
    responses: { 200: ok("How each check went", CredentialVerification) },
  },
  {
    method: "get",
    route: "api/certificates/verify/:code",
    tag: "Certificates",
    summary: "Verify a certificate code",
    auth: "public",
    params: textParams({ code: z.string() }),
    responses: {
      200: ok(
        "Whether the code names a valid certificate",
        z.strictObject({
          code: z.string(),
          valid: z.boolean(),
          revoked: z.boolean(),
          holderName: z.string(),
          courseTitle: z.string(),
          trainerName: z.string(),
          issuedAt: isoDate,
        }),
      ),
    },
    errors: [[404, "not_found"]],
  },
];
