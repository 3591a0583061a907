// /contact: a plain form that works without JavaScript; errors come back localized with the typed values.

import { data, Form, useLocation, useNavigation } from "react-router";
import { ErrorSummary, fieldErrorLinks } from "../components/error-summary";
import { Honeypot } from "../components/honeypot";
import { PageIntro } from "../components/page-intro";
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { localizePath } from "../i18n/languages";
import { useTranslation } from "../i18n/use-translation";
import { attributionFromCookieHeader, firstTouch, readAttribution, UTM_FIELDS } from "../leads/attribution";
import { ContactForm } from "../leads/inputs";
import { contactEnquiry, submitEnquiry } from "../leads/leads.server";
import { isServiceKey } from "../leads/policy";
import { clientAddress } from "../lib/client-address";
import { parseForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { siteView } from "../site/settings";
import { readSiteSettings } from "../site/settings.server";
import type { Route } from "./+types/contact";

export const handle = { i18n: ["contact", "leads", "pages"] };

type ServiceItem = { icon: string; title: string };

/**
 * `?service=<key>` makes the form a service enquiry naming it. The page's own campaign parameters and
 * address go into hidden fields: without JavaScript they are the attribution (with it, the first page's
 * cookie wins). Everything here depends on the address alone, so the anonymous cache may keep the page.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const { settings } = await readSiteSettings(context);
  const key = url.searchParams.get("service");
  const services = page.t("pages:services.items", { returnObjects: true }) as unknown as ServiceItem[];
  const named = isServiceKey(key) ? services.find((item) => item.icon === key) : undefined;
  const attribution: Record<string, string> = {};
  for (const field of UTM_FIELDS) {
    const value = url.searchParams.get(field);
    if (value) attribution[field] = value.slice(0, 200);
  }
  attribution.landing = `${url.pathname}${url.search}`.slice(0, 500);
  return {
    meta: page.meta(page.t("contact:title"), page.t("contact:metaDescription")),
    service: named ? { key: named.icon, title: named.title } : null,
    attribution,
    site: siteView(settings, page.locale),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request, context);
  const t = getI18n(context).getFixedT(locale, "contact");
  const form = await parseForm(request, ContactForm, t);
  if (!form.ok) {
    return data({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  }
  const { service, website, ...fields } = form.data;
  const outcome = await submitEnquiry(
    getDb(context),
    contactEnquiry({ ...fields, serviceKey: service }, locale),
    {
      clientAddress: clientAddress(context),
      spam: Boolean(website?.trim()),
      attribution: firstTouch(
        attributionFromCookieHeader(request.headers.get("cookie")),
        readAttribution(fields),
      ),
    },
  );
  if (!outcome.ok) {
    if (outcome.reason === "course_not_found") throw new Error("a contact message names no course");
    const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
    return data(
      { fieldErrors: {}, values: form.data, formError: t("errors.rateLimited", { count: minutes }) },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  // Post/Redirect/Get: a reload cannot send the message twice.
  return toasts().redirectWithSuccess(
    localizePath(service ? `/contact?service=${service}` : "/contact", locale),
    t("sent"),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

const FIELDS = [
  { name: "name", type: "text", autoComplete: "name", maxLength: 100, optional: false },
  { name: "email", type: "email", autoComplete: "email", maxLength: 254, optional: false },
  { name: "phone", type: "tel", autoComplete: "tel", maxLength: 40, optional: true },
  { name: "company", type: "text", autoComplete: "organization", maxLength: 150, optional: true },
  { name: "subject", type: "text", autoComplete: "off", maxLength: 150, optional: false },
] as const;

export default function Contact({ actionData, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["contact", "leads"]);
  const { service, attribution, site } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const sending = navigation.state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = {
    subject: service ? t("leads:enquiry.subject", { service: service.title }) : undefined,
    ...actionData?.values,
  };

  const inputClass = (field: string) =>
    `mt-1 block w-full rounded-md border px-3 py-2 ${errors[field] ? "border-red-600" : "border-ink/20"} focus:border-coral-500`;

  return (
    <>
      <PageIntro
        title={service ? t("leads:enquiry.title", { service: service.title }) : t("title")}
        lead={service ? t("leads:enquiry.lead", { service: service.title }) : t("lead")}
      />
      <div className="mx-auto grid *:min-w-0 max-w-7xl gap-12 px-4 py-12 lg:grid-cols-[1fr_20rem]">
        {/* noValidate: the server's localized messages are the ones people see, with or without JavaScript. */}
        <Form
          // A new location after the redirect remounts the form, so a sent message leaves it empty with JS too.
          key={location.key}
          method="post"
          noValidate
          className="space-y-5"
          aria-describedby={actionData ? "contact-form-error" : undefined}
        >
          {actionData ? (
            <ErrorSummary
              id="contact-form-error"
              answer={actionData}
              message={"formError" in actionData ? actionData.formError : t("failed")}
              fields={fieldErrorLinks(errors, "contact-", [
                "name",
                "email",
                "phone",
                "company",
                "subject",
                "message",
              ])}
            />
          ) : null}
          {service ? <input type="hidden" name="service" value={service.key} /> : null}
          {Object.entries(attribution).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {FIELDS.map((field) => (
            <div key={field.name}>
              <label htmlFor={`contact-${field.name}`} className="block font-semibold">
                {field.optional ? t(`leads:fields.${field.name}`) : t(`fields.${field.name}`)}
                {field.optional ? (
                  <span className="ms-1 text-sm font-normal text-ink/70">{t("leads:fields.optional")}</span>
                ) : null}
              </label>
              <input
                id={`contact-${field.name}`}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                maxLength={field.maxLength}
                placeholder={field.optional ? undefined : t(`placeholders.${field.name}`)}
                defaultValue={values[field.name]}
                aria-invalid={errors[field.name] ? true : undefined}
                aria-describedby={errors[field.name] ? `contact-${field.name}-error` : undefined}
                dir={field.name === "email" || field.name === "phone" ? "ltr" : undefined}
                className={inputClass(field.name)}
              />
              {errors[field.name] ? (
                <p
                  id={`contact-${field.name}-error`}
                  className="mt-1 text-sm text-red-700"
                  data-field-error={field.name}
                >
                  {errors[field.name]}
                </p>
              ) : null}
            </div>
          ))}
          <div>
            <label htmlFor="contact-message" className="block font-semibold">
              {t("fields.message")}
            </label>
            <textarea
              id="contact-message"
              name="message"
              rows={6}
              maxLength={5000}
              placeholder={t("placeholders.message")}
              defaultValue={values.message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? "contact-message-error" : undefined}
              className={inputClass("message")}
            />
            {errors.message ? (
              <p id="contact-message-error" className="mt-1 text-sm text-red-700" data-field-error="message">
                {errors.message}
              </p>
            ) : null}
          </div>
          <Honeypot id="contact-website" label={t("fields.website")} />
          <button
            type="submit"
            disabled={sending}
            className="rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
          >
            {sending ? t("sending") : t("submit")}
          </button>
        </Form>
        <aside className="h-fit rounded-xl bg-sand p-6">
          <h2 className="text-lg font-bold">{t("details.heading")}</h2>
          <dl className="mt-4 space-y-4 text-sm" data-testid="contact-details">
            {site.email ? (
              <div>
                <dt className="font-semibold">{t("details.emailLabel")}</dt>
                <dd>
                  <a href={`mailto:${site.email}`} className="underline hover:text-coral-700">
                    <bdi dir="ltr">{site.email}</bdi>
                  </a>
                </dd>
              </div>
            ) : null}
            {site.phone ? (
              <div>
                <dt className="font-semibold">{t("details.phoneLabel")}</dt>
                <dd>
                  <a href={`tel:${site.phone.e164}`} className="underline hover:text-coral-700">
                    <bdi dir="ltr">{site.phone.display}</bdi>
                  </a>
                </dd>
              </div>
            ) : null}
            {site.whatsapp ? (
              <div>
                <dt className="font-semibold">{t("details.whatsappLabel")}</dt>
                <dd>
                  <a href={site.whatsapp.href} className="underline hover:text-coral-700">
                    <bdi dir="ltr">{site.whatsapp.display}</bdi>
                  </a>
                </dd>
              </div>
            ) : null}
            {site.hours ? (
              <div>
                <dt className="font-semibold">{t("details.hoursLabel")}</dt>
                <dd dir="auto">{site.hours}</dd>
              </div>
            ) : null}
            {site.address ? (
              <div>
                <dt className="font-semibold">{t("details.locationLabel")}</dt>
                <dd dir="auto">{site.address}</dd>
              </div>
            ) : null}
          </dl>
        </aside>
      </div>
    </>
  );
}
