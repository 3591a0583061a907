// The account page's email choices per notification type (issue 35): a plain form, one select per type.
import { Form } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import {
  NOTIFICATION_DELIVERIES,
  type NotificationDelivery,
  type NotificationType,
} from "../../notifications/types";

export function NotificationPreferencesSection({
  preferences,
}: {
  preferences: Record<NotificationType, NotificationDelivery>;
}) {
  const { t } = useTranslation("notifications");
  return (
    <section className="mx-auto max-w-2xl px-4 pb-12" aria-labelledby="notification-preferences-heading">
      <h2 id="notification-preferences-heading" className="text-2xl font-bold">
        {t("preferences.title")}
      </h2>
      <p className="mt-2 text-ink/80">{t("preferences.intro")}</p>
      <Form method="post" className="mt-6 space-y-4" data-testid="notification-preferences">
        <input type="hidden" name="intent" value="notifications" />
        {(Object.keys(preferences) as NotificationType[]).map((type) => (
          <div key={type} className="flex flex-wrap items-center justify-between gap-2">
            <label htmlFor={`notify-${type}`} className="font-semibold">
              {t(`types.${type}`)}
            </label>
            <select
              id={`notify-${type}`}
              name={type}
              defaultValue={preferences[type]}
              className="rounded-md border border-ink/20 bg-white px-3 py-2"
            >
              {NOTIFICATION_DELIVERIES.map((delivery) => (
                <option key={delivery} value={delivery}>
                  {t(`deliveries.${delivery}`)}
                </option>
              ))}
            </select>
          </div>
        ))}
        <button
          type="submit"
          className="rounded-md bg-coral-700 px-5 py-2.5 font-semibold text-white hover:bg-coral-800"
        >
          {t("preferences.save")}
        </button>
      </Form>
    </section>
  );
}
