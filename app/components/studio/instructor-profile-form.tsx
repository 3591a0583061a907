// /instructor/profile: the teacher's bio in English and Arabic side by side, their links, and their photo.
import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/instructor-profile-edit";
import { InstructorPhoto } from "../instructors/instructor-photo";
import { PageIntro } from "../page-intro";
import { TextArea } from "./fields";

const sectionClass = "rounded-xl border border-ink/10 bg-white p-6 shadow-sm";

type ActionAnswer = {
  error?: string;
  photoError?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};

export function InstructorProfileForm({
  loaderData,
  actionData,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  actionData?: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation("studio");
  const busy = useNavigation().state === "submitting";
  const answer = actionData as ActionAnswer | undefined;
  const values = { ...loaderData.values, ...answer?.values };
  const errors = answer?.fieldErrors ?? {};
  return (
    <>
      <PageIntro width="6xl" title={t("profile.title")} lead={t("profile.lead")}>
        {loaderData.publicPath ? (
          <Link
            to={loaderData.publicPath}
            className="mt-4 inline-block font-semibold text-coral-700 underline"
            data-testid="public-profile-link"
          >
            {t("profile.viewPublic")}
          </Link>
        ) : (
          <p className="mt-4 text-ink/75">{t("profile.noPublicYet")}</p>
        )}
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 *:min-w-0 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="profile-text-heading" className={sectionClass}>
          <h2 id="profile-text-heading" className="sr-only">
            {t("profile.title")}
          </h2>
          {answer?.error ? (
            <p role="alert" className="mb-4 text-red-700">
              {answer.error}
            </p>
          ) : null}
          <Form method="post" className="space-y-6" data-testid="profile-form">
            <input type="hidden" name="intent" value="save" />
            <div className="grid gap-6 md:grid-cols-2">
              <TextArea
                id="profile-bio"
                name="bio"
                label={t("profile.bio")}
                hint={t("profile.bioHint")}
                error={errors.bio}
                defaultValue={values.bio}
                dir="ltr"
                lang="en"
                rows={10}
              />
              <div>
                <TextArea
                  id="profile-bio-ar"
                  name="bioAr"
                  label={t("profile.bioAr")}
                  hint={t("profile.bioHint")}
                  error={errors.bioAr}
                  defaultValue={values.bioAr}
                  dir="rtl"
                  lang="ar"
                  rows={10}
                />
                {!values.bioAr && values.bio ? (
                  <p className="mt-1 text-sm text-amber-800" data-testid="arabic-missing">
                    {t("profile.arabicMissing")}
                  </p>
                ) : null}
              </div>
            </div>
            <TextArea
              id="profile-links"
              name="links"
              label={t("profile.links")}
              hint={t("profile.linksHint")}
              error={errors.links}
              defaultValue={values.links}
              dir="ltr"
              rows={4}
            />
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-coral-700 px-5 py-2 font-semibold text-white"
            >
              {t("profile.save")}
            </button>
          </Form>
        </section>
        <section aria-labelledby="profile-photo-heading" className={sectionClass}>
          <h2 id="profile-photo-heading" className="text-xl font-bold">
            {t("profile.photo")}
          </h2>
          <div className="mt-4 flex items-center gap-4">
            <InstructorPhoto
              name={loaderData.name}
              url={loaderData.avatarUrl}
              alt={t("profile.photoAlt")}
              size="large"
            />
            {loaderData.avatarUrl ? null : <p className="text-sm text-ink/70">{t("profile.photoNone")}</p>}
          </div>
          <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3">
            <div>
              <label htmlFor="profile-photo" className="block text-sm font-semibold">
                {t("profile.photo")}
              </label>
              <input
                id="profile-photo"
                name="file"
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif"
                aria-describedby="profile-photo-hint"
                className="mt-1 block w-full text-sm"
              />
              <p id="profile-photo-hint" className="mt-1 text-xs text-ink/70">
                {t("profile.photoHint")}
              </p>
              {answer?.photoError ? (
                <p role="alert" className="mt-1 text-sm text-red-700" data-testid="photo-error">
                  {answer.photoError}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              disabled={busy}
              className="rounded-md border border-ink/20 px-4 py-2 font-semibold"
              data-testid="upload-photo"
            >
              {t("profile.uploadPhoto")}
            </button>
          </Form>
          {loaderData.avatarUrl ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="removePhoto" />
              <button type="submit" disabled={busy} className="text-sm font-semibold text-red-700 underline">
                {t("profile.removePhoto")}
              </button>
            </Form>
          ) : null}
        </section>
      </div>
    </>
  );
}
