// Turns a page's stored blocks into what its components draw (app/pages/view.ts): the page's language
// picked (Arabic falling back to English), Markdown rendered through the site's sanitizer, prices formatted,
// rails filled with the catalog's and the editorial lists' public cards (read through the public-reads cache).
import type { RouterContextProvider } from "react-router";
import { listBlogPosts } from "../content/blog.server";
import { listCaseStudies } from "../content/portfolio.server";
import { courseCardView, listCourseCards, listPublishedCourses } from "../courses/catalog.server";
import { getDb } from "../db/context";
import { renderMarkdown } from "../lib/markdown.server";
import { readPublic } from "../lib/public-reads.server";
import { pageContext } from "../lib/route-context.server";
import type { Block, BlockOf, PageContent } from "./blocks";
import { localizeValue } from "./json";
import type { BlockView, Localized, PageView, RailCards } from "./view";

type Page = ReturnType<typeof pageContext>;

async function railCards(
  context: Readonly<RouterContextProvider>,
  page: Page,
  block: BlockOf<"rail">,
): Promise<RailCards> {
  const db = getDb(context);
  const { locale } = page;
  const query = { limit: block.limit, offset: 0, countTotal: false };
  if (block.source === "courses") {
    const cards =
      block.ids.length > 0
        ? await readPublic(context, "catalog", ["page rail", locale, block.ids], async () => {
            const found = await listCourseCards(db, locale, block.ids);
            return block.ids.flatMap((id) => found.filter((card) => card.id === id)).slice(0, block.limit);
          })
        : (
            await readPublic(
              context,
              "catalog",
              ["courses", locale, { ...query, category: block.category }],
              () => listPublishedCourses(db, locale, { ...query, category: block.category || undefined }),
            )
          ).items;
    return { source: "courses", cards: cards.map((card) => courseCardView(card, page.price)) };
  }
  if (block.source === "caseStudies") {
    const { items } = await readPublic(context, "editorial", ["case studies", locale, query], () =>
      listCaseStudies(db, locale, query),
    );
    return { source: "caseStudies", cards: items };
  }
  const { items } = await readPublic(context, "editorial", ["posts", locale, query], () =>
    listBlogPosts(db, locale, query),
  );
  return {
    source: "posts",
    cards: items.map((post) => ({ ...post, dateLabel: page.date(post.publishedAt) })),
  };
}

async function blockView(
  context: Readonly<RouterContextProvider>,
  page: Page,
  block: Block,
): Promise<BlockView> {
  const localized = localizeValue(block, page.locale) as Localized<Block>;
  switch (block.type) {
    case "richText": {
      const view = localized as Localized<BlockOf<"richText">>;
      return { ...view, html: renderMarkdown(view.markdown) };
    }
    case "services": {
      const view = localized as Localized<BlockOf<"services">>;
      return {
        ...view,
        items: view.items.map((item) => ({
          ...item,
          priceLabel: item.priceFrom === null ? null : page.price(item.priceFrom),
        })),
      };
    }
    case "rail": {
      const { source: _source, ...view } = localized as Localized<BlockOf<"rail">>;
      return { ...view, ...(await railCards(context, page, block)) };
    }
    default:
      return localized as BlockView;
  }
}

/** The page's content as its components draw it, in the request's language. */
export async function pageView(
  request: Request,
  context: Readonly<RouterContextProvider>,
  content: PageContent,
  preview = false,
): Promise<PageView> {
  const page = pageContext(request, context);
  const blocks = await Promise.all(content.blocks.map((block) => blockView(context, page, block)));
  const title = page.locale === "ar" && content.titleAr ? content.titleAr : content.title;
  return { title, blocks, preview };
}
