// /cart: the guest's cart. Adding, removing and checkout arrive with the commerce issue; until then it is empty.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageIntro } from "../components/page-intro";
import { useLocalizePath } from "../i18n/use-locale";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/cart";

export function loader({ request, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  return { meta: page.meta(page.t("cart.title"), page.t("cart.meta")) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function Cart() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <>
      <PageIntro title={t("cart.title")} />
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <p className="text-xl font-semibold">{t("cart.empty")}</p>
        <p className="mt-2 text-ink/70">{t("cart.emptyHint")}</p>
        <Link
          to={localize("/courses")}
          className="mt-6 inline-block rounded-md bg-coral-500 px-6 py-3 font-semibold text-white"
        >
          {t("cart.browse")}
        </Link>
      </div>
    </>
  );
}
