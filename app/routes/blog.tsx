// /blog: articles, newest first, 10 per page.
import { BlogCard } from "../components/cards";
import { NewsletterForm } from "../components/leads/newsletter-form";
import { PageIntro } from "../components/page-intro";
import { Pagination } from "../components/pagination";
import { listBlogPosts } from "../content/blog.server";
import { getDb } from "../db/context";
import { FEED_PATH } from "../editorial/paths";
import { localizePath } from "../i18n/languages";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { readPublic } from "../lib/public-reads.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/blog";

export const handle = { i18n: ["catalog", "editorial"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const pageNumber = parsePage(url);
  const query = { limit: PAGE_SIZE, offset: (pageNumber - 1) * PAGE_SIZE };
  const { items, total } = await readPublic(context, "editorial", ["posts", page.locale, query], () =>
    listBlogPosts(getDb(context), page.locale, query),
  );
  return {
    meta: page.listMeta(page.t("catalog:blog.title"), page.t("catalog:blog.metaDescription"), pageNumber),
    posts: items.map((post) => ({ ...post, dateLabel: page.date(post.publishedAt) })),
    page: pageNumber,
    pageCount: Math.ceil(total / PAGE_SIZE),
    feed: { href: localizePath(FEED_PATH, page.locale), title: page.t("editorial:feed.title") },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...metaTags(loaderData?.meta),
  ...(loaderData
    ? [
        {
          tagName: "link" as const,
          rel: "alternate",
          type: "application/atom+xml",
          title: loaderData.feed.title,
          href: loaderData.feed.href,
        },
      ]
    : []),
];

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["catalog", "editorial"]);
  const localize = useLocalizePath();
  return (
    <>
      <PageIntro title={t("blog.title")} lead={t("blog.lead")}>
        <a
          href={localize("/blog/feed.xml")}
          type="application/atom+xml"
          className="mt-4 inline-block text-sm font-semibold text-coral-700 hover:underline"
          data-testid="feed-link"
        >
          {t("editorial:feed.link")}
        </a>
      </PageIntro>
      <div className="mx-auto max-w-7xl px-4 py-12">
        {loaderData.posts.length === 0 ? (
          <p className="text-center text-ink/70">{t("blog.empty")}</p>
        ) : (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {loaderData.posts.map((post) => (
              <BlogCard key={post.id} post={post} headingLevel={2} />
            ))}
          </div>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
        <aside className="mt-12 rounded-xl bg-sand p-6" aria-label={t("common:newsletter.heading")}>
          <NewsletterForm id="blog-newsletter" />
        </aside>
      </div>
    </>
  );
}
