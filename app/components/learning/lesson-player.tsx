// A lesson's video. Local videos play in the native <video> (no player library: it works without JS); the
// `#t=` media fragment starts it at the saved position even without JS. Vimeo videos play in Vimeo's embed
// player, driven through its postMessage protocol (app/learning/vimeo-messages.ts). With JS, both save the
// position (progress-tracker.ts: every 15 s while playing, on pause and on leave with navigator.sendBeacon),
// resume at the saved position, and complete the lesson by themselves at 90 % watched. A lesson's captions are
// one `<track>` per language inside the native player (the page's language is the default; Vimeo's player
// shows Vimeo's own text tracks), and its transcript stands under the player (./transcript.tsx).
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useLocale } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import { parseVimeoMessage, TRACKED_EVENTS, vimeoCommand } from "../../learning/vimeo-messages";
import type { LessonVideo } from "../../video/playback.server";
import { createProgressTracker, type ProgressTracker } from "./progress-tracker";
import { Transcript, type TranscriptData } from "./transcript";

export type PlayerCaptionsView = {
  tracks: { lang: "en" | "ar"; src: string }[];
  transcript: TranscriptData | null;
};

const NO_CAPTIONS: PlayerCaptionsView = { tracks: [], transcript: null };

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
  /** False for a free preview: the player saves nothing (the server would refuse it anyway). */
  recordProgress?: boolean;
  captions?: PlayerCaptionsView;
};

export function LessonPlayer({
  courseId,
  lessonId,
  title,
  video,
  embedUrl,
  resumeAt,
  completed,
  recordProgress = true,
  captions = NO_CAPTIONS,
}: Props) {
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
        recordProgress={recordProgress}
        label={frameTitle}
        captions={captions}
      />
    );
  }
  if (video?.status === "ready" && video.provider === "vimeo" && video.embedUrl) {
    return (
      <VimeoVideo
        key={lessonId}
        courseId={courseId}
        lessonId={lessonId}
        src={video.embedUrl}
        resumeAt={resumeAt}
        completed={completed}
        recordProgress={recordProgress}
        label={frameTitle}
        captions={captions}
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

type PlayerProps = {
  courseId: number;
  lessonId: number;
  src: string;
  resumeAt: number;
  completed: boolean;
  recordProgress: boolean;
  label: string;
  captions: PlayerCaptionsView;
};

/** What a preview's player reports to: nothing is saved. */
const NOT_RECORDING: ProgressTracker = { playing() {}, paused() {}, leaving() {} };

/**
 * What both players share: the resume position and completion, fixed for the life of the player (one
 * lesson) — a revalidation after a save must neither reload the video nor seek it back to the position just
 * saved —, and a factory for the tracker that saves progress and refreshes the ticks after a completion.
 */
function useProgress({
  courseId,
  lessonId,
  resumeAt: resumeAtProp,
  completed: completedProp,
  recordProgress,
}: PlayerProps) {
  const [{ resumeAt, completed }] = useState({ resumeAt: resumeAtProp, completed: completedProp });
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const newTracker = useCallback(
    () =>
      recordProgress
        ? createProgressTracker({
            url: progressPath(courseId, lessonId),
            resumeAt,
            completed,
            onCompleted: () => revalidate.current(),
          })
        : NOT_RECORDING,
    [courseId, lessonId, resumeAt, completed, recordProgress],
  );
  return { resumeAt, newTracker };
}

function LocalVideo(props: PlayerProps) {
  const { src, label, captions } = props;
  const { t } = useTranslation("learning");
  const locale = useLocale();
  const { resumeAt, newTracker } = useProgress(props);
  const ref = useRef<HTMLVideoElement>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  const seek = useCallback((to: number) => {
    const element = ref.current;
    if (element) element.currentTime = to;
  }, []);

  // The transcript follows the player: the line being spoken is marked.
  useEffect(() => {
    const element = ref.current;
    if (!element || !captions.transcript) return;
    const onTime = () => setSeconds(element.currentTime);
    element.addEventListener("timeupdate", onTime);
    element.addEventListener("seeked", onTime);
    return () => {
      element.removeEventListener("timeupdate", onTime);
      element.removeEventListener("seeked", onTime);
    };
  }, [captions.transcript]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const tracker = newTracker();
    const position = () => element.currentTime;

    const onLoadedMetadata = () => {
      // The #t= fragment usually did this already; a browser that ignored it starts at 0.
      if (resumeAt > 0 && Math.abs(element.currentTime - resumeAt) > 1 && resumeAt < element.duration) {
        element.currentTime = resumeAt;
      }
    };
    const onTimeUpdate = () =>
      tracker.playing(position(), Number.isFinite(element.duration) ? element.duration : null);
    const onPause = () => tracker.paused(position());
    const onLeave = () => tracker.leaving(position());
    const onHide = () => {
      if (document.visibilityState === "hidden") onLeave();
    };

    if (element.readyState >= 1) onLoadedMetadata();
    element.addEventListener("loadedmetadata", onLoadedMetadata);
    element.addEventListener("timeupdate", onTimeUpdate);
    element.addEventListener("pause", onPause);
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onLeave);
    return () => {
      element.removeEventListener("loadedmetadata", onLoadedMetadata);
      element.removeEventListener("timeupdate", onTimeUpdate);
      element.removeEventListener("pause", onPause);
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onLeave);
      // Leaving for another page of the site: the element is going away with its position.
      onLeave();
    };
  }, [newTracker, resumeAt]);

  const defaultLang = captions.tracks.some((track) => track.lang === locale)
    ? locale
    : captions.tracks[0]?.lang;
  return (
    <div className="space-y-4">
      <div className="aspect-video overflow-hidden rounded-lg bg-ink">
        {/* biome-ignore lint/a11y/useMediaCaption: a lesson without uploaded captions has no track to give */}
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
          {captions.tracks.map((track) => (
            <track
              key={track.lang}
              kind="captions"
              srcLang={track.lang}
              label={t(`captions.lang.${track.lang}`)}
              src={track.src}
              default={track.lang === defaultLang}
              data-testid={`caption-track-${track.lang}`}
            />
          ))}
          {t("player.unsupported")}
        </video>
      </div>
      {captions.transcript ? (
        <Transcript transcript={captions.transcript} videoSrc={src} currentSeconds={seconds} onSeek={seek} />
      ) : null}
    </div>
  );
}

