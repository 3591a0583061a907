// A lesson's video in the curriculum editor: its state (uploading, processing, ready, failed with the reason
// and a retry), the free-preview switch, and the upload. Without JavaScript the upload is a plain multipart
// form the server streams to storage. With JavaScript the same form asks the server for a tus upload link and
// sends the file in resumable chunks with tus-js-client (loaded only here, on demand): a progress bar with
// the percentage, pause/resume, automatic retries when the connection drops, and — after a closed tab — the
// browser remembers the unfinished upload, so choosing the same file again continues where it stopped.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useRevalidator } from "react-router";
import type { VideoStatus } from "../../db/schema";
import { useTranslation } from "../../i18n/use-translation";

export type LessonVideoSummaryView = {
  id: string;
  status: VideoStatus;
  error: string | null;
  size: number;
  bytesReceived: number;
  durationSeconds: number | null;
};

type UploadUi =
  | { phase: "idle" }
  | { phase: "uploading" | "paused"; percent: number; resumed: boolean }
  | { phase: "offline"; percent: number; resumed: boolean }
  | { phase: "done"; percent: 100 }
  | { phase: "failed"; message: string };

export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
  return `${h > 0 ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}

const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];
const CHUNK_SIZE = 5 * 1024 * 1024;

type TusUpload = import("tus-js-client").Upload;

export function LessonVideo({
  lesson,
  current,
  latest,
  action,
  maxLabel,
}: {
  lesson: { id: number; title: string; isFreePreview: boolean };
  current: LessonVideoSummaryView | null;
  latest: LessonVideoSummaryView | null;
  /** The lesson's video action URL (localized). */
  action: string;
  maxLabel: string;
}) {
  const { t } = useTranslation("video");
  const revalidator = useRevalidator();
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [ui, setUi] = useState<UploadUi>({ phase: "idle" });
  const uploadRef = useRef<TusUpload | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const prefix = `lesson-${lesson.id}-video`;

  // While the server is still processing (our video check, Vimeo transcoding), refresh the data now and then.
  const processing = current?.status === "processing" || latest?.status === "processing";
  const revalidate = revalidator.revalidate;
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void revalidate(), 4000);
    return () => clearInterval(timer);
  }, [processing, revalidate]);

  // A dropped connection: tus-js-client retries by itself; when the browser says it is back, go on at once.
  useEffect(() => {
    const online = () => {
      if (uploadRef.current) {
        setUi((state) => (state.phase === "offline" ? { ...state, phase: "uploading" } : state));
        uploadRef.current.start();
      }
    };
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, []);

  async function post(fields: Record<string, string>) {
    // URL-encoded, not multipart: the action reads multipart bodies as file uploads.
    const body = new URLSearchParams(fields);
    let response: Response;
    try {
      response = await fetch(action, { method: "POST", body, headers: { Accept: "application/json" } });
    } catch {
      throw new Error(t("studio.networkError"));
    }
    const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!json) throw new Error(t("studio.networkError"));
    if (!response.ok) throw new Error(typeof json.error === "string" ? json.error : t("studio.networkError"));
    return json;
  }

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = inputRef.current?.files?.[0];
    if (!file) {
      inputRef.current?.focus();
      return;
    }
    setUi({ phase: "uploading", percent: 0, resumed: false });
    try {
      const tus = await import("tus-js-client");
      const base = {
        chunkSize: CHUNK_SIZE,
        retryDelays: RETRY_DELAYS,
        // One remembered upload per lesson and file: the same file for another lesson starts afresh.
        fingerprint: async (f: File) =>
          `manara-video-${lesson.id}-${f.name}-${f.type}-${f.size}-${f.lastModified}`,
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
      };
      const probe = new tus.Upload(file, base);
      const previous = (await probe.findPreviousUploads()).find(
        (entry) => entry.uploadUrl && entry.metadata?.videoId,
      );

      const run = (
        videoId: string,
        link: { uploadUrl: string } | { previous: NonNullable<typeof previous> },
      ) =>
        new Promise<void>((resolve, reject) => {
          const resumed = "previous" in link;
          const upload = new tus.Upload(file, {
            ...base,
            ...("uploadUrl" in link ? { uploadUrl: link.uploadUrl } : {}),
            metadata: { filename: file.name, videoId },
            onProgress: (sent, total) => {
              const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
              setUi((state) =>
                state.phase === "paused" ? { ...state, percent } : { phase: "uploading", percent, resumed },
              );
            },
            onShouldRetry: (error, _attempt, options) => {
              const status = error.originalResponse?.getStatus() ?? 0;
              if (status === 0 && typeof navigator !== "undefined" && !navigator.onLine)
                setUi((state) =>
                  state.phase === "uploading" || state.phase === "paused"
                    ? { ...state, phase: "offline" }
                    : state,
                );
              // Client errors (refused file, expired link, not yours) are final; network and 5xx are retried.
              return (status === 0 || status >= 500 || status === 409 || status === 423) && Boolean(options);
            },
            onError: (error) => reject(error),
            onSuccess: () => resolve(),
          });
          if ("previous" in link) upload.resumeFromPreviousUpload(link.previous);
          uploadRef.current = upload;
          upload.start();
        });

      let videoId: string;
      if (previous?.uploadUrl && previous.metadata?.videoId) {
        videoId = previous.metadata.videoId;
        setUi({ phase: "uploading", percent: 0, resumed: true });
        try {
          await run(videoId, { previous });
        } catch (error) {
          // The remembered upload is gone (expired, refused): start a new one.
          const status =
            (error as { originalResponse?: { getStatus(): number } }).originalResponse?.getStatus() ?? 0;
          if (status < 400 || status >= 500) throw error;
          const link = await post({ intent: "createLink", fileSize: String(file.size), fileName: file.name });
          videoId = String(link.videoId);
          await run(videoId, { uploadUrl: String(link.uploadLink) });
        }
      } else {
        const link = await post({ intent: "createLink", fileSize: String(file.size), fileName: file.name });
        videoId = String(link.videoId);
        await run(videoId, { uploadUrl: String(link.uploadLink) });
      }
      uploadRef.current = null;
      const state = await post({ intent: "uploaded", videoId });
      if (state.status === "error") {
        setUi({ phase: "failed", message: String(state.error ?? "") });
      } else {
        setUi({ phase: "done", percent: 100 });
      }
      await revalidate();
    } catch (error) {
      uploadRef.current = null;
      setUi({ phase: "failed", message: readableError(error, t("studio.networkError")) });
      await revalidate();
    }
  }

  function pause() {
    uploadRef.current?.abort();
    setUi((state) =>
      state.phase === "uploading" || state.phase === "offline" ? { ...state, phase: "paused" } : state,
    );
  }

  function resume() {
    setUi((state) =>
      state.phase === "paused" || state.phase === "offline" ? { ...state, phase: "uploading" } : state,
    );
    uploadRef.current?.start();
  }

  const busy = ui.phase === "uploading" || ui.phase === "paused" || ui.phase === "offline";
  const percent = "percent" in ui ? ui.percent : 0;

  return (
    <div data-testid="lesson-video">
      <p className="text-sm font-semibold">{t("studio.heading")}</p>
      {current ? (
        <p className="mt-1 text-sm" data-testid="video-status" data-status={current.status}>
          <span className={current.status === "ready" ? "font-semibold text-emerald-800" : "font-semibold"}>
            {t("studio.current", { status: t(`status.${current.status}`) })}
          </span>
          {current.durationSeconds ? (
            <span className="ms-2 text-ink/70">
              {t("studio.duration", { duration: formatDuration(current.durationSeconds) })}
            </span>
          ) : null}
        </p>
      ) : latest ? null : (
        <p className="mt-1 text-sm text-ink/70" data-testid="video-status" data-status="none">
          {t("studio.none")}
        </p>
      )}
      {latest && !busy ? (
        latest.status === "error" ? (
          <div
            role="alert"
            className="mt-1 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
            data-testid="video-failed"
          >
            <p>{t("studio.failed", { reason: latest.error ? t(`reasons.${latest.error}`) : "" })}</p>
            <label
              htmlFor={`${prefix}-file`}
              className="mt-1 inline-block cursor-pointer font-semibold underline"
            >
              {t("studio.retry")}
            </label>
          </div>
        ) : (
          <p className="mt-1 text-sm" data-testid="video-latest" data-status={latest.status}>
            {t("studio.latest", { status: t(`status.${latest.status}`) })}
            {latest.status === "uploading" ? (
              <span className="ms-2 text-ink/70">
                {t("studio.received", {
                  percent: Math.floor((latest.bytesReceived / Math.max(1, latest.size)) * 100),
                })}
              </span>
            ) : null}
          </p>
        )
      ) : null}
      {processing ? (
        // With JavaScript the page also looks again every few seconds; the link works without it.
        <p className="mt-1 text-xs text-ink/70">
          {t("studio.processingNote")}{" "}
          <Link
            to={`${location.pathname}${location.search}`}
            preventScrollReset
            className="font-semibold underline"
            data-testid="video-check-again"
          >
            {t("studio.checkAgain")}
          </Link>
        </p>
      ) : null}
      {lesson.isFreePreview ? (
        <p className="mt-1 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
          {t("studio.isFreePreview")}
        </p>
      ) : null}

      <Form
        method="post"
        encType="multipart/form-data"
        action={action}
        onSubmit={hydrated ? start : undefined}
        className="mt-2 space-y-2"
        data-testid="video-upload-form"
        data-enhanced={hydrated ? "tus" : undefined}
      >
        <div>
          <label htmlFor={`${prefix}-file`} className="block text-sm">
            {t("studio.file", { title: lesson.title })}
          </label>
          <input
            ref={inputRef}
            id={`${prefix}-file`}
            name="file"
            type="file"
            accept="video/mp4,video/webm,video/quicktime,.mp4,.webm,.mov"
            aria-describedby={`${prefix}-hint`}
            disabled={busy}
            className="mt-1 block w-full text-sm"
            data-testid="video-file"
          />
          <p id={`${prefix}-hint`} className="mt-1 text-xs text-ink/70">
            {t("studio.hint", { max: maxLabel })}
          </p>
        </div>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md border border-ink/20 px-3 py-1.5 text-sm font-semibold hover:bg-sand disabled:opacity-60"
          data-testid="video-upload"
        >
          {busy ? t("studio.uploading") : t("studio.upload")}
        </button>
      </Form>

      {ui.phase !== "idle" && ui.phase !== "failed" ? (
        <div className="mt-2" data-testid="video-progress">
          {"resumed" in ui && ui.resumed ? (
            <p className="text-xs text-ink/70">{t("studio.resuming")}</p>
          ) : null}
          <div className="flex items-center gap-2">
            <progress
              max={100}
              value={percent}
              aria-label={t("studio.progress", { title: lesson.title })}
              className="h-2 w-full"
            />
            <span className="text-sm tabular-nums" data-testid="upload-percent" aria-live="polite">
              {t("studio.percent", { percent })}
            </span>
          </div>
          {ui.phase === "offline" ? <p className="text-xs text-ink/70">{t("studio.offline")}</p> : null}
          {ui.phase === "uploading" || ui.phase === "offline" ? (
            <button
              type="button"
              onClick={pause}
              className="mt-1 text-sm font-semibold underline"
              data-testid="video-pause"
            >
              {t("studio.pause")}
            </button>
          ) : null}
          {ui.phase === "paused" ? (
            <button
              type="button"
              onClick={resume}
              className="mt-1 text-sm font-semibold underline"
              data-testid="video-resume"
            >
              {t("studio.resume")}
            </button>
          ) : null}
        </div>
      ) : null}
      {ui.phase === "failed" ? (
        <p role="alert" className="mt-2 text-sm text-red-800" data-testid="video-upload-error">
          {t("studio.uploadFailed", { reason: ui.message })}
        </p>
      ) : null}

      <div className="mt-3 flex flex-wrap gap-3">
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="freePreview" />
          <input type="hidden" name="value" value={lesson.isFreePreview ? "0" : "1"} />
          <button
            type="submit"
            className="text-sm font-semibold text-coral-700 hover:underline"
            data-testid="toggle-free-preview"
          >
            {lesson.isFreePreview ? t("studio.stopFreePreview") : t("studio.makeFreePreview")}
          </button>
        </Form>
        {current || latest ? (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="removeVideo" />
            <button
              type="submit"
              className="text-sm font-semibold text-red-700 hover:underline"
              data-testid="remove-video"
            >
              {t("studio.remove")}
            </button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}

function readableError(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const response = (error as { originalResponse?: { getBody(): string } | null }).originalResponse;
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { error?: { message?: string } };
      if (body.error?.message) return body.error.message;
    } catch {
      // not JSON
    }
    return fallback;
  }
  return error.message.startsWith("tus:") ? fallback : error.message;
}
