// GET /api/portfolio?limit=10&offset=0 → {items, total, limit, offset}: public case studies (every one for an
// admin). POST (admins) → 201 {caseStudy}, either JSON {title, clientName, problem, strategy, result, …,
// images: [{url, public_id, alt?}], status} with already-uploaded images, or multipart: the same fields as
// form fields plus `images` files (at most 6), with optional `alt`/`altAr` fields in the files' order.
import { isAdmin } from "../../access/roles";
import { getUser, requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { refusalAnswer, UPLOADS_FAILURE_STATUS, uploadsFailureMessage } from "../../editorial/answers.server";
import { galleryFrom, readListQuery } from "../../editorial/api.server";
import { createCaseStudy, listReadableCaseStudies } from "../../editorial/case-studies.server";
import { ApiCaseStudyCreate, MAX_UPLOAD_FILES, MultipartCaseStudy } from "../../editorial/inputs";
import { caseStudyJson } from "../../editorial/json";
import { getI18n } from "../../i18n/context.server";
import { apiLocale, apiRefusal, methodNotAllowed, parseApiInput, readJsonBody } from "../../lib/api.server";
import { getMediaStore } from "../../media/context.server";
import { releaseMedia, storeUpload } from "../../media/media.server";
import { readImageUploads } from "../../media/upload.server";
import type { Route } from "./+types/portfolio";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readListQuery(request, context);
  if (query.error) return query.error;
  const now = new Date();
  const { items, total } = await listReadableCaseStudies(getDb(context), getUser(context), query, now);
  return Response.json({
    items: items.map((item) => caseStudyJson(item, now)),
    total,
    limit: query.limit,
    offset: query.offset,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, context, "GET, POST");
  const user = requireApiRole(request, context, isAdmin);
  const db = getDb(context);
  const i18n = getI18n(context);
  const locale = apiLocale(request);
  const t = i18n.getFixedT(locale, "editorial");
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/")) {
    const { data, error } = await readJsonBody(request, ApiCaseStudyCreate, i18n, "editorial");
    if (error) return error;
    const { images, ...fields } = data;
    const outcome = await createCaseStudy(db, user, {
      ...fields,
      publishAt: fields.publishAt ?? undefined,
      images: galleryFrom(images),
    });
    if (!outcome.ok) return refusalAnswer(request, context, outcome);
    return Response.json({ caseStudy: caseStudyJson(outcome.item) }, { status: 201 });
  }

  const upload = await readImageUploads(request, { field: "images", maxFiles: MAX_UPLOAD_FILES });
  if (!upload.ok) {
    return apiRefusal(UPLOADS_FAILURE_STATUS[upload.reason], uploadsFailureMessage(upload.reason, t));
  }
  const raw: Record<string, string> = {};
  for (const [key, value] of upload.form) if (typeof value === "string" && !(key in raw)) raw[key] = value;
  const parsed = parseApiInput(request, raw, MultipartCaseStudy, i18n, "editorial");
  if (parsed.error) return parsed.error;
  // Files are stored first, then attached; if the case study is refused, they are deleted again.
  const store = getMediaStore(context);
  const alts = upload.form.getAll("alt").map(String);
  const altsAr = upload.form.getAll("altAr").map(String);
  const stored: string[] = [];
  for (const file of upload.files) {
    const result = await storeUpload(db, store, user, file);
    if (!result.ok) {
      await releaseMedia(db, store, stored);
      return apiRefusal(415, uploadsFailureMessage("unreadable", t));
    }
    stored.push(result.media.publicId);
  }
  const outcome = await createCaseStudy(db, user, {
    ...parsed.data,
    images: stored.map((publicId, index) => ({
      publicId,
      alt: alts[index]?.trim().slice(0, 300) || null,
      altAr: altsAr[index]?.trim().slice(0, 300) || null,
    })),
  });
  if (!outcome.ok) {
    await releaseMedia(db, store, stored);
    return refusalAnswer(request, context, outcome);
  }
  return Response.json({ caseStudy: caseStudyJson(outcome.item) }, { status: 201 });
}
