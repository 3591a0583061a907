// One lead's page (issue 48): the person and their first visit, the follow-up form (status, owner, date),
// a note, a reply by mail, and the whole history. Every form is a plain POST; JavaScript only adds its own
// navigation. User content (names, messages, notes, campaigns) is shown dir="auto".
import { Form, Link, useNavigation } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/admin-lead";
import { Fact } from "../fact";
import { PageIntro } from "../page-intro";

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

const fieldClass = "mt-1 block w-full rounded-md border border-ink/20 px-3 py-2";
const buttonClass =
  "rounded-md bg-coral-600 px-5 py-2 font-semibold text-white hover:bg-coral-700 disabled:opacity-60";

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700" data-field-error>
      {message}
    </p>
  );
}

/** A booked call's start as stored in the history: its date and UTC time, the same on every screen. */
const formatBookingTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export function LeadPage({ loaderData, actionData }: { loaderData: LoaderData; actionData: ActionData }) {
  const { t } = useTranslation("leads");
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { lead, history } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  const attribution = [
    ["utmSource", lead.attribution.utmSource],
    ["utmMedium", lead.attribution.utmMedium],
    ["utmCampaign", lead.attribution.utmCampaign],
    ["utmTerm", lead.attribution.utmTerm],
    ["utmContent", lead.attribution.utmContent],
    ["referrer", lead.attribution.referrer],
    ["landingPath", lead.attribution.landingPath],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));
  const actor = (name: string | null) => name ?? t("lead.events.someone");
  const sentence = (event: LoaderData["history"][number]) => {
    switch (event.kind) {
      case "message":
        return t("lead.events.message", { name: lead.name });
      case "status":
        return t("lead.events.status", {
          actor: actor(event.actorName),
          from: t(`statuses.${event.data.from ?? "new"}`),
          to: t(`statuses.${event.data.to ?? "new"}`),
        });
      case "note":
        return t("lead.events.note", { actor: actor(event.actorName) });
      case "reply":
        return t("lead.events.reply", { actor: actor(event.actorName), subject: event.data.subject ?? "" });
      case "booking":
        return t(`lead.events.booking_${event.data.booking ?? "booked"}`, {
          name: lead.name,
          date: event.data.start ? formatBookingTime(event.data.start) : "",
        });
      case "newsletter":
        return event.data.to === "unsubscribed"
          ? t("lead.events.newsletter_unsubscribed")
          : t("lead.events.newsletter_confirmed");
      case "owner":
        return event.data.ownerName
          ? t("lead.events.owner", { actor: actor(event.actorName), owner: event.data.ownerName })
          : t("lead.events.ownerCleared", { actor: actor(event.actorName) });
      default:
        return event.data.followUpAt
          ? t("lead.events.follow_up", {
              actor: actor(event.actorName),
              date: event.data.followUpAt.slice(0, 10),
            })
          : t("lead.events.followUpCleared", { actor: actor(event.actorName) });
    }
  };
  return (
    <>
      <PageIntro title={t("lead.title", { name: lead.name })} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 *:min-w-0 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-10">
          <p>
            <Link to={localize("/dashboard/admin/leads")} className="font-semibold text-coral-700 underline">
              {t("lead.back")}
            </Link>
          </p>
          <section aria-labelledby="lead-details-heading">
            <h2 id="lead-details-heading" className="text-xl font-bold">
              {t("lead.details")}
            </h2>
            <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              <Fact label={t("lead.email")} ltr>
                {lead.email}
              </Fact>
              {lead.phone ? (
                <Fact label={t("lead.phone")} ltr>
                  {lead.phone}
                </Fact>
              ) : null}
              {lead.company ? (
                <Fact label={t("lead.company")}>
                  <bdi>{lead.company}</bdi>
                </Fact>
              ) : null}
              <Fact label={t("lead.locale")}>{lead.locale === "ar" ? "العربية" : "English"}</Fact>
              <Fact label={t("lead.source")}>{t(`sources.${lead.source}`)}</Fact>
              {lead.service ? <Fact label={t("lead.service")}>{lead.service}</Fact> : null}
              <Fact label={t("inbox.received")}>{lead.received}</Fact>
            </dl>
          </section>
          <section aria-labelledby="lead-attribution-heading">
            <h2 id="lead-attribution-heading" className="text-xl font-bold">
              {t("lead.attribution")}
            </h2>
            {attribution.length === 0 ? (
              <p className="mt-2 text-ink/80">{t("lead.noAttribution")}</p>
            ) : (
              <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="lead-attribution">
                {attribution.map(([key, value]) => (
                  <Fact key={key} label={t(`lead.${key}`)}>
                    <bdi dir="ltr" className="break-all">
                      {value}
                    </bdi>
                  </Fact>
                ))}
              </dl>
            )}
          </section>
          <section aria-labelledby="lead-history-heading">
            <h2 id="lead-history-heading" className="text-xl font-bold">
              {t("lead.history")}
            </h2>
            <ol className="mt-4 space-y-4" data-testid="lead-history">
              {history.map((event) => (
                <li key={event.id} className="rounded-lg border border-ink/15 p-4" data-kind={event.kind}>
                  <p className="text-sm text-ink/80">
                    <span className="font-semibold text-ink" dir="auto">
                      {sentence(event)}
                    </span>{" "}
                    · <time dateTime={event.at}>{event.when}</time>
                  </p>
                  {event.kind === "message" && event.data.subject ? (
                    <p className="mt-2 font-semibold" dir="auto">
                      {t("lead.subject", { subject: event.data.subject })}
                    </p>
                  ) : null}
                  {event.body ? (
                    <p className="mt-2 whitespace-pre-line" dir="auto">
                      {event.body}
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        </div>
        <aside className="space-y-8">
          <section aria-labelledby="lead-manage-heading" className="rounded-xl bg-sand p-5">
            <h2 id="lead-manage-heading" className="text-lg font-bold">
              {t("lead.manage")}
            </h2>
            <Form method="post" className="mt-4 space-y-4" data-testid="lead-update">
              <input type="hidden" name="intent" value="update" />
              <div>
                <label htmlFor="lead-status" className="block text-sm font-semibold">
                  {t("lead.status")}
                </label>
                <select id="lead-status" name="status" defaultValue={lead.status} className={fieldClass}>
                  {loaderData.statuses.map((status) => (
                    <option key={status} value={status}>
                      {t(`statuses.${status}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="lead-owner" className="block text-sm font-semibold">
                  {t("lead.owner")}
                </label>
                <select id="lead-owner" name="ownerId" defaultValue={lead.ownerId} className={fieldClass}>
                  <option value="">{t("inbox.noOwner")}</option>
                  {loaderData.owners.map((owner) => (
                    <option key={owner.id} value={owner.id}>
                      {owner.name}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="lead-follow-up" className="block text-sm font-semibold">
                  {t("lead.followUpAt")}
                </label>
                <input
                  id="lead-follow-up"
                  name="followUpAt"
                  type="date"
                  defaultValue={lead.followUpDate}
                  aria-invalid={errors.followUpAt ? true : undefined}
                  aria-describedby={errors.followUpAt ? "lead-follow-up-error" : undefined}
                  className={fieldClass}
                />
                <FieldError id="lead-follow-up-error" message={errors.followUpAt} />
              </div>
              <button type="submit" disabled={busy} className={buttonClass}>
                {t("lead.save")}
              </button>
            </Form>
          </section>
          <section aria-labelledby="lead-reply-heading">
            <h2 id="lead-reply-heading" className="text-lg font-bold">
              {t("lead.reply")}
            </h2>
            <p className="mt-1 text-sm text-ink/80">{t("lead.replyHint", { email: lead.email })}</p>
            <Form method="post" className="mt-4 space-y-4" data-testid="lead-reply">
              <input type="hidden" name="intent" value="reply" />
              <div>
                <label htmlFor="lead-reply-subject" className="block text-sm font-semibold">
                  {t("lead.replySubject")}
                </label>
                <input
                  id="lead-reply-subject"
                  name="subject"
                  maxLength={150}
                  dir="auto"
                  defaultValue={values.intent === "reply" ? values.subject : t("lead.replySubjectDefault")}
                  aria-invalid={errors.subject ? true : undefined}
                  aria-describedby={errors.subject ? "lead-reply-subject-error" : undefined}
                  className={fieldClass}
                />
                <FieldError id="lead-reply-subject-error" message={errors.subject} />
              </div>
              <div>
                <label htmlFor="lead-reply-body" className="block text-sm font-semibold">
                  {t("lead.replyBody")}
                </label>
                <textarea
                  id="lead-reply-body"
                  name="body"
                  rows={6}
                  maxLength={5000}
                  dir="auto"
                  defaultValue={values.intent === "reply" ? values.body : undefined}
                  aria-invalid={errors.body && values.intent === "reply" ? true : undefined}
                  aria-describedby={
                    errors.body && values.intent === "reply" ? "lead-reply-body-error" : undefined
                  }
                  className={fieldClass}
                />
                <FieldError
                  id="lead-reply-body-error"
                  message={values.intent === "reply" ? errors.body : undefined}
                />
              </div>
              <button type="submit" disabled={busy} className={buttonClass}>
                {t("lead.replySend")}
              </button>
            </Form>
          </section>
          <section aria-labelledby="lead-note-heading">
            <h2 id="lead-note-heading" className="text-lg font-bold">
              {t("lead.note")}
            </h2>
            <Form method="post" className="mt-4 space-y-4" data-testid="lead-note">
              <input type="hidden" name="intent" value="note" />
              <div>
                <label htmlFor="lead-note-body" className="block text-sm font-semibold">
                  {t("lead.noteLabel")}
                </label>
                <textarea
                  id="lead-note-body"
                  name="body"
                  rows={3}
                  maxLength={5000}
                  dir="auto"
                  defaultValue={values.intent === "note" ? values.body : undefined}
                  aria-invalid={errors.body && values.intent === "note" ? true : undefined}
                  aria-describedby={
                    errors.body && values.intent === "note" ? "lead-note-body-error" : undefined
                  }
                  className={fieldClass}
                />
                <FieldError
                  id="lead-note-body-error"
                  message={values.intent === "note" ? errors.body : undefined}
                />
              </div>
              <button type="submit" disabled={busy} className={buttonClass}>
                {t("lead.noteAdd")}
              </button>
            </Form>
          </section>
        </aside>
      </div>
    </>
  );
}
