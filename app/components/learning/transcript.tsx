// A lesson's transcript beside its player (issue 36), built from its captions in the page's language. Without
// JavaScript it is a readable list whose timestamps link to `#t=` media fragments of the video's URL. With
// JavaScript a click on a line seeks the player, the line being spoken is marked (aria-current), and a search
// box filters the lines.
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";

export type TranscriptData = {
  lang: string;
  /** `time` is the start as shown (m:ss), written on the server so the caption module stays out of the bundle. */
  lines: { startMs: number; endMs: number; text: string; time: string }[];
};

export function Transcript({
  transcript,
  videoSrc,
  currentSeconds,
  onSeek,
}: {
  transcript: TranscriptData;
  /** The video's own URL, for the `#t=` links that work without JavaScript; null when there is none. */
  videoSrc: string | null;
  /** Where the player is, in seconds (null before it reports). */
  currentSeconds: number | null;
  /** Seeks the player (with JavaScript); without it the links are followed. */
  onSeek?: (seconds: number) => void;
}) {
  const { t } = useTranslation("learning");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [query, setQuery] = useState("");
  const needle = query.trim().toLocaleLowerCase();
  const shown = useMemo(
    () =>
      transcript.lines
        .map((line, index) => ({ ...line, index }))
        .filter((line) => !needle || line.text.toLocaleLowerCase().includes(needle)),
    [transcript.lines, needle],
  );
  const nowMs = currentSeconds === null ? null : currentSeconds * 1000;
  const currentIndex =
    nowMs === null
      ? -1
      : transcript.lines.findLastIndex((line) => line.startMs <= nowMs && nowMs < line.endMs);
  return (
    <section
      aria-labelledby="transcript-title"
      className="rounded-lg border border-ink/10 p-4"
      data-testid="transcript"
      lang={transcript.lang}
    >
      <h2 id="transcript-title" className="text-lg font-bold">
        {t("captions.transcript")}
      </h2>
      {hydrated ? (
        <div className="mt-3">
          <label htmlFor="transcript-search" className="sr-only">
            {t("captions.search")}
          </label>
          <input
            id="transcript-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t("captions.search")}
            dir="auto"
            className="w-full rounded-md border border-ink/30 px-3 py-1.5"
            data-testid="transcript-search"
          />
        </div>
      ) : null}
      <ol className="mt-3 max-h-96 space-y-1 overflow-y-auto pe-1" data-testid="transcript-lines">
        {shown.map((line) => {
          const seconds = Math.floor(line.startMs / 1000);
          const label = line.time;
          const current = line.index === currentIndex;
          return (
            <li
              key={line.index}
              aria-current={current ? "true" : undefined}
              className="flex gap-3 rounded px-2 py-1 aria-[current=true]:bg-sand"
              data-testid="transcript-line"
              data-start={line.startMs / 1000}
            >
              {videoSrc ? (
                <a
                  href={`${videoSrc}#t=${seconds}`}
                  onClick={(event) => {
                    if (!onSeek) return;
                    event.preventDefault();
                    onSeek(line.startMs / 1000);
                  }}
                  aria-label={t("captions.seek", { time: label })}
                  className="shrink-0 font-mono text-sm font-semibold text-coral-700 tabular-nums hover:underline"
                  data-testid="transcript-time"
                  dir="ltr"
                >
                  {label}
                </a>
              ) : hydrated && onSeek ? (
                // Vimeo's player: no URL of ours to link to, but the page can still seek it.
                <button
                  type="button"
                  onClick={() => onSeek(line.startMs / 1000)}
                  aria-label={t("captions.seek", { time: label })}
                  className="shrink-0 font-mono text-sm font-semibold text-coral-700 tabular-nums hover:underline"
                  data-testid="transcript-time"
                  dir="ltr"
                >
                  {label}
                </button>
              ) : (
                <span className="shrink-0 font-mono text-sm tabular-nums text-ink/70" dir="ltr">
                  {label}
                </span>
              )}
              <span dir="auto">{line.text}</span>
            </li>
          );
        })}
      </ol>
      {shown.length === 0 && needle ? (
        <p className="mt-2 text-sm text-ink/75" role="status">
          {t("captions.noMatch", { query })}
        </p>
      ) : null}
    </section>
  );
}
