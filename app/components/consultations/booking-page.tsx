// One booking's page: the call, its calendar invite, and the plain forms that move or cancel it.
import { Form, Link, useNavigation } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/consultation-booking";
import { Fact } from "../fact";
import { PageIntro } from "../page-intro";
import { SlotPicker } from "./slot-picker";

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

const buttonClass =
  "rounded-md bg-coral-600 px-5 py-2 font-semibold text-white hover:bg-coral-700 disabled:opacity-60";

export function BookingPage({ loaderData, actionData }: { loaderData: LoaderData; actionData: ActionData }) {
  const { t } = useTranslation("consultations");
  const localize = useLocalizePath();
  const busy = useNavigation().state === "submitting";
  const { booking, days, timeZone, locale } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  if (!booking) {
    return (
      <>
        <PageIntro title={t("booking.title")} />
        <div className="mx-auto max-w-2xl px-4 py-12">
          <p role="alert">{t("errors.notFound")}</p>
          <Link
            to={localize("/consultation")}
            className="mt-4 inline-block font-semibold text-coral-700 underline"
          >
            {t("booking.bookAgain")}
          </Link>
        </div>
      </>
    );
  }
  return (
    <>
      <PageIntro title={t("booking.title")} />
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12" data-testid="consultation-booking">
        {actionData?.formError ? (
          <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-700">
            {actionData.formError}
          </p>
        ) : null}
        <dl className="grid gap-4 sm:grid-cols-2">
          <Fact label={t("booking.when")}>
            <span data-testid="booking-when">{booking.when}</span>
          </Fact>
          <Fact label={t("booking.zone")}>
            <span dir="ltr">{booking.timeZone}</span>
          </Fact>
          <Fact label={t("booking.topic")}>
            <span dir="auto">{booking.topic}</span>
          </Fact>
          <Fact label={t("booking.status")}>
            <span data-testid="booking-status" data-status={booking.status}>
              {t(`booking.statuses.${booking.status}`)}
            </span>
          </Fact>
        </dl>
        {booking.status === "cancelled" ? (
          <div>
            <p>{t("booking.cancelledNotice")}</p>
            <Link
              to={localize("/consultation")}
              className="mt-4 inline-block font-semibold text-coral-700 underline"
            >
              {t("booking.bookAgain")}
            </Link>
          </div>
        ) : (
          <a
            href={booking.inviteUrl}
            className="inline-block font-semibold text-coral-700 underline"
            data-testid="booking-invite"
          >
            {t("booking.invite")}
          </a>
        )}
        {booking.changeable ? (
          <>
            <section aria-labelledby="booking-move" className="space-y-4">
              <h2 id="booking-move" className="text-xl font-bold">
                {t("booking.moveHeading")}
              </h2>
              <p className="text-sm text-ink/80">{t("booking.moveHint")}</p>
              <Form method="post" className="space-y-4">
                <input type="hidden" name="intent" value="move" />
                <SlotPicker
                  days={days}
                  timeZone={timeZone}
                  locale={locale}
                  idPrefix="booking-"
                  error={errors.start}
                />
                <button type="submit" disabled={busy} className={buttonClass}>
                  {t("booking.move")}
                </button>
              </Form>
            </section>
            <section aria-labelledby="booking-cancel" className="space-y-4">
              <h2 id="booking-cancel" className="text-xl font-bold">
                {t("booking.cancelHeading")}
              </h2>
              <p className="text-sm text-ink/80">{t("booking.cancelHint")}</p>
              <Form method="post">
                <input type="hidden" name="intent" value="cancel" />
                <button
                  type="submit"
                  disabled={busy}
                  className="rounded-md border border-red-700 px-5 py-2 font-semibold text-red-700 hover:bg-red-50"
                  data-testid="booking-cancel"
                >
                  {t("booking.cancel")}
                </button>
              </Form>
            </section>
          </>
        ) : null}
      </div>
    </>
  );
}
