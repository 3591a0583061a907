// /p/:slug and /ar/p/:slug: a landing page the agency made from blocks (issue 49, item 3), its published
// content in the page's language with its SEO fields per language (`noindex` honoured) and the FAQ's
// JSON-LD. With `?preview=<signed token>` it shows the page's draft instead, marked "preview" and noindex,
// to anyone holding the link until it runs out.
import { data } from "react-router";
import { PageBlocks } from "../components/blocks/page-blocks";
import { getSessionSecret } from "../config.server";
import { getDb } from "../db/context";
import { useTranslation } from "../i18n/use-translation";
import { readPublic } from "../lib/public-reads.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags, withJsonLd } from "../lib/seo";
import { seoIn } from "../pages/json";
import { getPageForEditor, getPublishedPage } from "../pages/pages.server";
import { isBuiltInSlug } from "../pages/policy";
import { verifyPreviewToken } from "../pages/preview-token";
import { faqJsonLd } from "../pages/view";
import { pageView } from "../pages/view.server";
import type { Route } from "./+types/landing-page";

export const handle = { i18n: ["site", "catalog", "reviews"] };

const notFound = () => new Response("Not Found", { status: 404 });

/** The draft a valid preview link opens, with when the link runs out; null without one. */
async function previewed(request: Request, context: Route.LoaderArgs["context"], slug: string) {
  const token = new URL(request.url).searchParams.get("preview");
  if (token === null) return null;
  const until = verifyPreviewToken(getSessionSecret(), slug, token);
  if (!until) throw notFound();
  const page = await getPageForEditor(getDb(context), slug);
  if (!page) throw notFound();
  return { content: page.draft, until };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const preview = await previewed(request, context, params.slug);
  const content = preview
    ? preview.content
    : isBuiltInSlug(params.slug)
      ? null
      : (
          await readPublic(context, "pages", ["page", params.slug], () =>
            getPublishedPage(getDb(context), params.slug),
          )
        )?.content;
  if (!content) throw notFound();
  const view = await pageView(request, context, content, preview !== null);
  const seo = seoIn(content, page.locale);
  const faq = faqJsonLd(view.blocks);
  const meta = page.meta(seo.title, seo.description, seo.socialImage ?? undefined);
  const noindex = seo.noindex || preview !== null;
  return data(
    {
      meta: faq ? withJsonLd(meta, faq) : meta,
      noindex,
      view,
      previewUntil: preview
        ? preview.until.toLocaleString(page.locale, { dateStyle: "long", timeStyle: "short" })
        : null,
    },
    {
      headers: {
        ...(noindex ? { "X-Robots-Tag": "noindex" } : {}),
        // A preview is the draft: never kept by the anonymous cache or a browser's.
        ...(preview ? { "Cache-Control": "private, no-store" } : {}),
      },
    },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...metaTags(loaderData?.meta),
  ...(loaderData?.noindex ? [{ name: "robots", content: "noindex" }] : []),
];

export default function LandingPage({ loaderData }: Route.ComponentProps) {
  const { view, previewUntil } = loaderData;
  const hasHero = view.blocks[0]?.type === "hero";
  return (
    <>
      {previewUntil ? <PreviewBanner until={previewUntil} /> : null}
      {hasHero ? null : (
        <div className="mx-auto max-w-7xl px-4 pt-12">
          <h1 className="text-3xl font-bold sm:text-4xl" dir="auto">
            {view.title}
          </h1>
        </div>
      )}
      <PageBlocks blocks={view.blocks} />
    </>
  );
}

function PreviewBanner({ until }: { until: string }) {
  const { t } = useTranslation("site");
  return (
    <p
      role="status"
      className="bg-amber-100 px-4 py-3 text-center font-semibold text-ink"
      data-testid="preview-banner"
    >
      {t("blocks.preview", { until })}
    </p>
  );
}
