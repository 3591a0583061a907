// Blog posts and case studies as the JSON API returns them: the stored fields (SPEC §7 names) plus the
// rendered HTML and whether the item is public now.
import type { BlogPost, PortfolioItem } from "../db/schema";
import { isPublic } from "./policy";

export function postJson(post: BlogPost, now = new Date()) {
  return {
    id: post.id,
    title: post.title,
    titleAr: post.titleAr,
    excerpt: post.excerpt,
    excerptAr: post.excerptAr,
    body: post.body,
    bodyAr: post.bodyAr,
    bodyHtml: post.bodyHtml,
    bodyArHtml: post.bodyArHtml,
    author: { id: post.authorId, name: post.authorName, nameAr: post.authorNameAr },
    coverImage: post.coverUrl ? { url: post.coverUrl, public_id: post.coverPublicId } : null,
    status: post.status,
    publishAt: post.publishedAt?.toISOString() ?? null,
    isPublic: isPublic(post, now),
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}

export function caseStudyJson(item: PortfolioItem, now = new Date()) {
  return {
    id: item.id,
    title: item.title,
    titleAr: item.titleAr,
    clientName: item.clientName,
    clientNameAr: item.clientNameAr,
    sector: item.sector,
    sectorAr: item.sectorAr,
    problem: item.problem,
    problemAr: item.problemAr,
    problemHtml: item.problemHtml,
    problemArHtml: item.problemArHtml,
    strategy: item.strategy,
    strategyAr: item.strategyAr,
    strategyHtml: item.strategyHtml,
    strategyArHtml: item.strategyArHtml,
    result: item.result,
    resultAr: item.resultAr,
    resultHtml: item.resultHtml,
    resultArHtml: item.resultArHtml,
    images: item.images.map((image) => ({
      url: image.url,
      public_id: image.publicId,
      alt: image.alt,
      altAr: image.altAr,
    })),
    status: item.status,
    publishAt: item.publishedAt?.toISOString() ?? null,
    isPublic: isPublic(item, now),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}
