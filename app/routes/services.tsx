// /services: what the agency does and how a project runs.
import { Link, useLocation } from "react-router";
import { PageIntro } from "../components/page-intro";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/services";

export const handle = { i18n: ["pages", "home", "leads"] };

export function loader({ request, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  return { meta: page.meta(page.t("pages:services.title"), page.t("pages:services.metaDescription")) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

type Service = { icon: string; title: string; body: string; points: string[] };
type Step = { title: string; body: string };

const ICONS: Record<string, string> = {
  strategy: "M12 3v18M3 12h18M5 5l14 14",
  social: "M7 8h10M7 12h6m-9 8 3-3h11a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v15z",
  content: "M4 4h16v16H4zM8 8h8M8 12h8M8 16h5",
  ads: "M3 11v2l12 5V6L3 11zm12-5 5-2v16l-5-2",
  seo: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm10 17-5-5",
  web: "M3 5h18v14H3zM3 9h18M7 7h.01",
};

/**
 * The service enquiry's address: the contact page naming the service (issue 48). A campaign's parameters on
 * this page travel along, so a visitor without JavaScript keeps their attribution to the form.
 */
function enquiryPath(key: string, search: string): string {
  const params = new URLSearchParams({ service: key });
  for (const [name, value] of new URLSearchParams(search)) {
    if (name.startsWith("utm_")) params.append(name, value);
  }
  return `/contact?${params}`;
}

export default function Services() {
  const { t } = useTranslation(["pages", "home", "leads"]);
  const localize = useLocalizePath();
  const { search } = useLocation();
  const items = t("pages:services.items", { returnObjects: true }) as Service[];
  const steps = t("pages:services.process.steps", { returnObjects: true }) as Step[];
  return (
    <>
      <PageIntro title={t("pages:services.title")} lead={t("pages:services.lead")} />
      <div className="mx-auto max-w-7xl px-4 py-12">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {items.map((service) => (
            <li key={service.icon} className="rounded-xl border border-ink/10 p-6">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-9 rounded-lg bg-coral-100 fill-none stroke-coral-700 stroke-2 p-1.5"
              >
                <path d={ICONS[service.icon] ?? ICONS.strategy} />
              </svg>
              <h2 className="mt-4 text-xl font-bold">{service.title}</h2>
              <p className="mt-2 text-ink/75">{service.body}</p>
              <ul className="mt-4 space-y-1 text-sm">
                {service.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <span aria-hidden="true" className="text-coral-600">
                      ✓
                    </span>
                    {point}
                  </li>
                ))}
              </ul>
              <Link
                to={localize(enquiryPath(service.icon, search))}
                className="mt-4 inline-block font-semibold text-coral-700 underline underline-offset-4 hover:text-coral-800"
              >
                {t("leads:enquiry.ask")}
                <span className="sr-only">: {service.title}</span>
              </Link>
            </li>
          ))}
        </ul>
        <section className="mt-16" aria-labelledby="process-heading">
          <h2 id="process-heading" className="text-2xl font-bold sm:text-3xl">
            {t("pages:services.process.heading")}
          </h2>
          <ol className="mt-6 grid gap-6 md:grid-cols-4">
            {steps.map((step, index) => (
              <li key={step.title} className="rounded-xl bg-sand p-5">
                <span className="text-3xl font-bold text-coral-500">{index + 1}</span>
                <h3 className="mt-2 font-semibold">{step.title}</h3>
                <p className="mt-1 text-sm text-ink/75">{step.body}</p>
              </li>
            ))}
          </ol>
        </section>
        <div className="mt-16 text-center">
          <Link
            to={localize("/contact")}
            className="inline-block rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700"
          >
            {t("home:cta.button")}
          </Link>
        </div>
      </div>
    </>
  );
}
