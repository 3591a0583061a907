// The attempt page's body: the questions while the attempt is open (save, submit, and with JavaScript an
// autosave and a timer), the result once it is submitted.
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/quiz-attempt";
import type { action } from "../../routes/quiz-attempt";
import { EnhancedFormMarker } from "../enhanced-form-marker";
import { PageIntro } from "../page-intro";
import { QuizQuestions } from "./quiz-questions";
import { QuizResult } from "./quiz-result";

type LoaderData = Route.ComponentProps["loaderData"];

/** Seconds left, counting down once hydrated; null without a deadline. */
function useCountdown(secondsLeft: number | null): number | null {
  const [left, setLeft] = useState(secondsLeft);
  useEffect(() => {
    if (secondsLeft === null) return;
    const end = Date.now() + secondsLeft * 1000;
    const timer = setInterval(() => setLeft(Math.max(0, Math.round((end - Date.now()) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);
  return left;
}

function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

function OpenAttempt({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation("learning");
  const { attempt } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const autosave = useFetcher<typeof action>({ key: `autosave-${attempt.id}` });
  const navigation = useNavigation();
  const left = useCountdown(attempt.secondsLeft);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  // At the deadline the page submits what it has: the server grades it (its grace covers the trip).
  useEffect(() => {
    if (left === 0 && navigation.state === "idle") submitRef.current?.click();
  }, [left, navigation.state]);

  const saveSoon = () => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      const body = new FormData(form);
      body.set("intent", "save");
      body.set("js", "1");
      autosave.submit(body, { method: "post" });
    }, 800);
  };
  const savedAt = autosave.data && "savedAt" in autosave.data ? autosave.data.savedAt : null;

  return (
    <Form
      method="post"
      ref={formRef}
      onChange={saveSoon}
      // A save still waiting would reach the server after the submit and be refused (the attempt is
      // closed), with an error toast over the result: the submit carries the answers anyway.
      onSubmit={() => {
        if (pending.current) clearTimeout(pending.current);
      }}
      className="space-y-6"
      data-testid="quiz-attempt-form"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-sand px-4 py-3 text-sm">
        <p className="font-semibold">{t("quiz.attemptNumber", { position: attempt.number })}</p>
        {left !== null ? (
          <p className="font-semibold tabular-nums" data-testid="quiz-timer" role="timer" aria-live="off">
            {hydrated
              ? t("quiz.timeLeftClock", { clock: clock(left) })
              : t("quiz.minutesLeft", { count: Math.ceil(left / 60) })}
          </p>
        ) : null}
        <p className="text-ink/70" aria-live="polite" data-testid="quiz-autosave">
          {autosave.state !== "idle" ? t("quiz.saving") : savedAt ? t("quiz.savedAuto") : t("quiz.saveHint")}
        </p>
      </div>
      <QuizQuestions questions={attempt.questions} saved={attempt.answers} />
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value="save"
          className="rounded-md border border-ink/20 px-5 py-2.5 font-semibold hover:bg-sand"
          data-testid="quiz-save"
        >
          {t("quiz.save")}
        </button>
        <button
          ref={submitRef}
          type="submit"
          name="intent"
          value="submit"
          className="rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
          data-testid="quiz-submit"
        >
          {t("quiz.submit")}
        </button>
      </div>
      <EnhancedFormMarker />
    </Form>
  );
}

export function QuizAttemptPage({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation("learning");
  const localize = useLocalizePath();
  const { course, lesson, attempt } = loaderData;
  const lessonPage = localize(`/courses/${course.id}/learn/${lesson.id}`);
  return (
    <>
      <PageIntro width="3xl" title={lesson.title} eyebrow={course.title}>
        <p className="mt-3 text-sm font-semibold text-coral-700">
          <Link to={lessonPage} className="hover:underline" data-testid="back-to-lesson">
            {t("quiz.backToLesson")}
          </Link>
        </p>
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-8">
        {attempt.submitted ? (
          <>
            <QuizResult
              scorePercent={attempt.scorePercent ?? 0}
              passed={attempt.passed ?? false}
              passPercent={loaderData.passPercent}
              questions={attempt.questions}
              answers={attempt.answers}
              review={attempt.review}
              remaining={attempt.remaining}
            />
            <p className="mt-6">
              <Link
                to={lessonPage}
                className="inline-block rounded-md bg-ink px-5 py-2.5 font-semibold text-white"
                data-testid="quiz-done"
              >
                {t("quiz.backToLesson")}
              </Link>
            </p>
          </>
        ) : (
          <OpenAttempt loaderData={loaderData} />
        )}
      </div>
    </>
  );
}
