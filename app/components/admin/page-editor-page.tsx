// The block editor's body (issue 49, item 5): one plain form holding the page's title, SEO fields and every
// block, each field named by its path; add, move up, move down and remove are submit buttons of that form, so
// they work without JavaScript and never lose what was typed. English and Arabic sit side by side, each in its
// own language and direction, an empty Arabic text flagged (the English one is shown in its place).
import { Form, Link, useNavigation } from "react-router";
import { COURSE_CATEGORIES } from "../../courses/categories";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import { BLOCK_TYPES, CTA_KINDS, RAIL_SOURCES, SERVICE_ICONS } from "../../pages/block-kinds";
import type { PageContent } from "../../pages/blocks";
import { BOOLEAN_KEYS, ID_LIST_KEYS, OPTIONAL_PICTURE_KEYS } from "../../pages/form-keys";
import type { PageStatus } from "../../pages/policy";
import { ErrorSummary } from "../error-summary";
import { PageIntro } from "../page-intro";

export type PageEditorProps = {
  loaderData: {
    slug: string;
    builtIn: boolean;
    status: PageStatus;
    revision: number;
    content: PageContent;
    publishedAt: string | null;
    scheduledAt: string | null;
    publicPath: string | null;
    previewPaths: { en: string; ar: string };
    revisions: { id: number; number: number; kind: string; author: string | null; when: string }[];
  };
  actionData?: { errors: Record<string, string>; content?: PageContent; message: string };
};

const ID = "page-";
const LONG_KEYS = new Set(["markdown", "lead", "text", "quote", "bio", "answer", "description"]);
const CHOICES: Record<string, readonly string[]> = {
  icon: SERVICE_ICONS,
  source: RAIL_SOURCES,
  kind: CTA_KINDS,
  category: ["", ...COURSE_CATEGORIES],
};
const LTR_KEYS = new Set(["href", "src", "socialImage", "ids"]);

const inputClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border px-3 py-2 ${invalid ? "border-red-600" : "border-ink/20"} focus:border-coral-500`;
const smallButton =
  "rounded-md border border-ink/20 px-3 py-1 text-sm font-semibold hover:bg-sand focus-visible:outline-2";

const isBilingual = (value: unknown): value is { en: string; ar: string } =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 2 &&
  typeof (value as { en: unknown }).en === "string" &&
  typeof (value as { ar: unknown }).ar === "string";

const idOf = (path: string) => `${ID}${path.replaceAll(".", "-")}`;

function ErrorText({ path, errors }: { path: string; errors: Record<string, string> }) {
  const error = errors[path];
  return error ? (
    <p id={`${idOf(path)}-error`} className="mt-1 text-sm text-red-700" data-field-error={path}>
      {error}
    </p>
  ) : null;
}

function TextField({
  path,
  label,
  value,
  errors,
  long,
  lang,
  hint,
}: {
  path: string;
  label: string;
  value: string;
  errors: Record<string, string>;
  long: boolean;
  lang?: "en" | "ar";
  hint?: string;
}) {
  const id = idOf(path);
  const key = path.split(".").at(-1) ?? "";
  const dir = lang === "ar" ? "rtl" : lang === "en" || LTR_KEYS.has(key) ? "ltr" : "auto";
  const invalid = Boolean(errors[path]);
  const described = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(" ");
  const common = {
    id,
    name: path,
    dir,
    defaultValue: value,
    "aria-invalid": invalid || undefined,
    "aria-describedby": described || undefined,
    className: inputClass(invalid),
  } as const;
  return (
    <div lang={lang}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {long ? <textarea rows={4} {...common} /> : <input type="text" autoComplete="off" {...common} />}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-amber-800" data-arabic-empty={path}>
          {hint}
        </p>
      ) : null}
      <ErrorText path={path} errors={errors} />
    </div>
  );
}

/** Any value of the page, drawn by its shape: texts in both languages, lists, pictures, choices, numbers. */
function Fields({
  value,
  path,
  name,
  errors,
}: {
  value: unknown;
  path: string;
  name: string;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation("site");
  const label = t(`editor.fields.${name}`);
  const id = idOf(path);
  if (BOOLEAN_KEYS.has(name))
    return (
      <div className="flex items-center gap-2">
        <input id={id} type="checkbox" name={path} defaultChecked={value === true} className="size-4" />
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
      </div>
    );
  if (ID_LIST_KEYS.has(name))
    return (
      <TextField
        path={path}
        label={label}
        value={Array.isArray(value) ? value.join(", ") : ""}
        errors={errors}
        long={false}
        hint={undefined}
      />
    );
  if (name === "priceFrom" || name === "limit")
    return (
      <TextField
        path={path}
        label={label}
        value={value === null || value === undefined ? "" : String(value)}
        errors={errors}
        long={false}
      />
    );
  if (OPTIONAL_PICTURE_KEYS.has(name) && value === null)
    return (
      <button type="submit" name="intent" value={`addPicture|${path}`} className={smallButton}>
        {t("editor.addPicture")}
      </button>
    );
  if (isBilingual(value)) {
    const long = LONG_KEYS.has(name);
    return (
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">{label}</legend>
        <TextField
          path={`${path}.en`}
          label={`${label} (${t("settings.english")})`}
          value={value.en}
          errors={errors}
          long={long}
          lang="en"
        />
        <TextField
          path={`${path}.ar`}
          label={`${label} (${t("settings.arabic")})`}
          value={value.ar}
          errors={errors}
          long={long}
          lang="ar"
          hint={value.ar === "" && value.en !== "" ? t("settings.arabicFallback") : undefined}
        />
      </fieldset>
    );
  }
  if (Array.isArray(value))
    return (
      <fieldset className="space-y-3 rounded-lg border border-ink/10 p-3">
        <legend className="px-1 text-sm font-bold">{label}</legend>
        {value.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items are named by their place, as their fields are.
          <div key={index} className="space-y-3 rounded-md bg-sand/60 p-3">
            <Fields value={item} path={`${path}.${index}`} name={`${name}Item`} errors={errors} />
            <button type="submit" name="intent" value={`removeItem|${path}.${index}`} className={smallButton}>
              {t("editor.removeItem", { position: index + 1 })}
            </button>
          </div>
        ))}
        <button type="submit" name="intent" value={`addItem|${path}`} className={smallButton}>
          {t("editor.addItem")}
        </button>
        <ErrorText path={path} errors={errors} />
      </fieldset>
    );
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).filter(([key]) => key !== "type");
    return (
      <div className="space-y-3">
        {entries.map(([key, child]) => (
          <Fields key={key} value={child} path={`${path}.${key}`} name={key} errors={errors} />
        ))}
        {OPTIONAL_PICTURE_KEYS.has(name) ? (
          <button type="submit" name="intent" value={`removePicture|${path}`} className={smallButton}>
            {t("editor.removePicture")}
          </button>
        ) : null}
      </div>
    );
  }
  const choices = CHOICES[name];
  if (choices)
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-semibold">
          {label}
        </label>
        <select
          id={id}
          name={path}
          defaultValue={String(value)}
          className={inputClass(Boolean(errors[path]))}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice === ""
                ? t("editor.anyCategory")
                : t(`editor.choices.${name}.${choice}`, { defaultValue: choice })}
            </option>
          ))}
        </select>
        <ErrorText path={path} errors={errors} />
      </div>
    );
  return (
    <TextField
      path={path}
      label={label}
      value={String(value ?? "")}
      errors={errors}
      long={LONG_KEYS.has(name)}
    />
  );
}

export function PageEditorPage({ loaderData, actionData }: PageEditorProps) {
  const { t } = useTranslation("site");
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const content = actionData?.content ?? loaderData.content;
  const errorLinks = Object.entries(errors).map(([path, message]) => ({ id: idOf(path), message }));
  return (
    <>
      <PageIntro
        width="5xl"
        title={t("editor.title", { title: loaderData.content.title })}
        lead={t(`editor.status.${loaderData.status}`)}
      />
      <div className="mx-auto max-w-5xl px-4 py-10">
        <p className="text-sm">
          <Link to={localize("/dashboard/admin/pages")} className="font-semibold text-coral-700 underline">
            {t("editor.back")}
          </Link>
        </p>
        <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-semibold">{t("editor.publishedAt")}</dt>
            <dd>{loaderData.publishedAt ?? t("editor.never")}</dd>
          </div>
          {loaderData.scheduledAt ? (
            <div>
              <dt className="font-semibold">{t("editor.scheduledAt")}</dt>
              <dd>{loaderData.scheduledAt}</dd>
            </div>
          ) : null}
          <div>
            <dt className="font-semibold">{t("editor.preview")}</dt>
            <dd className="flex gap-3">
              <a
                href={loaderData.previewPaths.en}
                className="text-coral-700 underline"
                data-testid="preview-en"
              >
                English
              </a>
              <a
                href={loaderData.previewPaths.ar}
                className="text-coral-700 underline"
                lang="ar"
                data-testid="preview-ar"
              >
                العربية
              </a>
            </dd>
          </div>
          {loaderData.publicPath ? (
            <div>
              <dt className="font-semibold">{t("editor.publicPage")}</dt>
              <dd>
                <a href={loaderData.publicPath} className="text-coral-700 underline" dir="ltr">
                  {loaderData.publicPath}
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
        <Form method="post" noValidate className="mt-8 space-y-8" data-testid="page-editor">
          {actionData ? (
            <ErrorSummary
              id="page-editor-error"
              answer={actionData}
              message={actionData.message}
              fields={errorLinks}
            />
          ) : null}
          {/* Enter in a field saves: the form's first submit button is what Enter presses. */}
          <button
            type="submit"
            name="intent"
            value="save"
            className="hidden"
            tabIndex={-1}
            aria-hidden="true"
          />
          <input type="hidden" name="revision" value={loaderData.revision} />
          <section
            aria-labelledby="page-settings-heading"
            className="space-y-4 rounded-xl border border-ink/10 p-5"
          >
            <h2 id="page-settings-heading" className="text-xl font-bold">
              {t("editor.settingsHeading")}
            </h2>
            <fieldset className="grid gap-3 sm:grid-cols-2">
              <legend className="sr-only">{t("editor.fields.title")}</legend>
              <TextField
                path="title"
                label={`${t("editor.fields.title")} (${t("settings.english")})`}
                value={content.title}
                errors={errors}
                long={false}
                lang="en"
              />
              <TextField
                path="titleAr"
                label={`${t("editor.fields.title")} (${t("settings.arabic")})`}
                value={content.titleAr}
                errors={errors}
                long={false}
                lang="ar"
                hint={content.titleAr === "" ? t("settings.arabicFallback") : undefined}
              />
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              {(["en", "ar"] as const).map((language) => (
                <fieldset key={language} className="space-y-3" lang={language}>
                  <legend className="text-sm font-bold">
                    {t("editor.seoHeading")} ({t(language === "en" ? "settings.english" : "settings.arabic")})
                  </legend>
                  {(["title", "description", "socialImage"] as const).map((key) => (
                    <TextField
                      key={key}
                      path={`seo.${language}.${key}`}
                      label={t(`editor.fields.seo.${key}`)}
                      value={content.seo[language][key]}
                      errors={errors}
                      long={key === "description"}
                      lang={key === "socialImage" ? undefined : language}
                    />
                  ))}
                </fieldset>
              ))}
            </div>
            <Fields value={content.seo.noindex} path="seo.noindex" name="noindex" errors={errors} />
          </section>

          <section aria-labelledby="page-blocks-heading" className="space-y-6">
            <h2 id="page-blocks-heading" className="text-xl font-bold">
              {t("editor.blocksHeading")}
            </h2>
            {content.blocks.length === 0 ? <p className="text-ink/70">{t("editor.noBlocks")}</p> : null}
            <ol className="space-y-6">
              {content.blocks.map((block, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a block is named by its place, as its fields are.
                <li key={index} className="rounded-xl border border-ink/15 p-5" data-testid="editor-block">
                  <section aria-labelledby={`${ID}block-${index}-heading`} className="space-y-4">
                    <div className="flex flex-wrap items-center justify-between gap-3">
                      <h3 id={`${ID}block-${index}-heading`} className="text-lg font-bold">
                        {index + 1}. {t(`editor.types.${block.type}`)}
                      </h3>
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="submit"
                          name="intent"
                          value={`move|${index}:up`}
                          className={smallButton}
                          disabled={index === 0}
                        >
                          {t("editor.moveUp")}
                          <span className="sr-only">: {index + 1}</span>
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value={`move|${index}:down`}
                          className={smallButton}
                          disabled={index === content.blocks.length - 1}
                        >
                          {t("editor.moveDown")}
                          <span className="sr-only">: {index + 1}</span>
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value={`move|${index}:remove`}
                          className={smallButton}
                        >
                          {t("editor.remove")}
                          <span className="sr-only">: {index + 1}</span>
                        </button>
                      </div>
                    </div>
                    <Fields value={block} path={`blocks.${index}`} name="block" errors={errors} />
                  </section>
                </li>
              ))}
            </ol>
            <div className="flex flex-wrap items-end gap-3 rounded-xl bg-sand p-4">
              <div>
                <label htmlFor={`${ID}new-block`} className="block text-sm font-semibold">
                  {t("editor.newBlock")}
                </label>
                <select
                  id={`${ID}new-block`}
                  name="blockType"
                  className={inputClass(false)}
                  defaultValue="hero"
                >
                  {BLOCK_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`editor.types.${type}`)}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" name="intent" value="add" className={smallButton}>
                {t("editor.add")}
              </button>
            </div>
          </section>

          <div className="flex flex-wrap items-end gap-3 border-t border-ink/10 pt-6">
            <button
              type="submit"
              name="intent"
              value="save"
              disabled={busy}
              className="rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
            >
              {t("editor.save")}
            </button>
            <div>
              <label htmlFor={`${ID}publish-at`} className="block text-sm font-semibold">
                {t("editor.publishAt")}
              </label>
              <input
                id={`${ID}publish-at`}
                name="publishAt"
                type="datetime-local"
                className={inputClass(Boolean(errors.publishAt))}
              />
              <ErrorText path="publishAt" errors={errors} />
            </div>
            <button
              type="submit"
              name="intent"
              value="publish"
              disabled={busy}
              className="rounded-md bg-ink px-5 py-2.5 font-semibold text-white hover:bg-ink/90"
            >
              {t("editor.publish")}
            </button>
          </div>

          <section aria-labelledby="page-revisions-heading" className="space-y-3">
            <h2 id="page-revisions-heading" className="text-xl font-bold">
              {t("editor.revisionsHeading")}
            </h2>
            {loaderData.revisions.length === 0 ? (
              <p className="text-ink/70">{t("editor.noRevisions")}</p>
            ) : null}
            <ul className="divide-y divide-ink/10">
              {loaderData.revisions.map((revision) => (
                <li
                  key={revision.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm"
                >
                  <span>
                    {t(`editor.revisionKind.${revision.kind}`, { position: revision.number })} ·{" "}
                    <span dir="auto">{revision.author ?? t("editor.formerAdmin")}</span> · {revision.when}
                  </span>
                  {revision.number === loaderData.revision ? (
                    <span className="text-ink/60">{t("editor.current")}</span>
                  ) : (
                    <button
                      type="submit"
                      name="intent"
                      value={`restore|${revision.id}`}
                      className={smallButton}
                    >
                      {t("editor.restore", { position: revision.number })}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </section>

          {loaderData.builtIn ? null : (
            <section aria-labelledby="page-delete-heading" className="rounded-xl border border-red-200 p-4">
              <h2 id="page-delete-heading" className="font-bold">
                {t("editor.deleteHeading")}
              </h2>
              <p className="mt-1 text-sm text-ink/75">{t("editor.deleteLead")}</p>
              <button
                type="submit"
                name="intent"
                value="delete"
                className="mt-3 rounded-md border border-red-700 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
              >
                {t("editor.delete")}
              </button>
            </section>
          )}
        </Form>
      </div>
    </>
  );
}