/**
 * Vimeo's embed player. Only messages from the frame's own window and origin are read; the page subscribes
 * to the player's events once it says it is ready (or answers the page's ping, when it loaded first), seeks
 * to the saved position, and feeds the reported positions to the same tracker as the native player.
 */
function VimeoVideo(props: PlayerProps) {
  const { src, label, captions } = props;
  const { resumeAt, newTracker } = useProgress(props);
  const ref = useRef<HTMLIFrameElement>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  const seek = useCallback(
    (to: number) => {
      try {
        ref.current?.contentWindow?.postMessage(vimeoCommand("setCurrentTime", to), new URL(src).origin);
      } catch {
        // A malformed embed URL: there is no player to seek.
      }
    },
    [src],
  );

  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    let origin: string;
    try {
      origin = new URL(src).origin;
    } catch {
      return;
    }
    const tracker = newTracker();
    const send = (command: ReturnType<typeof vimeoCommand>) =>
      frame.contentWindow?.postMessage(command, origin);
    let position = resumeAt;
    let subscribed = false;

    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      const message = parseVimeoMessage(event.data);
      if (!message) return;
      if (message.event === "ready") {
        if (subscribed) return;
        subscribed = true;
        for (const name of TRACKED_EVENTS) send(vimeoCommand("addEventListener", name));
        if (resumeAt > 0) send(vimeoCommand("setCurrentTime", resumeAt));
        return;
      }
      position = message.seconds;
      setSeconds(position);
      if (message.event === "pause") tracker.paused(position);
      else tracker.playing(position, message.duration);
    };
    const onLeave = () => tracker.leaving(position);
    const onHide = () => {
      if (document.visibilityState === "hidden") onLeave();
    };

    window.addEventListener("message", onMessage);
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onLeave);
    send(vimeoCommand("ping"));
    return () => {
      window.removeEventListener("message", onMessage);
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onLeave);
      onLeave();
    };
  }, [newTracker, src, resumeAt]);

  return (
    <div className="space-y-4">
      <div className="aspect-video overflow-hidden rounded-lg bg-ink">
        <iframe
          ref={ref}
          src={src}
          title={label}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="size-full border-0"
          data-testid="lesson-video-frame"
          data-player="vimeo"
          data-resume-at={resumeAt}
        />
      </div>
      {captions.transcript ? (
        // Vimeo's player page takes no `#t=` fragment of ours: without JavaScript the lines are plain text.
        <Transcript transcript={captions.transcript} videoSrc={null} currentSeconds={seconds} onSeek={seek} />
      ) : null}
    </div>
  );
}
