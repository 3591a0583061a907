// A lesson's video. Local videos play in the native <video> (no player library: it works without JS); the
// `#t=` media fragment starts it at the saved position even without JS. Vimeo videos play in Vimeo's embed
// player, driven through its postMessage protocol (app/learning/vimeo-messages.ts). With JS, both save the
// position (progress-tracker.ts: every 15 s while playing, on pause and on leave with navigator.sendBeacon),
// resume at the saved position, and complete the lesson by themselves at 90 % watched. A lesson's captions are
// one `<track>` per language inside the native player (the page's language is the default; Vimeo's player
// shows Vimeo's own text tracks), and its transcript stands under the player (./transcript.tsx).
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { useLocale } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import { parseVimeoMessage, TRACKED_EVENTS, vimeoCommand } from "../../learning/vimeo-messages";
import { useSaveData } from "../../lib/save-data";
import type { LessonVideo, PlaybackRendition } from "../../video/playback.server";
import {
  type ConnectionHints,
  type PlaybackQuality,
  pickQuality,
  QUALITY_CHOICES,
  type QualityChoice,
} from "../../video/renditions";
import { EnhancedFormMarker } from "../enhanced-form-marker";
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
  /** The learner's quality choice for this browser (decision 058). */
  qualityChoice?: QualityChoice;
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
  qualityChoice = "auto",
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
        renditions={video.renditions}
        qualityChoice={qualityChoice}
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

/** The local player's extra props: its original and light renditions, and the learner's quality choice. */
type LocalPlayerProps = PlayerProps & { renditions: PlaybackRendition[]; qualityChoice: QualityChoice };

/** What the browser says of its connection (the Network Information API, where there is one). */
function connectionHints(saveData: boolean): ConnectionHints {
  const connection = (
    navigator as Navigator & {
      connection?: { saveData?: boolean; effectiveType?: string; downlink?: number };
    }
  ).connection;
  return {
    saveData: saveData || Boolean(connection?.saveData),
    effectiveType: connection?.effectiveType,
    downlinkMbps: connection?.downlink,
  };
}

function LocalVideo(props: LocalPlayerProps) {
  const { label, captions, renditions } = props;
  const { t } = useTranslation("learning");
  const locale = useLocale();
  const saveData = useSaveData();
  const { resumeAt, newTracker } = useProgress(props);
  const ref = useRef<HTMLVideoElement>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  const [choice, setChoice] = useState(props.qualityChoice);
  // The server knows Save-Data; the browser may know more (a slow connection), once hydrated.
  const [hints, setHints] = useState<ConnectionHints>({ saveData });
  useEffect(() => setHints(connectionHints(saveData)), [saveData]);
  const quality = pickQuality(choice, hints, renditions);
  const src = renditions.find((rendition) => rendition.quality === quality)?.src ?? props.src;
  // The element's src is set once by React (the first quality, with the saved position as a fragment) and
  // switched by hand afterwards, so a switch keeps the position and the playing state.
  const [firstSrc] = useState(resumeAt > 0 ? `${src}#t=${resumeAt}` : src);
  const startAt = useRef(resumeAt);
  const switching = useRef<{ resume: boolean } | null>(null);
  const seek = useCallback((to: number) => {
    const element = ref.current;
    if (element) element.currentTime = to;
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element || element.getAttribute("src")?.split("#")[0] === src) return;
    // Before its metadata the element's position reads 0: where it was going to start is where it is.
    if (element.readyState >= 1) startAt.current = element.currentTime;
    switching.current = { resume: !element.paused };
    element.src = startAt.current > 0 ? `${src}#t=${startAt.current}` : src;
  }, [src]);

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
    // Until the element has its metadata (just after the page opened, or while a switch of quality
    // reloads it) its position reads 0, which is not where the learner is: that is where it will start.
    const position = () =>
      element.readyState >= 1 && !switching.current ? element.currentTime : startAt.current;

    const onLoadedMetadata = () => {
      // The #t= fragment usually did this already; a browser that ignored it starts at 0. After a switch of
      // quality the renditions have the same length, so the same second is the same moment.
      const at = startAt.current;
      if (at > 0 && Math.abs(element.currentTime - at) > 1 && at < element.duration) element.currentTime = at;
      const resume = switching.current?.resume;
      switching.current = null;
      if (resume) void element.play().catch(() => {});
    };
    // While a switch reloads the element, its position reads 0: nothing is reported until it is back.
    const onTimeUpdate = () => {
      if (!switching.current)
        tracker.playing(position(), Number.isFinite(element.duration) ? element.duration : null);
    };
    const onPause = () => {
      if (!switching.current) tracker.paused(position());
    };
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
  }, [newTracker]);

  const defaultLang = captions.tracks.some((track) => track.lang === locale)
    ? locale
    : captions.tracks[0]?.lang;
  return (
    <div className="space-y-4" id="player">
      <div className="aspect-video overflow-hidden rounded-lg bg-ink">
        {/* biome-ignore lint/a11y/useMediaCaption: a lesson without uploaded captions has no track to give */}
        <video
          ref={ref}
          controls
          preload="metadata"
          src={firstSrc}
          aria-label={label}
          className="size-full"
          data-testid="lesson-video"
          data-resume-at={resumeAt}
          data-quality={quality}
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
      <QualityPicker choice={choice} playing={quality} renditions={renditions} onChoose={setChoice} />
      {captions.transcript ? (
        <Transcript transcript={captions.transcript} videoSrc={src} currentSeconds={seconds} onSeek={seek} />
      ) : null}
    </div>
  );
}

