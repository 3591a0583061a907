// The Markdown source of a review's explanations for attempts started before snapshots kept it (issue 43).
// A snapshot (./snapshot.ts) keeps each text's HTML and, since issue 43, the Markdown it was rendered from;
// an older one has only the HTML. Its source is then read from the question's own row (archived or not),
// but only while that row still holds exactly the HTML the snapshot shows: a text edited since has a source
// that is not what the learner saw, so it is left null, as it is for a question deleted since.
import { inArray } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { quizQuestions } from "../db/schema";
import { isRowId } from "../lib/validation";
import type { ReviewItem } from "./snapshot";

const lacksSource = (item: ReviewItem) => Boolean(item.explanationHtml) && item.explanation == null;

/** The review with each missing explanation source taken from the live question where it still matches. */
export async function withLiveExplanationSources(
  db: Queryable,
  review: readonly ReviewItem[],
): Promise<ReviewItem[]> {
  const ids = [...new Set(review.filter(lacksSource).map((item) => Number(item.questionId)))].filter(isRowId);
  if (ids.length === 0) return [...review];
  const rows = await db
    .select({
      id: quizQuestions.id,
      explanation: quizQuestions.explanation,
      explanationAr: quizQuestions.explanationAr,
      explanationHtml: quizQuestions.explanationHtml,
      explanationArHtml: quizQuestions.explanationArHtml,
    })
    .from(quizQuestions)
    .where(inArray(quizQuestions.id, ids));
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  return review.map((item) => {
    if (!lacksSource(item)) return item;
    const live = byId.get(item.questionId);
    // The review shows one language's HTML: the source is that language's, if the row still renders to it.
    const source = !live
      ? null
      : live.explanationHtml === item.explanationHtml
        ? live.explanation
        : live.explanationArHtml === item.explanationHtml
          ? live.explanationAr
          : null;
    return { ...item, explanation: source ?? null };
  });
}
