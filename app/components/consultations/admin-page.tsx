// The admin's consultations page: the availability as one plain form (numbers, each weekday's hours, closed
// dates) and the coming calls, each linked to its lead.
import { Form, Link, useNavigation } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import { ErrorSummary, fieldErrorLinks } from "../error-summary";
import { PageIntro } from "../page-intro";

type Values = Record<string, string>;

export type AdminConsultationsPageProps = {
  loaderData: {
    values: Values;
    lastSaved: string | null;
    upcoming: { id: number; when: string; name: string; topic: string; leadId: number | null }[];
  };
  actionData?: { fieldErrors: Record<string, string>; values: Values };
};

const ID = "availability-";
/** 0 is Sunday, as the stored availability counts (app/consultations/policy.ts). */
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const inputClass = (invalid: boolean) =>
  `mt-1 block w-full min-w-0 rounded-md border px-3 py-2 ${invalid ? "border-red-600" : "border-ink/20"} focus:border-coral-500`;

const NUMBERS = [
  { name: "slotMinutes", min: 10, max: 240 },
  { name: "bufferMinutes", min: 0, max: 240 },
  { name: "horizonDays", min: 1, max: 365 },
  { name: "minNoticeHours", min: 0, max: 720 },
] as const;

function FieldError({ name, errors }: { name: string; errors: Record<string, string> }) {
  const error = errors[name];
  if (!error) return null;
  return (
    <p id={`${ID}${name}-error`} className="mt-1 text-sm text-red-700" data-field-error={name}>
      {error}
    </p>
  );
}

export function AdminConsultationsPage({ loaderData, actionData }: AdminConsultationsPageProps) {
  const { t } = useTranslation("consultations");
  const localize = useLocalizePath();
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? loaderData.values;
  const described = (name: string) => (errors[name] ? `${ID}${name}-error` : undefined);
  const order = [
    "timeZone",
    ...NUMBERS.map((field) => field.name),
    "weekly",
    ...WEEKDAYS.flatMap((day) => [`start-${day}`, `end-${day}`]),
    "closedDates",
  ];
  return (
    <>
      <PageIntro title={t("admin.title")} lead={t("admin.intro")} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 *:min-w-0 lg:grid-cols-[1fr_22rem]">
        <Form method="post" noValidate className="space-y-6" data-testid="availability-form">
          {actionData ? (
            <ErrorSummary
              answer={actionData}
              message={t("admin.failed")}
              fields={fieldErrorLinks(errors, ID, order)}
            />
          ) : null}
          <h2 className="text-xl font-bold">{t("admin.availability")}</h2>
          <p className="text-sm text-ink/70">
            {loaderData.lastSaved
              ? t("admin.lastSaved", { date: loaderData.lastSaved })
              : t("admin.neverSaved")}
          </p>
          <div>
            <label htmlFor={`${ID}timeZone`} className="block font-semibold">
              {t("admin.timeZone")}
            </label>
            <input
              id={`${ID}timeZone`}
              name="timeZone"
              dir="ltr"
              maxLength={64}
              defaultValue={values.timeZone}
              aria-invalid={errors.timeZone ? true : undefined}
              aria-describedby={[`${ID}timeZone-hint`, described("timeZone")].filter(Boolean).join(" ")}
              className={inputClass(Boolean(errors.timeZone))}
            />
            <p id={`${ID}timeZone-hint`} className="mt-1 text-sm text-ink/70">
              {t("admin.timeZoneHint")}
            </p>
            <FieldError name="timeZone" errors={errors} />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            {NUMBERS.map((field) => (
              <div key={field.name}>
                <label htmlFor={`${ID}${field.name}`} className="block font-semibold">
                  {t(`admin.${field.name}`)}
                </label>
                <input
                  id={`${ID}${field.name}`}
                  name={field.name}
                  type="number"
                  inputMode="numeric"
                  min={field.min}
                  max={field.max}
                  defaultValue={values[field.name]}
                  aria-invalid={errors[field.name] ? true : undefined}
                  aria-describedby={described(field.name)}
                  className={inputClass(Boolean(errors[field.name]))}
                />
                <FieldError name={field.name} errors={errors} />
              </div>
            ))}
          </div>
          <fieldset className="rounded-lg border border-ink/15 p-4" id={`${ID}weekly`} tabIndex={-1}>
            <legend className="px-1 font-semibold">{t("admin.weekly")}</legend>
            <FieldError name="weekly" errors={errors} />
            <div className="mt-2 space-y-3">
              {WEEKDAYS.map((day) => (
                <div
                  key={day}
                  className="grid grid-cols-2 items-end gap-3 *:min-w-0 sm:grid-cols-[8rem_1fr_1fr]"
                  data-testid={`weekday-${day}`}
                >
                  <label className="col-span-2 flex items-center gap-2 sm:col-span-1 sm:pb-2">
                    <input
                      type="checkbox"
                      name={`open-${day}`}
                      defaultChecked={values[`open-${day}`] === "on"}
                    />
                    {t(`admin.weekdays.${day}`)}
                  </label>
                  {(["start", "end"] as const).map((edge) => {
                    const name = `${edge}-${day}`;
                    return (
                      <div key={edge}>
                        <label htmlFor={`${ID}${name}`} className="block text-sm">
                          {t(`admin.${edge}`)}
                        </label>
                        <input
                          id={`${ID}${name}`}
                          name={name}
                          type="time"
                          dir="ltr"
                          defaultValue={values[name]}
                          aria-invalid={errors[name] ? true : undefined}
                          aria-describedby={described(name)}
                          className={inputClass(Boolean(errors[name]))}
                        />
                        <FieldError name={name} errors={errors} />
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={`${ID}closedDates`} className="block font-semibold">
              {t("admin.closedDates")}
            </label>
            <textarea
              id={`${ID}closedDates`}
              name="closedDates"
              rows={4}
              dir="ltr"
              defaultValue={values.closedDates}
              aria-invalid={errors.closedDates ? true : undefined}
              aria-describedby={[`${ID}closedDates-hint`, described("closedDates")].filter(Boolean).join(" ")}
              className={inputClass(Boolean(errors.closedDates))}
            />
            <p id={`${ID}closedDates-hint`} className="mt-1 text-sm text-ink/70">
              {t("admin.closedDatesHint")}
            </p>
            <FieldError name="closedDates" errors={errors} />
          </div>
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
          >
            {t("admin.save")}
          </button>
        </Form>
        <aside className="h-fit rounded-xl bg-sand p-6">
          <h2 className="text-lg font-bold">{t("admin.upcoming")}</h2>
          {loaderData.upcoming.length === 0 ? (
            <p className="mt-3 text-sm">{t("admin.noUpcoming")}</p>
          ) : (
            <ul className="mt-3 space-y-3 text-sm" data-testid="upcoming-calls">
              {loaderData.upcoming.map((call) => (
                <li key={call.id}>
                  <p className="font-semibold">{call.when}</p>
                  <p dir="auto">{call.name}</p>
                  <p dir="auto" className="text-ink/80">
                    {call.topic}
                  </p>
                  {call.leadId !== null ? (
                    <Link
                      to={localize(`/dashboard/admin/leads/${call.leadId}`)}
                      className="text-coral-700 underline"
                    >
                      {t("admin.lead")}
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </>
  );
}
