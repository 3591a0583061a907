// /portfolio/:id: one case study — problem, strategy, result and its gallery. Drafts open only for admins
// (404 for everybody else), with a banner saying the public cannot see them yet.
import { Link } from "react-router";
import { getUser } from "../auth/guards.server";
import { getCaseStudy, textOfHtml } from "../content/portfolio.server";
import { getDb } from "../db/context";
import { caseStudyEditorPath } from "../editorial/paths";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/portfolio-item";

export const handle = { i18n: ["catalog", "editorial"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const page = pageContext(request, context);
  const item = id ? await getCaseStudy(getDb(context), page.locale, id, getUser(context)) : null;
  if (!item) throw new Response("Not Found", { status: 404 });
  return {
    meta: page.meta(item.title, textOfHtml(item.problemHtml, 160), item.images[0]?.url),
    item,
    editPath: item.canEdit ? caseStudyEditorPath(item.id) : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function PortfolioItem({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["catalog", "editorial"]);
  const localize = useLocalizePath();
  const { item, editPath } = loaderData;
  const sections = [
    { key: "problem", heading: t("catalog:portfolio.problem"), html: item.problemHtml },
    { key: "strategy", heading: t("catalog:portfolio.strategy"), html: item.strategyHtml },
    { key: "result", heading: t("catalog:portfolio.result"), html: item.resultHtml },
  ];
  return (
    <article className="mx-auto max-w-5xl px-4 py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={localize("/portfolio")} className="text-sm font-semibold text-coral-700 hover:underline">
          {t("catalog:portfolio.back")}
        </Link>
        {editPath ? (
          <Link
            to={localize(editPath)}
            className="text-sm font-semibold text-coral-700 hover:underline"
            data-testid="edit-case-study"
          >
            {t("editorial:public.edit")}
          </Link>
        ) : null}
      </div>
      {item.isPublic ? null : (
        <p
          role="status"
          className="mt-4 rounded-md bg-amber-100 px-4 py-3 text-sm font-semibold"
          data-testid="not-public"
        >
          {t(`editorial:public.notPublic.${item.status}`)}
        </p>
      )}
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl" dir="auto">
        {item.title}
      </h1>
      <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 text-sm">
        <div className="flex gap-2">
          <dt className="text-ink/70">{t("catalog:portfolio.client")}</dt>
          <dd className="font-semibold">{item.clientName}</dd>
        </div>
        {item.sector ? (
          <div className="flex gap-2">
            <dt className="text-ink/70">{t("catalog:portfolio.sector")}</dt>
            <dd className="font-semibold">{item.sector}</dd>
          </div>
        ) : null}
      </dl>
      {item.images.length > 0 ? (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2" data-testid="gallery">
          {item.images.map((image, index) => (
            <li key={image.url}>
              <img
                src={image.url}
                alt={image.alt ?? t("catalog:portfolio.imageAlt", { title: item.title, index: index + 1 })}
                width="800"
                height="600"
                className="aspect-[4/3] w-full rounded-xl object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {sections.map((section) => (
          <section key={section.key} className="rounded-xl border border-ink/10 p-6">
            <h2 className="text-lg font-bold text-coral-700">{section.heading}</h2>
            <div
              className="rich-text mt-3 leading-relaxed text-ink/80"
              data-testid={`case-${section.key}`}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with an allowlist when saved (markdown.server.ts).
              dangerouslySetInnerHTML={{ __html: section.html }}
            />
          </section>
        ))}
      </div>
    </article>
  );
}
