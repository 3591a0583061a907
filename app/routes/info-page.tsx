// /help, /safety, /privacy and /terms: one template, content from the `pages` translations.
import { useMatches } from "react-router";
import { type ArticleSection, ArticleSections } from "../components/article-sections";
import { PageIntro } from "../components/page-intro";
import { useTranslation } from "../i18n/use-translation";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/info-page";

export const handle = { i18n: ["pages"] };

const PAGES = ["help", "safety", "privacy", "terms"] as const;
type InfoPage = (typeof PAGES)[number];

/** The route id is `info-<page>` (see app/routes.ts). */
function pageFromRouteId(id: string): InfoPage {
  const page = id.replace(/^info-/, "");
  return (PAGES as readonly string[]).includes(page) ? (page as InfoPage) : "help";
}

export function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const last = url.pathname.split("/").pop() ?? "";
  const key = pageFromRouteId(`info-${last}`);
  return { meta: page.meta(page.t(`pages:${key}.title`), page.t(`pages:${key}.metaDescription`)) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function InfoPageView() {
  const { t } = useTranslation("pages");
  const matches = useMatches();
  const key = pageFromRouteId(matches[matches.length - 1]?.id ?? "");
  return (
    <>
      <PageIntro title={t(`${key}.title`)} lead={t(`${key}.lead`)} />
      <ArticleSections sections={t(`${key}.sections`, { returnObjects: true }) as ArticleSection[]} />
    </>
  );
}
