// A lesson's video. Local videos play in the native <video> (no player library: it works without JS); the
// `#t=` media fragment starts it at the saved position even without JS. With JS the position is saved every
// 15 s while playing and on pause, end and leave (navigator.sendBeacon), playback resumes at the saved
// position once the metadata is known, and at 90 % watched the lesson completes by itself. Vimeo videos play
// in Vimeo's embed player (their position is not tracked: that needs Vimeo's player script).
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { COMPLETION_SHARE } from "../../learning/policy";
import type { LessonVideo } from "../../video/playback.server";

/** How often a playing video's position is saved. */
export const SAVE_EVERY_MS = 15_000;

/** The same-origin route that records progress with the session cookie (routes/learn-progress.ts). */
export function progressPath(courseId: number, lessonId: number): string {
  return `/courses/${courseId}/learn/${lessonId}/progress`;
}

type Props = {
  courseId: number;
  lessonId: number;
  title: string;
  video: LessonVideo | null;
  /** A trainer-typed https embed URL, for lessons made before uploads existed. */
  embedUrl: string | null;
  resumeAt: number;
  completed: boolean;
};

export function LessonPlayer({ courseId, lessonId, title, video, embedUrl, resumeAt, completed }: Props) {
  const { t } = useTranslation("learning");
  const frameTitle = t("player.title", { title });
  if (video?.status === "ready" && video.provider === "local" && video.src) {
    return (
      <LocalVideo
        key={lessonId}
        courseId={courseId}
        lessonId={lessonId}
        src={video.src}
        resumeAt={resumeAt}
        completed={completed}
        label={frameTitle}
      />
    );
  }
  const iframeSrc = video?.status === "ready" && video.embedUrl ? video.embedUrl : video ? null : embedUrl;
  if (iframeSrc) {
    return (
      <div className="aspect-video overflow-hidden rounded-lg bg-ink">
        <iframe
          src={iframeSrc}
          title={frameTitle}
          loading="lazy"
          allow="fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="size-full border-0"
          data-testid="lesson-video-frame"
        />
      </div>
    );
  }
  const message =
    video?.status === "processing"
      ? t("player.processing")
      : video?.status === "uploading"
        ? t("player.uploading")
        : t("player.comingSoon");
  return (
    <p
      className="flex aspect-video items-center justify-center rounded-lg bg-sand p-6 text-center text-ink/75"
      data-testid="lesson-video-missing"
    >
      {message}
    </p>
  );
}

function LocalVideo({
  courseId,
  lessonId,
  src,
  resumeAt: resumeAtProp,
  completed: completedProp,
  label,
}: {
  courseId: number;
  lessonId: number;
  src: string;
  resumeAt: number;
  completed: boolean;
  label: string;
}) {
  const { t } = useTranslation("learning");
  // Fixed for the life of this player (one lesson): a revalidation after a save must neither reload the
  // video (a new #t= in src) nor seek it back to the position just saved.
  const [{ resumeAt, completed }] = useState({ resumeAt: resumeAtProp, completed: completedProp });
  const ref = useRef<HTMLVideoElement>(null);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const url = progressPath(courseId, lessonId);
    let lastSaved = Math.floor(resumeAt);
    let lastSavedAt = Date.now();
    let completedSent = completed;

    const body = (position: number, complete: boolean) => {
      const fields = new URLSearchParams({ positionSeconds: String(position) });
      if (complete) fields.set("completed", "true");
      return fields;
    };
    const position = () => Math.floor(element.currentTime);
    /** While the page lives: a keepalive fetch, so a completion can refresh the ticks afterwards. */
    const save = (complete = false) => {
      const at = position();
      if (!complete && at === lastSaved) return;
      lastSaved = at;
      lastSavedAt = Date.now();
      void fetch(url, {
        method: "POST",
        body: body(at, complete),
        keepalive: true,
        credentials: "same-origin",
      })
        .then((response) => {
          if (complete && response.ok) revalidate.current();
        })
        .catch(() => {});
    };
    /** When the page goes away: a beacon, which the browser delivers even after the tab closes. */
    const beacon = () => {
      const at = position();
      if (at === lastSaved) return;
      lastSaved = at;
      navigator.sendBeacon(url, body(at, false));
    };

    const onLoadedMetadata = () => {
      // The #t= fragment usually did this already; a browser that ignored it starts at 0.
      if (resumeAt > 0 && Math.abs(element.currentTime - resumeAt) > 1 && resumeAt < element.duration) {
        element.currentTime = resumeAt;
      }
    };
    const onTimeUpdate = () => {
      const duration = element.duration;
      if (!completedSent && Number.isFinite(duration) && duration > 0) {
        if (element.currentTime >= duration * COMPLETION_SHARE) {
          completedSent = true;
          save(true);
          return;
        }
      }
      if (Date.now() - lastSavedAt >= SAVE_EVERY_MS) save();
    };
    const onPause = () => save();
    const onHide = () => {
      if (document.visibilityState === "hidden") beacon();
    };

    if (element.readyState >= 1) onLoadedMetadata();
    element.addEventListener("loadedmetadata", onLoadedMetadata);
    element.addEventListener("timeupdate", onTimeUpdate);
    element.addEventListener("pause", onPause);
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", beacon);
    return () => {
      element.removeEventListener("loadedmetadata", onLoadedMetadata);
      element.removeEventListener("timeupdate", onTimeUpdate);
      element.removeEventListener("pause", onPause);
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", beacon);
      // Leaving for another page of the site: the element is going away with its position.
      beacon();
    };
  }, [courseId, lessonId, resumeAt, completed]);

  return (
    <div className="aspect-video overflow-hidden rounded-lg bg-ink">
      {/* biome-ignore lint/a11y/useMediaCaption: uploaded lessons carry no caption track yet */}
      <video
        ref={ref}
        controls
        preload="metadata"
        src={resumeAt > 0 ? `${src}#t=${resumeAt}` : src}
        aria-label={label}
        className="size-full"
        data-testid="lesson-video"
        data-resume-at={resumeAt}
      >
        {t("player.unsupported")}
      </video>
    </div>
  );
}
