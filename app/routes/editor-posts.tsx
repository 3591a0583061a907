// /dashboard/admin/blog (admins: every post) and /instructor/blog (trainers and admins: their own posts): the
// blog editor's list, with each post's status and the way into "New post".
import { Link } from "react-router";
import { StatusBadge } from "../components/editorial/status-fields";
import { PageIntro } from "../components/page-intro";
import { Pagination } from "../components/pagination";
import { getDb } from "../db/context";
import { requireBlogWriter } from "../editorial/pages.server";
import { blogEditorBase } from "../editorial/paths";
import { effectiveStatus } from "../editorial/policy";
import { listPostsForEditor } from "../editorial/posts.server";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { pick } from "../lib/localized";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/editor-posts";

export const handle = { i18n: ["editorial", "studio"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { actor, area } = requireBlogWriter(request, context);
  const page = pageContext(request, context);
  const pageNumber = parsePage(url);
  const now = new Date();
  const { items, total } = await listPostsForEditor(getDb(context), actor, {
    limit: PAGE_SIZE,
    offset: (pageNumber - 1) * PAGE_SIZE,
    mine: area === "instructor",
  });
  const heading = page.t(area === "admin" ? "editorial:posts.adminTitle" : "editorial:posts.mineTitle");
  return {
    meta: page.listMeta(heading, page.t("editorial:posts.meta"), pageNumber),
    heading,
    area,
    base: blogEditorBase(area),
    posts: items.map((post) => {
      const status = effectiveStatus(post, now);
      return {
        id: post.id,
        title: pick(page.locale, post.title, post.titleAr),
        author: pick(page.locale, post.authorName, post.authorNameAr),
        status,
        dateLabel: post.publishedAt ? page.date(post.publishedAt.toISOString()) : null,
        updatedLabel: page.date(post.updatedAt.toISOString()),
      };
    }),
    page: pageNumber,
    pageCount: Math.ceil(total / PAGE_SIZE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function EditorPosts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("editorial");
  const localize = useLocalizePath();
  const { posts, base } = loaderData;
  return (
    <>
      <PageIntro title={loaderData.heading} lead={t("posts.lead")}>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to={localize(`${base}/new`)}
            className="rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
            data-testid="new-post"
          >
            {t("posts.new")}
          </Link>
          <Link
            to={localize(loaderData.area === "admin" ? "/dashboard/admin" : "/instructor")}
            className="rounded-md border border-ink/20 px-5 py-2.5 font-semibold hover:bg-white"
          >
            {t("posts.back")}
          </Link>
        </div>
      </PageIntro>
      <div className="mx-auto max-w-5xl px-4 py-10">
        {posts.length === 0 ? (
          <p className="text-center text-ink/70" data-testid="no-posts">
            {t("posts.empty")}
          </p>
        ) : (
          <ul
            className="divide-y divide-ink/10 rounded-xl border border-ink/10 bg-white"
            data-testid="post-list"
          >
            {posts.map((post) => (
              <li key={post.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-semibold" dir="auto">
                    {post.title}
                  </p>
                  <p className="mt-1 text-xs text-ink/70">
                    {t("posts.byline", { author: post.author, date: post.updatedLabel })}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-3 text-sm">
                  <StatusBadge status={post.status} dateLabel={post.dateLabel} />
                  <Link
                    to={localize(`${base}/${post.id}`)}
                    className="font-semibold text-coral-700 hover:underline"
                    data-testid="edit-link"
                  >
                    {t("posts.edit")}
                  </Link>
                  <Link
                    to={localize(`/blog/${post.id}`)}
                    className="font-semibold text-coral-700 hover:underline"
                  >
                    {t("posts.view")}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </div>
    </>
  );
}
