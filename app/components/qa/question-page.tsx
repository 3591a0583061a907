// One question with its replies: vote, reply, accept an answer (the asker or the trainer), edit within 30
// minutes, delete one's own post, hide a post with a reason (the trainer, admins).
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import { HIDE_REASON_MAX, POST_BODY_MAX, QUESTION_TITLE_MAX } from "../../qa/limits";
import type { QuestionView, ReplyView } from "../../qa/qa.server";
import { EnhancedFormMarker } from "../enhanced-form-marker";
import { BackField, PostBody, QaLayout, useQaTarget, VoteButton } from "./shared";

export type QuestionPageData = {
  courseId: number;
  courseTitle: string;
  question: QuestionView;
  replies: ReplyView[];
  canPost: boolean;
  canModerate: boolean;
  canAccept: boolean;
};

const inputClass = "mt-1 block w-full rounded-md border border-ink/20 p-2 font-normal";
const linkButton = "text-sm font-semibold text-coral-700 underline";

function useDate() {
  const { i18n } = useTranslation("qa");
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

export function QuestionPage({ data }: { data: QuestionPageData }) {
  const { t } = useTranslation("qa");
  const localize = useLocalizePath();
  const date = useDate();
  const { question } = data;
  const accept = useFetcher({ key: `qa-accept-${question.id}` });
  // Optimistic: the reply being accepted shows as accepted while the request is in flight.
  const pendingIntent = accept.formData?.get("intent");
  const pendingReply = accept.formData?.get("replyId");
  const acceptedId =
    pendingIntent === "accept"
      ? Number(pendingReply)
      : pendingIntent === "unaccept"
        ? null
        : question.acceptedReplyId;
  return (
    <QaLayout title={question.title ?? t("deletedQuestion")} eyebrow={data.courseTitle}>
      <p className="mt-2 flex flex-wrap gap-x-5 text-sm font-semibold text-coral-700">
        <Link to={localize(`/courses/${data.courseId}/questions`)} className="hover:underline">
          {t("question.backToList")}
        </Link>
        <Link
          to={localize(`/courses/${data.courseId}/learn/${question.lessonId}`)}
          className="hover:underline"
          dir="auto"
        >
          {t("question.lesson", { lesson: question.lessonTitle })}
        </Link>
      </p>
      <article className="mt-6 rounded-lg border border-ink/10 p-5" data-testid="qa-question">
        <div className="flex flex-wrap items-center gap-3 text-sm text-ink/70">
          <VoteButton
            courseId={data.courseId}
            questionId={question.id}
            voted={question.voted}
            voteCount={question.voteCount}
            disabled={!data.canPost}
          />
          <PostMeta post={question} date={date} />
        </div>
        <PostState post={question} />
        {question.bodyHtml !== null ? <PostBody html={question.bodyHtml} testId="qa-question-body" /> : null}
        <PostTools
          courseId={data.courseId}
          kind="Question"
          post={question}
          idField={{ name: "questionId", value: question.id }}
          canModerate={data.canModerate}
          title={question.title}
        />
      </article>
      <h2 className="mt-8 text-xl font-bold">{t("replyCount", { count: question.replyCount })}</h2>
      <ol className="mt-4 space-y-4" data-testid="qa-replies">
        {data.replies.map((reply) => (
          <li
            key={reply.id}
            id={`reply-${reply.id}`}
            data-testid="qa-reply"
            className={`rounded-lg border p-4 ${acceptedId === reply.id ? "border-teal bg-teal/5" : "border-ink/10"}`}
          >
            <div className="flex flex-wrap items-center gap-3 text-sm text-ink/70">
              <PostMeta post={reply} date={date} />
              {reply.byTrainer ? (
                <span
                  className="rounded bg-ink px-2 py-0.5 text-xs font-semibold text-white"
                  data-testid="qa-trainer-badge"
                >
                  {t("reply.trainer")}
                </span>
              ) : null}
              {acceptedId === reply.id ? (
                <span className="font-semibold text-teal-700" data-testid="qa-accepted">
                  {t("reply.accepted")}
                </span>
              ) : null}
            </div>
            <PostState post={reply} />
            {reply.bodyHtml !== null ? <PostBody html={reply.bodyHtml} testId="qa-reply-body" /> : null}
            {data.canAccept && reply.hidden === null ? (
              <accept.Form
                method="post"
                action={localize(`/courses/${data.courseId}/questions`)}
                className="mt-2"
              >
                <EnhancedFormMarker />
                <BackField />
                {acceptedId === reply.id ? (
                  <>
                    <input type="hidden" name="intent" value="unaccept" />
                    <input type="hidden" name="questionId" value={question.id} />
                    <button type="submit" className={linkButton} data-testid="qa-unaccept">
                      {t("reply.unaccept")}
                    </button>
                  </>
                ) : (
                  <>
                    <input type="hidden" name="intent" value="accept" />
                    <input type="hidden" name="replyId" value={reply.id} />
                    <button type="submit" className={linkButton} data-testid="qa-accept">
                      {t("reply.accept")}
                    </button>
                  </>
                )}
              </accept.Form>
            ) : null}
            <PostTools
              courseId={data.courseId}
              kind="Reply"
              post={reply}
              idField={{ name: "replyId", value: reply.id }}
              canModerate={data.canModerate}
            />
          </li>
        ))}
      </ol>
      {data.canPost ? <ReplyForm courseId={data.courseId} questionId={question.id} /> : null}
    </QaLayout>
  );
}

function PostMeta({ post, date }: { post: QuestionView | ReplyView; date: (iso: string) => string }) {
  const { t } = useTranslation("qa");
  return (
    <>
      {post.authorName ? (
        <span className="font-semibold text-ink" dir="auto">
          {post.authorName}
        </span>
      ) : null}
      <time dateTime={post.createdAt}>{date(post.createdAt)}</time>
      {post.editedAt ? <span>({t("edited")})</span> : null}
    </>
  );
}

function PostState({ post }: { post: QuestionView | ReplyView }) {
  const { t } = useTranslation("qa");
  if (post.deleted) return <p className="mt-2 italic text-ink/70">{t("deletedPost")}</p>;
  if (post.hidden)
    return (
      <p className="mt-2 font-semibold text-coral-700" data-testid="qa-hidden" dir="auto">
        {t("hiddenWith", { reason: post.hidden.reason })}
      </p>
    );
  return null;
}

function PostTools({
  courseId,
  kind,
  post,
  idField,
  canModerate,
  title,
}: {
  courseId: number;
  kind: "Question" | "Reply";
  post: QuestionView | ReplyView;
  idField: { name: string; value: number };
  canModerate: boolean;
  title?: string | null;
}) {
  const { t } = useTranslation("qa");
  const { action } = useQaTarget(courseId);
  const fetcher = useFetcher({ key: `qa-tools-${kind}-${post.id}` });
  if (post.deleted) return null;
  const showHide = canModerate && post.hidden === null;
  if (!post.mayEdit && !post.mayDelete && !showHide) return null;
  const hidden = (
    <>
      <EnhancedFormMarker />
      <BackField />
      <input type="hidden" name={idField.name} value={idField.value} />
    </>
  );
  return (
    <div className="mt-3 flex flex-wrap items-start gap-4">
      {post.mayEdit ? (
        <details>
          <summary className={linkButton}>{t("edit.open")}</summary>
          <fetcher.Form method="post" action={action} className="mt-2 space-y-2">
            {hidden}
            <input type="hidden" name="intent" value={`edit${kind}`} />
            {kind === "Question" ? (
              <label className="block text-sm font-semibold">
                {t("ask.title")}
                <input
                  name="title"
                  required
                  minLength={3}
                  maxLength={QUESTION_TITLE_MAX}
                  defaultValue={title ?? ""}
                  dir="auto"
                  className={inputClass}
                />
              </label>
            ) : null}
            <label className="block text-sm font-semibold">
              {t("edit.body")}
              <textarea
                name="body"
                required
                maxLength={POST_BODY_MAX}
                rows={4}
                defaultValue={post.body ?? ""}
                dir="auto"
                className={inputClass}
              />
            </label>
            <button type="submit" className="rounded-md bg-ink px-3 py-1.5 text-sm font-semibold text-white">
              {t("edit.save")}
            </button>
          </fetcher.Form>
        </details>
      ) : null}
      {post.mayDelete ? (
        <fetcher.Form method="post" action={action}>
          {hidden}
          <input type="hidden" name="intent" value={`delete${kind}`} />
          <button type="submit" className={linkButton} data-testid={`qa-delete-${kind.toLowerCase()}`}>
            {t("delete")}
          </button>
        </fetcher.Form>
      ) : null}
      {showHide ? (
        <details>
          <summary className={linkButton}>{t("hide.open")}</summary>
          <fetcher.Form method="post" action={action} className="mt-2 space-y-2">
            {hidden}
            <input type="hidden" name="intent" value={`hide${kind}`} />
            <label className="block text-sm font-semibold">
              {t("hide.reason")}
              <input name="reason" required maxLength={HIDE_REASON_MAX} dir="auto" className={inputClass} />
            </label>
            <button
              type="submit"
              className="rounded-md bg-coral-600 px-3 py-1.5 text-sm font-semibold text-white"
            >
              {t("hide.submit")}
            </button>
          </fetcher.Form>
        </details>
      ) : null}
    </div>
  );
}

function ReplyForm({ courseId, questionId }: { courseId: number; questionId: number }) {
  const { t } = useTranslation("qa");
  const { action } = useQaTarget(courseId);
  const fetcher = useFetcher<{ ok: boolean }>({ key: `qa-reply-${questionId}` });
  const formRef = useRef<HTMLFormElement>(null);
  const pendingBody = fetcher.formData?.get("body");
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <section className="mt-8" aria-labelledby="qa-reply-heading">
      <h2 id="qa-reply-heading" className="text-lg font-semibold">
        {t("reply.heading")}
      </h2>
      {typeof pendingBody === "string" ? (
        <p
          className="mt-3 whitespace-pre-line rounded-md bg-sand px-3 py-2 text-sm"
          dir="auto"
          data-testid="qa-pending-reply"
        >
          {t("sending")} {pendingBody}
        </p>
      ) : null}
      <fetcher.Form
        method="post"
        action={action}
        ref={formRef}
        className="mt-3 space-y-3"
        data-testid="qa-reply-form"
      >
        <EnhancedFormMarker />
        <BackField />
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="questionId" value={questionId} />
        <label className="block text-sm font-semibold">
          {t("reply.body")}
          <textarea
            name="body"
            required
            maxLength={POST_BODY_MAX}
            rows={4}
            dir="auto"
            className={inputClass}
          />
        </label>
        <p className="text-xs text-ink/70">{t("markdownHint")}</p>
        <button
          type="submit"
          className="rounded-md bg-coral-600 px-4 py-2 font-semibold text-white hover:bg-coral-700"
          data-testid="qa-reply-submit"
        >
          {t("reply.submit")}
        </button>
      </fetcher.Form>
    </section>
  );
}
