// /about_us and /about (the footer's link, SPEC §2): one page, the agency's story, work and values, with
// /about_us as its canonical URL.
import { type ArticleSection, ArticleSections } from "../components/article-sections";
import { PageIntro } from "../components/page-intro";
import { useTranslation } from "../i18n/use-translation";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/about-us";

export const handle = { i18n: ["pages"] };

export function loader({ request, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  return {
    meta: page.meta(
      page.t("pages:about_us.title"),
      page.t("pages:about_us.metaDescription"),
      undefined,
      "/about_us",
    ),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AboutUs() {
  const { t } = useTranslation("pages");
  return (
    <>
      <PageIntro title={t("about_us.title")} lead={t("about_us.lead")} />
      <ArticleSections sections={t("about_us.sections", { returnObjects: true }) as ArticleSection[]} />
    </>
  );
}
