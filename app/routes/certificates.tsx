// /certificates: the signed-in learner's certificates (course, date, PDF, verification link to share), and
// the action the "Get your certificate" forms of the course and learn pages post to.
import { z } from "zod";
import { requireUser } from "../auth/guards.server";
import { safeRedirect } from "../auth/redirect";
import {
  certificateCredentialPath,
  certificatePdfPath,
  issueCertificate,
  listCertificates,
  localizedVerifyPath,
  verifyUrl,
} from "../certificates/certificates.server";
import { linkedInAddToProfileUrl } from "../certificates/linkedin";
import { MyCertificates } from "../components/certificates/certificates-page";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { parseForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { entityId } from "../lib/validation";
import type { Route } from "./+types/certificates";
export const handle = { i18n: ["certificates"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const items = await listCertificates(getDb(context), user.id, page.locale);
  return {
    meta: page.meta(page.t("certificates:mine.title"), page.t("certificates:mine.metaDescription")),
    certificates: items.map((item) => ({
      id: item.id,
      code: item.code,
      courseId: item.courseId,
      courseTitle: item.courseTitle,
      revoked: item.revoked,
      issuedOn: page.date(item.issuedAt.toISOString()),
      pdfPath: certificatePdfPath(item.id, { api: false }),
      credentialPath: certificateCredentialPath(item.id),
      // LinkedIn shows the English title (its form has one name field); the link makes no request itself.
      linkedInUrl: linkedInAddToProfileUrl({
        name: item.courseTitleEn,
        organizationName: "Manara",
        issuedAt: item.issuedAt,
        certUrl: verifyUrl(item.code),
        certId: item.code,
      }),
      verifyPath: localizedVerifyPath(item.code, page.locale),
      // The link to share is the one printed on the PDF and in its QR code.
      verifyUrl: verifyUrl(item.code),
    })),
  };
}

const GenerateForm = z.object({ intent: z.literal("generate"), courseId: entityId("invalid") });

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const t = page.tIn("certificates");
  const parsed = await parseForm(request, GenerateForm, t);
  const mine = localizePath("/certificates", page.locale);
  if (!parsed.ok)
    return toasts().redirectWithError(safeRedirect(parsed.values.back, mine), t("actions.invalid"));
  const { courseId } = parsed.data;
  const back = safeRedirect(parsed.values.back, localizePath(`/courses/${courseId}`, page.locale));
  const outcome = await issueCertificate(getDb(context), {
    userId: user.id,
    courseId,
  });
  if (!outcome.ok) {
    if (outcome.reason === "not_found") return toasts().redirectWithError(back, t("actions.notEnrolled"));
    return toasts().redirectWithError(
      back,
      t("actions.notEligible", { count: outcome.totalLessons, completed: outcome.completedLessons }),
    );
  }
  return toasts().redirectWithSuccess(mine, t(outcome.created ? "actions.issued" : "actions.alreadyHeld"));
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function MyCertificatesRoute({ loaderData }: Route.ComponentProps) {
  return <MyCertificates loaderData={loaderData} />;
}
