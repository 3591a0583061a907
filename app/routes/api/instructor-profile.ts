// GET /api/instructor/profile → {profile: {bio, bioAr, links, avatarUrl}}: the signed-in teacher's own
// profile, both languages as typed; PUT {bio, bioAr, links, photo?} saves it and answers the same (issue 50).
// Trainers and admins only.
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import type { Database } from "../../db/client.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { InstructorProfileApiInput } from "../../instructors/profile";
import {
  getOwnInstructorProfile,
  setInstructorPhoto,
  updateInstructorProfile,
} from "../../instructors/profiles.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { getMediaStore } from "../../media/context.server";
import type { Route } from "./+types/instructor-profile";

async function answer(db: Database, userId: string, status = 200) {
  const own = await getOwnInstructorProfile(db, userId);
  return Response.json(
    {
      profile: {
        bio: own?.bio ?? null,
        bioAr: own?.bioAr ?? null,
        links: own?.links ?? [],
        avatarUrl: own?.avatarUrl ?? null,
      },
    },
    { status, headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiRole(request, context, canTeach);
  return answer(getDb(context), user.id);
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireApiRole(request, context, canTeach);
  if (request.method !== "PUT") return methodNotAllowed(request, context, "GET, PUT");
  const i18n = getI18n(context);
  const body = await readJsonBody(request, InstructorProfileApiInput, i18n, "studio");
  if (body.error) return body.error;
  const db = getDb(context);
  if (body.data.photo !== undefined) {
    const photo = await setInstructorPhoto(
      db,
      getMediaStore(context),
      actor,
      body.data.photo?.public_id ?? null,
    );
    if (!photo.ok)
      return apiError(404, "not_found", i18n.getFixedT(apiLocale(request), "studio")("errors.mediaNotFound"));
  }
  await updateInstructorProfile(db, actor, body.data);
  return answer(db, actor.id);
}
