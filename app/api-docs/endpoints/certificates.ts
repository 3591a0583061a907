// Certificates (app/routes/api/certificate*.ts).
import { z } from "zod";
import { ApiErrorBody, type EndpointDoc, isoDate, ok, params, textParams } from "../registry";

const Certificate = z.strictObject({
  id: z.string(),
  code: z.string(),
  courseId: z.int(),
  courseTitle: z.string(),
  issuedAt: isoDate,
  revoked: z.boolean(),
  pdfUrl: z.string(),
  verifyUrl: z.string(),
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
