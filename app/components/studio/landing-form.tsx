// The course landing form (SPEC §3 course form), shared by "New course" and the course editor.
import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { COURSE_CATEGORIES } from "../../courses/categories";
import { useTranslation } from "../../i18n/use-translation";
import { ErrorSummary } from "../error-summary";
import { SelectField, TextArea, TextField } from "./fields";
import { UnsavedChangesDialog, UnsavedMarker, useUnsavedChanges } from "./unsaved-changes";

export type LandingValues = {
  title: string;
  titleAr: string;
  category: string;
  description: string;
  descriptionAr: string;
  price: string;
  /** One item per line. */
  outcomes: string;
  outcomesAr: string;
  requirements: string;
  requirementsAr: string;
  audience: string;
  audienceAr: string;
  /** "en", "ar" or "en ar". */
  languages: string;
};

export const EMPTY_LANDING: LandingValues = {
  title: "",
  titleAr: "",
  category: "",
  description: "",
  descriptionAr: "",
  price: "",
  outcomes: "",
  outcomesAr: "",
  requirements: "",
  requirementsAr: "",
  audience: "",
  audienceAr: "",
  languages: "en",
};

/** The lists a buyer decides on, each typed one item per line in both languages side by side. */
const DECISION_LISTS = ["outcomes", "requirements", "audience"] as const;

export function LandingForm({
  values,
  errors,
  currency,
  mode,
  formKey,
}: {
  values: LandingValues;
  errors: Record<string, string>;
  currency: string;
  mode: "create" | "edit";
  /** Changes when the saved course changes, so the fields show the new saved values. */
  formKey: string;
}) {
  const { t } = useTranslation(["studio", "common"]);
  const formRef = useRef<HTMLFormElement>(null);
  const { dirty, blocker } = useUnsavedChanges(formRef);
  const navigation = useNavigation();
  const saving = navigation.formData?.get("intent") === "saveLanding";
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Form
      method="post"
      ref={formRef}
      key={formKey}
      className="space-y-5"
      data-testid="landing-form"
      noValidate
    >
      <input type="hidden" name="intent" value="saveLanding" />
      {/* Takes the focus after a failed save, with and without JavaScript. */}
      {hasErrors ? (
        <ErrorSummary answer={errors} message={errors.form ?? t("studio:landing.invalid")} />
      ) : null}
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          id="course-title"
          name="title"
          label={t("studio:landing.title")}
          placeholder={t("studio:landing.titlePlaceholder")}
          defaultValue={values.title}
          error={errors.title}
          maxLength={200}
          dir="auto"
        />
        <TextField
          id="course-title-ar"
          name="titleAr"
          label={t("studio:landing.titleAr")}
          placeholder={t("studio:landing.titleArPlaceholder")}
          hint={t("studio:landing.titleArHint")}
          defaultValue={values.titleAr}
          error={errors.titleAr}
          maxLength={200}
          dir="rtl"
          lang="ar"
        />
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <SelectField
          id="course-category"
          name="category"
          label={t("studio:landing.category")}
          placeholder={t("studio:landing.chooseCategory")}
          defaultValue={values.category}
          error={errors.category}
          options={COURSE_CATEGORIES.map((value) => ({ value, label: t(`common:categories.${value}`) }))}
        />
        <TextField
          id="course-price"
          name="price"
          label={t("studio:landing.price", { currency })}
          placeholder={t("studio:landing.pricePlaceholder")}
          hint={t("studio:landing.priceHint")}
          defaultValue={values.price}
          error={errors.price}
          inputMode="decimal"
          dir="ltr"
        />
      </div>
      <TextArea
        id="course-description"
        name="description"
        label={t("studio:landing.description")}
        placeholder={t("studio:landing.descriptionPlaceholder")}
        hint={t("studio:landing.markdownHint")}
        defaultValue={values.description}
        error={errors.description}
        dir="auto"
      />
      <TextArea
        id="course-description-ar"
        name="descriptionAr"
        label={t("studio:landing.descriptionAr")}
        placeholder={t("studio:landing.descriptionArPlaceholder")}
        defaultValue={values.descriptionAr}
        error={errors.descriptionAr}
        dir="rtl"
        lang="ar"
      />
      {DECISION_LISTS.map((list) => (
        <div key={list} className="grid gap-5 md:grid-cols-2">
          <TextArea
            id={`course-${list}`}
            name={list}
            label={t(`studio:landing.lists.${list}`)}
            hint={t("studio:landing.lists.hint")}
            defaultValue={values[list]}
            error={errors[list]}
            rows={4}
            dir="auto"
          />
          <TextArea
            id={`course-${list}-ar`}
            name={`${list}Ar`}
            label={t(`studio:landing.lists.${list}Ar`)}
            hint={t("studio:landing.lists.hintAr")}
            defaultValue={values[`${list}Ar`]}
            error={errors[`${list}Ar`]}
            rows={4}
            dir="rtl"
            lang="ar"
          />
        </div>
      ))}
      <SelectField
        id="course-languages"
        name="languages"
        label={t("studio:landing.languages")}
        defaultValue={values.languages}
        error={errors.languages}
        options={(["en", "ar", "en ar"] as const).map((value) => ({
          value,
          label: t(`studio:landing.languageChoices.${value === "en ar" ? "both" : value}`),
        }))}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={saving}
          data-testid="save-landing"
          className="rounded-md bg-coral-600 px-6 py-2.5 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
        >
          {mode === "create" ? t("studio:landing.create") : t("studio:landing.save")}
        </button>
        <button
          type="reset"
          className="rounded-md border border-ink/20 px-5 py-2.5 font-semibold hover:bg-sand"
          data-testid="reset-landing"
        >
          {t("studio:landing.reset")}
        </button>
        <UnsavedMarker dirty={dirty} />
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </Form>
  );
}
