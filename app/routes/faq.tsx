// /faq: questions and answers, each a native <details> so it works without JavaScript.
import { PageIntro } from "../components/page-intro";
import { useTranslation } from "../i18n/use-translation";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/faq";

export const handle = { i18n: ["pages"] };

export function loader({ request, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  return { meta: page.meta(page.t("pages:faq.title"), page.t("pages:faq.metaDescription")) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function Faq() {
  const { t } = useTranslation("pages");
  const items = t("faq.items", { returnObjects: true }) as { q: string; a: string }[];
  return (
    <>
      <PageIntro width="3xl" title={t("faq.title")} lead={t("faq.lead")} />
      <div className="mx-auto max-w-3xl space-y-3 px-4 py-12">
        {items.map((item) => (
          <details key={item.q} className="group rounded-xl border border-ink/10 p-5 open:bg-sand">
            <summary className="flex items-center justify-between gap-4 font-semibold">
              {item.q}
              <span aria-hidden="true" className="text-coral-600 transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 leading-relaxed text-ink/80">{item.a}</p>
          </details>
        ))}
      </div>
    </>
  );
}
