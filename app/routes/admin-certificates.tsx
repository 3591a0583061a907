// /dashboard/admin/certificates: admins search issued certificates by code, holder or course, and revoke
// one with a reason, or render a certificate's PDF again on the public origin (plain forms per row that work
// without JavaScript).

import { data } from "react-router";
import { z } from "zod";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import {
  certificateTitle,
  REVOKE_REASON_MAX,
  revokeCertificate,
  searchCertificates,
} from "../certificates/certificates.server";
import { reissueCertificatePdf } from "../certificates/pdf-file.server";
import { certificateStore } from "../certificates/store.server";
import { AdminCertificates } from "../components/admin/certificates-page";
import { getDb } from "../db/context";
import { parseForm } from "../lib/forms.server";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { backToPage } from "../lib/same-origin-path";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { cleanSearchText, safeText } from "../lib/validation";
import type { Route } from "./+types/admin-certificates";
export const handle = { i18n: ["certificates", "admin"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const q = cleanSearchText(url.searchParams.get("q"));
  const pageNumber = parsePage(url);
  const list = await searchCertificates(getDb(context), {
    q,
    limit: PAGE_SIZE,
    offset: (pageNumber - 1) * PAGE_SIZE,
  });
  return {
    meta: page.listMeta(
      page.t("certificates:admin.title"),
      page.t("certificates:admin.metaDescription"),
      pageNumber,
    ),
    q,
    certificates: list.items.map((row) => ({
      id: row.id,
      code: row.code,
      holderName: row.holderName,
      courseTitle: certificateTitle(row, page.locale),
      issuedOn: page.date(row.issuedAt.toISOString()),
      revokedOn: row.revokedAt ? page.date(row.revokedAt.toISOString()) : null,
      revokedReason: row.revokedReason,
    })),
    total: list.total,
    page: pageNumber,
    pageCount: Math.ceil(list.total / PAGE_SIZE),
  };
}

const CertificateAction = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("revoke"),
      id: z.guid({ error: "admin.invalid" }),
      reason: safeText({ max: REVOKE_REASON_MAX, error: "admin.reasonRequired" })
        .transform((value) => value.trim())
        .pipe(z.string().min(3, { error: "admin.reasonRequired" })),
    }),
    // A PDF made on a wrong origin is rendered again on PUBLIC_URL's (issue 33, item 1); the code stays.
    z.object({ intent: z.literal("reissue"), id: z.guid({ error: "admin.invalid" }) }),
  ],
  { error: "admin.invalid" },
);

export async function action({ request, url, context }: Route.ActionArgs) {
  const admin = requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const t = page.tIn("certificates");
  const form = await parseForm(request, CertificateAction, t);
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  const back = backToPage(url);
  if (form.data.intent === "reissue") {
    const reissued = await reissueCertificatePdf(getDb(context), certificateStore(), form.data.id);
    if (!reissued.ok) return toasts().redirectWithError(back, t("admin.notFound"));
    return toasts().redirectWithSuccess(back, t("admin.reissued", { code: reissued.certificate.code }));
  }
  const outcome = await revokeCertificate(getDb(context), {
    id: form.data.id,
    reason: form.data.reason,
    adminId: admin.id,
  });
  if (!outcome.ok) return toasts().redirectWithError(back, t("admin.notFound"));
  const code = outcome.certificate.code;
  return toasts().redirectWithSuccess(
    back,
    outcome.changed ? t("admin.revoked", { code }) : t("admin.alreadyRevoked", { code }),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminCertificatesRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminCertificates loaderData={loaderData} actionData={actionData} />;
}
