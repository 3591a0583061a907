// Pieces every Q&A view shares: the vote toggle, a question's row in a list, the ask form. Each mutation is
// a plain form posted to /courses/:id/questions (app/qa/page-action.server.ts) that a fetcher takes over
// once the page has hydrated: optimistic, and rolled back (with FetcherToasts' red toast) when refused.
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import { POST_BODY_MAX, QUESTION_TITLE_MAX } from "../../qa/limits";
import type { QuestionSummary } from "../../qa/qa.server";
import { EnhancedFormMarker } from "../enhanced-form-marker";

/** Where a Q&A form posts, and the page to come back to. */
export function useQaTarget(courseId: number) {
  const localize = useLocalizePath();
  const location = useLocation();
  return {
    action: localize(`/courses/${courseId}/questions`),
    back: location.pathname + location.search,
  };
}

export function BackField() {
  const location = useLocation();
  return <input type="hidden" name="back" value={location.pathname + location.search} />;
}

export function VoteButton({
  courseId,
  questionId,
  voted,
  voteCount,
  disabled = false,
}: {
  courseId: number;
  questionId: number;
  voted: boolean;
  voteCount: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation("qa");
  const { action } = useQaTarget(courseId);
  const fetcher = useFetcher({ key: `qa-vote-${questionId}` });
  // Optimistic: while the toggle is in flight it shows the other state; afterwards the loader is the truth.
  const pending = fetcher.formData !== undefined;
  const shownVoted = pending ? !voted : voted;
  const shownCount = voteCount + (shownVoted === voted ? 0 : shownVoted ? 1 : -1);
  return (
    <fetcher.Form method="post" action={action} className="inline">
      <EnhancedFormMarker />
      <BackField />
      <input type="hidden" name="intent" value="vote" />
      <input type="hidden" name="questionId" value={questionId} />
      <button
        type="submit"
        disabled={disabled}
        aria-pressed={shownVoted}
        data-testid="qa-vote"
        className="inline-flex items-center gap-1 rounded-md border border-ink/20 px-2 py-1 text-sm font-semibold aria-pressed:border-teal aria-pressed:bg-teal/10 disabled:opacity-60"
      >
        <span aria-hidden="true">▲</span>
        <span data-testid="qa-vote-count">{shownCount}</span>
        <span className="sr-only">{t(shownVoted ? "vote.remove" : "vote.add")}</span>
      </button>
    </fetcher.Form>
  );
}

export function QuestionRow({ item, canVote }: { item: QuestionSummary; canVote: boolean }) {
  const { t } = useTranslation("qa");
  const localize = useLocalizePath();
  return (
    <li
      className="flex gap-3 rounded-lg border border-ink/10 p-4"
      data-testid="qa-question-row"
      id={`q-${item.id}`}
    >
      <div className="shrink-0">
        <VoteButton
          courseId={item.courseId}
          questionId={item.id}
          voted={item.voted}
          voteCount={item.voteCount}
          disabled={!canVote || item.deleted || item.hidden !== null}
        />
      </div>
      <div className="min-w-0 flex-1">
        <Link
          to={localize(`/courses/${item.courseId}/questions/${item.id}`)}
          className="font-semibold text-coral-700 hover:underline"
          dir="auto"
          data-testid="qa-question-link"
        >
          {item.title ?? t("deletedQuestion")}
        </Link>
        <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-ink/70">
          {item.authorName ? <span dir="auto">{item.authorName}</span> : null}
          <span dir="auto">{item.lessonTitle}</span>
          <span>{t("replyCount", { count: item.replyCount })}</span>
          {item.answered ? (
            <span className="font-semibold text-teal-700" data-testid="qa-answered">
              {t("answered")}
            </span>
          ) : null}
          {item.hidden ? (
            <span className="font-semibold text-coral-700">
              {t("hiddenWith", { reason: item.hidden.reason })}
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}

export function AskForm({ courseId, lessonId }: { courseId: number; lessonId: number }) {
  const { t } = useTranslation("qa");
  const { action } = useQaTarget(courseId);
  const fetcher = useFetcher<{ ok: boolean }>({ key: `qa-ask-${lessonId}` });
  const formRef = useRef<HTMLFormElement>(null);
  const pendingTitle = fetcher.formData?.get("title");
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <div className="rounded-lg border border-ink/10 p-4">
      {typeof pendingTitle === "string" ? (
        <p className="mb-3 rounded-md bg-sand px-3 py-2 text-sm" data-testid="qa-pending-question" dir="auto">
          {t("sending")} {pendingTitle}
        </p>
      ) : null}
      <fetcher.Form
        method="post"
        action={action}
        ref={formRef}
        className="space-y-3"
        data-testid="qa-ask-form"
      >
        <EnhancedFormMarker />
        <BackField />
        <input type="hidden" name="intent" value="ask" />
        <input type="hidden" name="lessonId" value={lessonId} />
        <label className="block text-sm font-semibold">
          {t("ask.title")}
          <input
            name="title"
            required
            minLength={3}
            maxLength={QUESTION_TITLE_MAX}
            dir="auto"
            className="mt-1 block w-full rounded-md border border-ink/20 p-2 font-normal"
          />
        </label>
        <label className="block text-sm font-semibold">
          {t("ask.body")}
          <textarea
            name="body"
            required
            maxLength={POST_BODY_MAX}
            rows={4}
            dir="auto"
            className="mt-1 block w-full rounded-md border border-ink/20 p-2 font-normal"
          />
        </label>
        <p className="text-xs text-ink/70">{t("markdownHint")}</p>
        <button
          type="submit"
          className="rounded-md bg-coral-600 px-4 py-2 font-semibold text-white hover:bg-coral-700"
          data-testid="qa-ask-submit"
        >
          {t("ask.submit")}
        </button>
      </fetcher.Form>
    </div>
  );
}

/** Sanitized HTML, rendered once when the post was saved (app/lib/markdown.server.ts). */
export function PostBody({ html, testId }: { html: string; testId?: string }) {
  return (
    <div
      className="rich-text mt-2 break-words"
      dir="auto"
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML is sanitized on save.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** A Q&A page's frame: the course as eyebrow, the title (user content: dir="auto"), the content. */
export function QaLayout({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <p className="text-sm font-semibold text-coral-700" dir="auto">
        {eyebrow}
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight break-words" dir="auto">
        {title}
      </h1>
      {children}
    </div>
  );
}
