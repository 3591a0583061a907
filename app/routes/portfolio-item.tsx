// /portfolio/:id: one case study — problem, strategy, result and images.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { getCaseStudy } from "../content/portfolio.server";
import { useLocalizePath } from "../i18n/use-locale";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { getDb } from "../middleware/database.server";
import type { Route } from "./+types/portfolio-item";

export const handle = { i18n: ["catalog"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const page = pageContext(request, context);
  const item = id ? await getCaseStudy(getDb(context), page.locale, id) : null;
  if (!item) throw new Response("Not Found", { status: 404 });
  return { meta: page.meta(item.title, item.problem.slice(0, 160), item.images[0]), item };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function PortfolioItem({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("catalog");
  const localize = useLocalizePath();
  const { item } = loaderData;
  const sections = [
    { key: "problem", heading: t("portfolio.problem"), body: item.problem },
    { key: "strategy", heading: t("portfolio.strategy"), body: item.strategy },
    { key: "result", heading: t("portfolio.result"), body: item.result },
  ];
  return (
    <article className="mx-auto max-w-5xl px-4 py-12">
      <Link to={localize("/portfolio")} className="text-sm font-semibold text-coral-700 hover:underline">
        {t("portfolio.back")}
      </Link>
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{item.title}</h1>
      <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 text-sm">
        <div className="flex gap-2">
          <dt className="text-ink/70">{t("portfolio.client")}</dt>
          <dd className="font-semibold">{item.clientName}</dd>
        </div>
        {item.sector ? (
          <div className="flex gap-2">
            <dt className="text-ink/70">{t("portfolio.sector")}</dt>
            <dd className="font-semibold">{item.sector}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        {item.images.map((image, index) => (
          <img
            key={image}
            src={image}
            alt={t("portfolio.imageAlt", { title: item.title, index: index + 1 })}
            width="800"
            height="600"
            className="aspect-[4/3] w-full rounded-xl object-cover"
          />
        ))}
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {sections.map((section) => (
          <section key={section.key} className="rounded-xl border border-ink/10 p-6">
            <h2 className="text-lg font-bold text-coral-700">{section.heading}</h2>
            <p className="mt-3 leading-relaxed text-ink/80">{section.body}</p>
          </section>
        ))}
      </div>
    </article>
  );
}
