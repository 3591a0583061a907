// The course page's reviews (issue 13): summary with the star distribution, the learner's own review form,
// the list paged by 10 (newest first), the trainer's one reply and the admin's hide form. Plain forms only.
import { Form, Link } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import type { Distribution } from "../reviews/policy";
import type { OwnReview, ReviewItem } from "../reviews/reviews.server";

export type ReviewsSectionData = {
  courseId: number;
  average: number;
  count: number;
  distribution: Distribution;
  items: ReviewItem[];
  page: number;
  pages: number;
  own: OwnReview | null;
  canReview: boolean;
  canReply: boolean;
  canHide: boolean;
};

export function Stars({ value, className = "" }: { value: number; className?: string }) {
  return (
    <span aria-hidden="true" className={`text-amber-600 ${className}`}>
      {[1, 2, 3, 4, 5].map((star) => (star <= Math.round(value) ? "★" : "☆")).join("")}
    </span>
  );
}

export function ReviewsSection({ data, pagePath }: { data: ReviewsSectionData; pagePath: string }) {
  const { t } = useTranslation("reviews");
  const max = Math.max(1, ...Object.values(data.distribution));
  return (
    <section className="mx-auto max-w-3xl px-4 pb-12" aria-labelledby="reviews-heading" id="reviews">
      <h2 id="reviews-heading" className="text-2xl font-bold">
        {t("heading")}
      </h2>
      <p className="mt-1 flex items-center gap-2 text-ink/80" data-testid="review-summary">
        {data.count > 0 ? <Stars value={data.average} /> : null}
        {t("summary", { count: data.count, average: data.average })}
      </p>
      {data.count > 0 ? (
        <dl className="mt-4 space-y-1 text-sm" aria-label={t("distributionLabel")}>
          {([5, 4, 3, 2, 1] as const).map((stars) => (
            <div key={stars} className="flex items-center gap-3">
              <dt className="w-20 shrink-0">{t("stars", { count: stars })}</dt>
              <dd className="flex flex-1 items-center gap-3">
                <span className="h-2 flex-1 rounded bg-ink/10">
                  <span
                    className="block h-2 rounded bg-amber-500"
                    style={{ inlineSize: `${(data.distribution[stars] / max) * 100}%` }}
                  />
                </span>
                <span className="w-24 shrink-0 text-ink/70">
                  {t("reviewsCount", { count: data.distribution[stars] })}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {data.canReview ? <OwnReviewForm data={data} /> : null}
      {/* No reviews at all: the summary above already says so, once (issue 50). */}
      {data.items.length === 0 ? (
        data.count > 0 ? (
          <p className="mt-6 text-ink/70">{t("empty")}</p>
        ) : null
      ) : (
        <ol className="mt-6 space-y-4" data-testid="review-list">
          {data.items.map((review) => (
            <ReviewEntry key={review.id} review={review} canReply={data.canReply} canHide={data.canHide} />
          ))}
        </ol>
      )}
      {data.pages > 1 ? (
        <nav
          className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm"
          aria-label={t("heading")}
        >
          {data.page > 1 ? (
            <Link to={`${pagePath}?page=${data.page - 1}#reviews`} className="font-semibold underline">
              {t("newer")}
            </Link>
          ) : (
            <span />
          )}
          <span>{t("pageOf", { page: data.page, pages: data.pages })}</span>
          {data.page < data.pages ? (
            <Link to={`${pagePath}?page=${data.page + 1}#reviews`} className="font-semibold underline">
              {t("older")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

function OwnReviewForm({ data }: { data: ReviewsSectionData }) {
  const { t } = useTranslation("reviews");
  const own = data.own;
  return (
    <div className="mt-6 rounded-xl border border-ink/10 p-5" data-testid="own-review">
      <h3 className="text-lg font-semibold">{t("yourReview")}</h3>
      {own?.hidden ? <p className="mt-1 text-sm text-coral-700">{t("ownHidden")}</p> : null}
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="review" />
        <fieldset>
          <legend className="text-sm font-semibold">{t("rating")}</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {[1, 2, 3, 4, 5].map((stars) => (
              <label key={stars} className="flex items-center gap-1">
                <input
                  type="radio"
                  name="rating"
                  value={stars}
                  required
                  defaultChecked={own?.rating === stars}
                />
                {t("stars", { count: stars })}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="block text-sm font-semibold">
          {t("comment")}
          <textarea
            name="comment"
            dir="auto"
            maxLength={2000}
            rows={3}
            defaultValue={own?.comment ?? ""}
            className="mt-1 block w-full rounded-md border border-ink/20 p-2 font-normal"
          />
        </label>
        <button
          type="submit"
          className="rounded-md bg-ink px-4 py-2 font-semibold text-white hover:bg-ink/90"
        >
          {own ? t("update") : t("submit")}
        </button>
      </Form>
      {own ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="deleteReview" />
          <button type="submit" className="text-sm font-semibold text-coral-700 underline">
            {t("delete")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function ReviewEntry({
  review,
  canReply,
  canHide,
}: {
  review: ReviewItem;
  canReply: boolean;
  canHide: boolean;
}) {
  const { t, i18n } = useTranslation("reviews");
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(
    new Date(review.createdAt),
  );
  return (
    <li className="rounded-xl border border-ink/10 p-5" data-testid="review">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={review.rating} />
        <span className="sr-only">{t("stars", { count: review.rating })}</span>
        <span className="font-semibold" dir="auto">
          {review.authorName}
        </span>
        <time dateTime={review.createdAt} className="text-sm text-ink/70">
          {date}
        </time>
        {review.updatedAt !== review.createdAt ? (
          <span className="text-sm text-ink/70">({t("edited")})</span>
        ) : null}
      </p>
      {review.hidden ? (
        <p className="mt-1 text-sm font-semibold text-coral-700">
          {t("hidden", { reason: review.hidden.reason })}
        </p>
      ) : null}
      {review.comment ? (
        <p className="mt-2 whitespace-pre-line break-words" dir="auto">
          {review.comment}
        </p>
      ) : null}
      {review.reply ? (
        <div className="mt-3 border-s-4 border-teal ps-3">
          <p className="text-sm font-semibold">{t("trainerReply")}</p>
          <p className="whitespace-pre-line break-words" dir="auto">
            {review.reply}
          </p>
        </div>
      ) : canReply ? (
        <Form method="post" className="mt-3 space-y-2">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="reviewId" value={review.id} />
          <label className="block text-sm font-semibold">
            {t("replyLabel", { name: review.authorName })}
            <textarea
              name="reply"
              dir="auto"
              required
              maxLength={2000}
              rows={2}
              className="mt-1 block w-full rounded-md border border-ink/20 p-2 font-normal"
            />
          </label>
          <button type="submit" className="rounded-md border border-ink/20 px-3 py-1.5 text-sm font-semibold">
            {t("submitReply")}
          </button>
        </Form>
      ) : null}
      {canHide && !review.hidden ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="hide" />
          <input type="hidden" name="reviewId" value={review.id} />
          <label className="block min-w-0 flex-1 text-sm font-semibold">
            {t("hideReason")}
            <input
              name="reason"
              required
              maxLength={200}
              dir="auto"
              className="mt-1 block w-full rounded-md border border-ink/20 p-2 font-normal"
            />
          </label>
          <button
            type="submit"
            className="rounded-md border border-coral-600 px-3 py-2 text-sm font-semibold text-coral-700"
          >
            {t("hide")}
          </button>
        </Form>
      ) : null}
    </li>
  );
}