/**
 * Auto, High, Low or Audio only: a plain form to the learn page's action without JavaScript (the choice
 * comes back in a cookie and the page plays it); with JavaScript the player switches at once and a fetcher
 * remembers the choice, rolled back with the error toast if it is refused.
 */
function QualityPicker({
  choice,
  playing,
  renditions,
  onChoose,
}: {
  choice: QualityChoice;
  playing: PlaybackQuality;
  renditions: PlaybackRendition[];
  onChoose: (choice: QualityChoice) => void;
}) {
  const { t } = useTranslation("learning");
  const fetcher = useFetcher<{ ok: boolean }>();
  const previous = useRef(choice);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) onChoose(previous.current);
  }, [fetcher.state, fetcher.data, onChoose]);
  const status = (quality: PlaybackQuality) =>
    renditions.find((rendition) => rendition.quality === quality)?.status;
  return (
    <fetcher.Form
      method="post"
      className="flex flex-wrap items-center gap-2 text-sm"
      data-testid="quality-form"
    >
      <EnhancedFormMarker />
      <input type="hidden" name="intent" value="quality" />
      <label htmlFor="video-quality" className="font-semibold">
        {t("player.quality.label")}
      </label>
      <select
        id="video-quality"
        name="quality"
        value={choice}
        onChange={(event) => {
          const next = event.currentTarget.value as QualityChoice;
          previous.current = choice;
          onChoose(next);
          void fetcher.submit(event.currentTarget.form);
        }}
        className="rounded-md border border-ink/30 bg-white px-2 py-1.5"
        data-testid="quality-select"
      >
        {QUALITY_CHOICES.map((option) => (
          <option key={option} value={option}>
            {option === "auto" || option === "high" || status(option) === "ready"
              ? t(`player.quality.option.${option}`)
              : t("player.quality.notReady", { quality: t(`player.quality.option.${option}`) })}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="rounded-md border border-ink/30 px-3 py-1.5 font-semibold hover:bg-sand"
      >
        {t("player.quality.apply")}
      </button>
      <span className="text-ink/70" data-testid="quality-playing">
        {t("player.quality.playing", { quality: t(`player.quality.option.${playing}`) })}
      </span>
    </fetcher.Form>
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
