// /blog/:id: one article. Drafts and scheduled posts open only for those who may edit them (404 for
// everybody else), with a banner saying the public cannot see it yet.

import { Link } from "react-router";
import { getUser } from "../auth/guards.server";
import { NewsletterForm } from "../components/leads/newsletter-form";
import { publicOrigin } from "../config.server";
import { getBlogPost } from "../content/blog.server";
import { getDb } from "../db/context";
import { postEditorPath } from "../editorial/paths";
import { localizePath } from "../i18n/languages";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { articleJsonLd, breadcrumbJsonLd, metaTags, withJsonLd } from "../lib/seo";
import type { Route } from "./+types/blog-post";

export const handle = { i18n: ["catalog", "editorial"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const page = pageContext(request, context);
  const viewer = getUser(context);
  const post = id ? await getBlogPost(getDb(context), page.locale, id, viewer) : null;
  if (!post) throw new Response("Not Found", { status: 404 });
  return {
    meta: articleMeta(page, post),
    post: { ...post, dateLabel: page.date(post.publishedAt) },
    editPath: post.canEdit && viewer ? postEditorPath(viewer, post.id) : null,
  };
}

/** The page's tags with Article and BreadcrumbList JSON-LD (issue 13). */
function articleMeta(
  page: ReturnType<typeof pageContext>,
  post: {
    id: number;
    title: string;
    excerpt: string;
    cover: string | null;
    author: string;
    publishedAt: string;
  },
) {
  const meta = page.meta(post.title, post.excerpt, post.cover ?? undefined);
  const origin = publicOrigin();
  const at = (path: string) => origin + localizePath(path, page.locale);
  return withJsonLd(
    meta,
    articleJsonLd({
      headline: post.title,
      description: meta.description,
      url: meta.canonical,
      image: meta.image,
      inLanguage: page.locale,
      author: post.author,
      datePublished: post.publishedAt,
      dateModified: post.publishedAt,
      publisher: { name: page.t("brand.name"), logo: `${origin}/logo.svg` },
    }),
    breadcrumbJsonLd([
      { name: page.t("nav.home"), url: at("/") },
      { name: page.t("nav.blog"), url: at("/blog") },
      { name: post.title, url: meta.canonical },
    ]),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["catalog", "editorial"]);
  const localize = useLocalizePath();
  const { post, editPath } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={localize("/blog")} className="text-sm font-semibold text-coral-700 hover:underline">
          {t("catalog:blog.back")}
        </Link>
        {editPath ? (
          <Link
            to={localize(editPath)}
            className="text-sm font-semibold text-coral-700 hover:underline"
            data-testid="edit-post"
          >
            {t("editorial:public.edit")}
          </Link>
        ) : null}
      </div>
      {post.isPublic ? null : (
        <p
          role="status"
          className="mt-4 rounded-md bg-amber-100 px-4 py-3 text-sm font-semibold"
          data-testid="not-public"
        >
          {t(`editorial:public.notPublic.${post.status}`)}
        </p>
      )}
      <h1 className="mt-4 text-3xl font-bold leading-tight sm:text-4xl" dir="auto">
        {post.title}
      </h1>
      <p className="mt-3 text-sm text-ink/70">
        {t("catalog:blog.by", { name: post.author })} ·{" "}
        <time dateTime={post.publishedAt}>{t("catalog:blog.publishedOn", { date: post.dateLabel })}</time>
      </p>
      {post.cover ? (
        <img
          src={post.cover}
          alt={t("catalog:blog.coverAlt", { title: post.title })}
          width="800"
          height="450"
          className="mt-8 aspect-video w-full rounded-xl object-cover"
          data-testid="post-cover"
        />
      ) : null}
      <p className="mt-8 text-lg font-semibold leading-relaxed text-ink" dir="auto">
        {post.excerpt}
      </p>
      <div
        className="rich-text mt-5 text-lg leading-relaxed text-ink/85"
        data-testid="post-body"
        // Sanitized with an allowlist when the post was saved (app/lib/markdown.server.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML is sanitized on save.
        dangerouslySetInnerHTML={{ __html: post.bodyHtml }}
      />
      <aside className="mt-12 rounded-xl bg-sand p-6" aria-label={t("common:newsletter.heading")}>
        <NewsletterForm id="post-newsletter" />
      </aside>
    </article>
  );
}
