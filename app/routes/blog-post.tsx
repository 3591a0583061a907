// /blog/:id: one article.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { getBlogPost } from "../content/blog.server";
import { useLocalizePath } from "../i18n/use-locale";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { getDb } from "../middleware/database.server";
import type { Route } from "./+types/blog-post";

export const handle = { i18n: ["catalog"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const page = pageContext(request, context);
  const post = id ? await getBlogPost(getDb(context), page.locale, id) : null;
  if (!post) throw new Response("Not Found", { status: 404 });
  return {
    meta: page.meta(post.title, post.excerpt, post.cover ?? undefined),
    post: { ...post, dateLabel: page.date(post.publishedAt) },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("catalog");
  const localize = useLocalizePath();
  const { post } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <Link to={localize("/blog")} className="text-sm font-semibold text-coral-700 hover:underline">
        {t("blog.back")}
      </Link>
      <h1 className="mt-4 text-3xl font-bold leading-tight sm:text-4xl">{post.title}</h1>
      <p className="mt-3 text-sm text-ink/70">
        {t("blog.by", { name: post.author })} ·{" "}
        <time dateTime={post.publishedAt}>{t("blog.publishedOn", { date: post.dateLabel })}</time>
      </p>
      {post.cover ? (
        <img
          src={post.cover}
          alt={t("blog.coverAlt", { title: post.title })}
          width="800"
          height="450"
          className="mt-8 aspect-video w-full rounded-xl object-cover"
        />
      ) : null}
      <div className="mt-8 space-y-5 text-lg leading-relaxed text-ink/85">
        <p className="font-semibold text-ink">{post.excerpt}</p>
        {post.body.map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
