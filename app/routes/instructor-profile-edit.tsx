// /instructor/profile: a teacher's own profile as learners see it on /instructors/:id and under each course
// (issue 50): the bio in English and Arabic side by side, links, and a photo. Three plain forms: the text
// (intent=save), the photo (the page's only multipart form) and removing the photo (intent=removePhoto).
import { data } from "react-router";
import { z } from "zod";
import { canTeach } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { InstructorProfileForm as ProfileFormView } from "../components/studio/instructor-profile-form";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { InstructorProfileForm } from "../instructors/profile";
import {
  getInstructorProfile,
  getOwnInstructorProfile,
  setInstructorPhoto,
  updateInstructorProfile,
} from "../instructors/profiles.server";
import { parseForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { getMediaStore } from "../media/context.server";
import { storeUpload } from "../media/media.server";
import { isMultipart, readUpload, UPLOAD_FAILURE_STATUS } from "../media/upload.server";
import { uploadFailureMessage } from "../studio/answers.server";
import type { Route } from "./+types/instructor-profile-edit";

export const handle = { i18n: ["studio", "catalog"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(request, context, canTeach);
  const page = pageContext(request, context);
  const t = page.tIn("studio");
  const db = getDb(context);
  const [own, publicProfile] = await Promise.all([
    getOwnInstructorProfile(db, user.id),
    getInstructorProfile(db, page.locale, user.id),
  ]);
  return {
    meta: page.meta(t("profile.title"), t("profile.metaDescription")),
    name: user.name,
    values: { bio: own?.bio ?? "", bioAr: own?.bioAr ?? "", links: (own?.links ?? []).join("\n") },
    avatarUrl: own?.avatarUrl ?? null,
    publicPath: publicProfile ? localizePath(`/instructors/${user.id}`, page.locale) : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

const ProfileAction = z.discriminatedUnion(
  "intent",
  [
    InstructorProfileForm.extend({ intent: z.literal("save") }),
    z.object({ intent: z.literal("removePhoto") }),
  ],
  { error: "errors.formInvalid" },
);

type ActionAnswer = {
  error?: string;
  photoError?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};
const answer = (body: ActionAnswer, status: number) => data(body, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireRole(request, context, canTeach);
  const page = pageContext(request, context);
  const t = page.tIn("studio");
  const db = getDb(context);
  const store = getMediaStore(context);
  const here = localizePath("/instructor/profile", page.locale);

  if (isMultipart(request)) {
    const upload = await readUpload(request, "image");
    if (!upload.ok)
      return answer(
        { photoError: uploadFailureMessage(upload.reason, t) },
        UPLOAD_FAILURE_STATUS[upload.reason],
      );
    const stored = await storeUpload(db, store, actor, upload);
    if (!stored.ok)
      return answer(
        {
          photoError: uploadFailureMessage(
            stored.reason === "unreadable" ? "unreadable" : "unsupported_type",
            t,
          ),
        },
        stored.reason === "unreadable" ? 415 : 403,
      );
    const outcome = await setInstructorPhoto(db, store, actor, stored.media.publicId);
    if (!outcome.ok) return answer({ photoError: t("errors.mediaNotFound") }, 404);
    return toasts().redirectWithSuccess(here, t("profile.photoUploaded"));
  }

  const parsed = await parseForm(request, ProfileAction, t);
  if (!parsed.ok) {
    if (parsed.fieldErrors.intent) return answer({ error: t("errors.formInvalid") }, 400);
    return answer({ fieldErrors: parsed.fieldErrors, values: parsed.values }, 400);
  }
  if (parsed.data.intent === "removePhoto") {
    await setInstructorPhoto(db, store, actor, null);
    return toasts().redirectWithSuccess(here, t("profile.photoRemoved"));
  }
  await updateInstructorProfile(db, actor, parsed.data);
  return toasts().redirectWithSuccess(here, t("profile.saved"));
}

export default function InstructorProfileEditRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfileFormView loaderData={loaderData} actionData={actionData} />;
}
