// /dashboard/admin/blog (admins: every post) and /instructor/blog (trainers and admins: their own posts): the
// blog editor's list, with each post's status and the way into "New post".
import { EditorList } from "../components/editorial/editor-pages";
import { getDb } from "../db/context";
import { POST_FORM } from "../editorial/form-values";
import { listedItem, requireBlogWriter } from "../editorial/pages.server";
import { blogEditorBase } from "../editorial/paths";
import { listPostsForEditor } from "../editorial/posts.server";
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
    posts: items.map((post) => ({
      ...listedItem(page, post, now),
      line: page.t("editorial:posts.byline", {
        author: pick(page.locale, post.authorName, post.authorNameAr),
        date: page.date(post.updatedAt.toISOString()),
      }),
    })),
    page: pageNumber,
    pageCount: Math.ceil(total / PAGE_SIZE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function EditorPosts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("editorial");
  return (
    <EditorList
      config={POST_FORM}
      heading={loaderData.heading}
      lead={t("posts.lead")}
      newLabel={t("posts.new")}
      newTestId="new-post"
      backTo={loaderData.area === "admin" ? "/dashboard/admin" : "/instructor"}
      base={loaderData.base}
      items={loaderData.posts}
      empty={t("posts.empty")}
      emptyTestId="no-posts"
      listTestId="post-list"
      page={loaderData.page}
      pageCount={loaderData.pageCount}
    />
  );
}
