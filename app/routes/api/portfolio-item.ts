// GET /api/portfolio/:id → {caseStudy} (drafts only for admins, 404 otherwise); PUT (admins; partial;
// `images`, when given, is the whole gallery in order) → {caseStudy}; DELETE → 204.
import { isAdmin } from "../../access/roles";
import { getUser, requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { refusalAnswer } from "../../editorial/answers.server";
import { galleryFrom, notFound } from "../../editorial/api.server";
import { deleteCaseStudy, getReadableCaseStudy, updateCaseStudy } from "../../editorial/case-studies.server";
import { ApiCaseStudyUpdate } from "../../editorial/inputs";
import { caseStudyJson } from "../../editorial/json";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { getMediaStore } from "../../media/context.server";
import type { Route } from "./+types/portfolio-item";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const item = id === null ? null : await getReadableCaseStudy(getDb(context), getUser(context), id);
  if (!item) return notFound(request, context);
  return Response.json({ caseStudy: caseStudyJson(item) });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE")
    return methodNotAllowed(request, context, "GET, PUT, DELETE");
  const user = requireApiRole(request, context, isAdmin);
  const id = parseId(params.id);
  if (id === null) return notFound(request, context);
  const db = getDb(context);
  const store = getMediaStore(context);
  if (request.method === "DELETE") {
    const outcome = await deleteCaseStudy(db, store, user, id);
    if (!outcome.ok) return refusalAnswer(request, context, outcome);
    return new Response(null, { status: 204 });
  }
  const { data, error } = await readJsonBody(request, ApiCaseStudyUpdate, getI18n(context), "editorial");
  if (error) return error;
  const { images, ...fields } = data;
  const outcome = await updateCaseStudy(db, store, user, id, { ...fields, images: galleryFrom(images) });
  if (!outcome.ok) return refusalAnswer(request, context, outcome);
  return Response.json({ caseStudy: caseStudyJson(outcome.item) });
}
