// The learn page's player (app/components/learning/lesson-player.tsx) as a learner meets it: a local video in
// the quality they chose, the quality picker (a plain form, a fetcher with JavaScript, rolled back when the
// save is refused), the captions' tracks, and a Vimeo lesson's player with its postMessage handshake.
//
// jsdom plays no media: a <video> never loads, its readyState stays 0 and no media event fires by itself, so
// the tests dispatch the events and set the position the player reads. Left to the end-to-end suite
// (tests/e2e): playback itself, the `#t=` fragment actually starting the video there, the switch of quality
// resuming playback once the new source has its metadata, captions shown over the picture (jsdom parses no
// WebVTT), Vimeo's real player and the beacon sent when the page is hidden.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { data } from "react-router";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { LessonPlayer, progressPath } from "../../app/components/learning/lesson-player";
import type { LessonVideo } from "../../app/video/playback.server";
import { fieldsOf, type PageAction, type PageProps, renderPage, serverHtml } from "./render";

type PlayerProps = ComponentProps<typeof LessonPlayer>;

const PATH = "/courses/:id/learn/:lessonId";
const HERE = "/courses/7/learn/12";

/** A ready local upload with its light renditions, as getLessonVideo gives it (app/video/playback.server.ts). */
const LOCAL_VIDEO: LessonVideo = {
  id: "vid-3f2a",
  provider: "local",
  status: "ready",
  src: "/media/videos/vid-3f2a",
  embedUrl: null,
  durationSeconds: 600,
  renditions: [
    { quality: "high", src: "/media/videos/vid-3f2a", status: "ready" },
    { quality: "low", src: "/media/videos/vid-3f2a/low", status: "ready" },
    { quality: "audio", src: "/media/videos/vid-3f2a/audio", status: "ready" },
  ],
};

const VIMEO_VIDEO: LessonVideo = {
  id: "vid-9c1d",
  provider: "vimeo",
  status: "ready",
  src: null,
  embedUrl: "https://player.vimeo.com/video/76979871",
  durationSeconds: 300,
  renditions: [],
};

const CAPTIONS: NonNullable<PlayerProps["captions"]> = {
  tracks: [
    { lang: "en", src: "/courses/7/learn/12/captions/en.vtt" },
    { lang: "ar", src: "/courses/7/learn/12/captions/ar.vtt" },
  ],
  transcript: null,
};

function playerProps(overrides: Partial<PlayerProps> = {}): PlayerProps {
  return {
    courseId: 7,
    lessonId: 12,
    title: "Routing in depth",
    video: LOCAL_VIDEO,
    embedUrl: null,
    resumeAt: 42,
    completed: false,
    recordProgress: true,
    captions: CAPTIONS,
    qualityChoice: "low",
    ...overrides,
  };
}

/** As the learn page renders it (app/components/learning/learn-page.tsx, from the loader's fields). */
function PlayerPage({ loaderData }: PageProps<PlayerProps>) {
  return <LessonPlayer {...loaderData} />;
}

function renderPlayer(
  props: PlayerProps = playerProps(),
  { url = HERE, action, saveData }: { url?: string; action?: PageAction; saveData?: boolean } = {},
) {
  return renderPage({ path: PATH, url, loaderData: props, Page: PlayerPage, action, saveData });
}

const video = () => screen.getByTestId<HTMLVideoElement>("lesson-video");
/** The address the element is loading, without the position fragment. */
const loading = () => video().getAttribute("src");

let fetchSpy: MockInstance<typeof fetch>;
beforeEach(() => {
  // jsdom implements none of these; the player calls play() after a switch of quality.
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => {});
  // Progress saves (progress-tracker.ts) go out with fetch, to the lesson's progress route.
  fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("a local video", () => {
  it("plays the rendition of the chosen quality, from the saved position", () => {
    renderPlayer();
    expect(video().getAttribute("aria-label")).toBe("Video: Routing in depth");
    expect(loading()).toBe("/media/videos/vid-3f2a/low#t=42");
    expect(video().dataset.quality).toBe("low");
    expect(screen.getByTestId("quality-playing").textContent).toBe("Playing: Low (saves data)");
  });

  it("plays the original while the chosen rendition is still being prepared, and says so", () => {
    const renditions = LOCAL_VIDEO.renditions.map((rendition) =>
      rendition.quality === "low" ? { ...rendition, status: "pending" as const } : rendition,
    );
    renderPlayer(playerProps({ video: { ...LOCAL_VIDEO, renditions } }));
    expect(loading()).toBe("/media/videos/vid-3f2a#t=42");
    expect(screen.getByRole("option", { name: "Low (saves data) (being prepared)" })).toBeTruthy();
    expect(screen.getByTestId("quality-playing").textContent).toBe("Playing: High (original)");
  });

  it("on Auto plays the light rendition for a visitor saving data (the root loader's Save-Data)", () => {
    renderPlayer(playerProps({ qualityChoice: "auto" }), { saveData: true });
    expect(loading()).toBe("/media/videos/vid-3f2a/low#t=42");
    expect(screen.getByLabelText<HTMLSelectElement>("Quality").value).toBe("auto");
  });

  it("offers the quality picker as a plain form that works without JavaScript", () => {
    // The server's HTML, which is all a browser without JavaScript has.
    const page = within(serverHtml({ path: PATH, url: HERE, loaderData: playerProps(), Page: PlayerPage }));
    expect(page.getByTestId("lesson-video").getAttribute("src")).toBe("/media/videos/vid-3f2a/low#t=42");
    const form = page.getByTestId<HTMLFormElement>("quality-form");
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe(HERE);
    expect(page.getByLabelText<HTMLSelectElement>("Quality").value).toBe("low");
    expect(page.getAllByRole("option").map((option) => option.getAttribute("value"))).toEqual([
      "auto",
      "high",
      "low",
      "audio",
    ]);
    expect(page.getByRole("button", { name: "Apply" }).getAttribute("type")).toBe("submit");
    // What that browser posts: without the `js` marker, so the action redirects back with the choice in a
    // cookie (app/routes/course-learn.tsx).
    expect(fieldsOf(new FormData(form))).toEqual({ intent: "quality", quality: "low" });
  });

  it("posts the choice with the Apply button once hydrated too, marked as sent by JavaScript", async () => {
    const { posts } = renderPlayer();
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(fieldsOf(posts[0])).toEqual({ intent: "quality", quality: "low", js: "1" });
  });

  it("switches at once when a quality is chosen, and saves the choice through the fetcher", async () => {
    const { posts } = renderPlayer();
    fireEvent.change(screen.getByLabelText("Quality"), { target: { value: "audio" } });

    // Switched by hand, keeping the position: the element had not loaded, so it starts where it would have.
    expect(loading()).toBe("/media/videos/vid-3f2a/audio#t=42");
    expect(screen.getByTestId("quality-playing").textContent).toBe("Playing: Audio only");
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(fieldsOf(posts[0])).toEqual({ intent: "quality", quality: "audio", js: "1" });
    // Accepted: the choice stays.
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>("Quality").value).toBe("audio"));
    expect(loading()).toBe("/media/videos/vid-3f2a/audio#t=42");
  });

  it("goes back to the previous quality when the save is refused", async () => {
    // What app/routes/course-learn.tsx answers a fetcher whose choice it refuses.
    const refuse: PageAction = () => data({ ok: false, error: "That is not a quality." }, { status: 400 });
    const { posts } = renderPlayer(playerProps(), { action: refuse });
    fireEvent.change(screen.getByLabelText("Quality"), { target: { value: "high" } });
    expect(loading()).toBe("/media/videos/vid-3f2a#t=42");

    await waitFor(() => expect(posts).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>("Quality").value).toBe("low"));
    expect(loading()).toBe("/media/videos/vid-3f2a/low#t=42");
    expect(screen.getByTestId("quality-playing").textContent).toBe("Playing: Low (saves data)");
  });

  it("has one captions track per language, the page's language by default", () => {
    renderPlayer();
    const tracks = Array.from(video().querySelectorAll("track"));
    expect(
      tracks.map((track) => [
        track.kind,
        track.srclang,
        track.label,
        track.getAttribute("src"),
        track.default,
      ]),
    ).toEqual([
      ["captions", "en", "English", "/courses/7/learn/12/captions/en.vtt", true],
      ["captions", "ar", "Arabic", "/courses/7/learn/12/captions/ar.vtt", false],
    ]);
  });

  it("has no track for a lesson without captions, and defaults to the only one there is", () => {
    const { unmount } = renderPlayer(playerProps({ captions: { tracks: [], transcript: null } }));
    expect(video().querySelectorAll("track")).toHaveLength(0);
    unmount();

    renderPlayer(
      playerProps({
        captions: { tracks: [{ lang: "ar", src: "/courses/7/learn/12/captions/ar.vtt" }], transcript: null },
      }),
    );
    expect(screen.getByTestId<HTMLTrackElement>("caption-track-ar").default).toBe(true);
  });

  it("is in Arabic on /ar: the labels, and the Arabic track by default", () => {
    renderPlayer(playerProps(), { url: `/ar${HERE}` });
    expect(screen.getByTestId("document").getAttribute("dir")).toBe("rtl");
    expect(video().getAttribute("aria-label")).toBe("فيديو: Routing in depth");
    expect(screen.getByLabelText<HTMLSelectElement>("الجودة").value).toBe("low");
    expect(screen.getByRole("button", { name: "تطبيق" })).toBeTruthy();
    expect(screen.getByTestId("quality-playing").textContent).toBe("يُعرض الآن: منخفضة (توفّر البيانات)");
    expect(screen.getByTestId("quality-form").getAttribute("action")).toBe(`/ar${HERE}`);
    const tracks = Array.from(video().querySelectorAll("track"));
    expect(tracks.map((track) => [track.srclang, track.label, track.default])).toEqual([
      ["en", "الإنجليزية", false],
      ["ar", "العربية", true],
    ]);
  });

  it("saves the position when the learner pauses, to the lesson's progress route", async () => {
    renderPlayer();
    // What a browser's element reports once it has its metadata and has played to 1:35.
    Object.defineProperty(video(), "readyState", { configurable: true, value: 1 });
    Object.defineProperty(video(), "currentTime", { configurable: true, value: 95.6 });
    fireEvent(video(), new Event("pause"));

    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe(progressPath(7, 12));
    expect(init?.method).toBe("POST");
    expect(String(init?.body)).toBe("positionSeconds=95");
  });

  it("saves nothing on a free preview", () => {
    renderPlayer(playerProps({ recordProgress: false }));
    Object.defineProperty(video(), "readyState", { configurable: true, value: 1 });
    Object.defineProperty(video(), "currentTime", { configurable: true, value: 95 });
    fireEvent(video(), new Event("pause"));
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe("a Vimeo video", () => {
  const VIMEO_ORIGIN = "https://player.vimeo.com";
  const frame = () => screen.getByTestId<HTMLIFrameElement>("lesson-video-frame");
  /** A message from the player in the frame (or from elsewhere, with `origin`/`source`). */
  function fromPlayer(message: unknown, { origin = VIMEO_ORIGIN, source = frame().contentWindow } = {}) {
    fireEvent(window, new MessageEvent("message", { data: JSON.stringify(message), origin, source }));
  }

  it("plays in Vimeo's embed player, without the native player or the quality picker", () => {
    renderPlayer(playerProps({ video: VIMEO_VIDEO, qualityChoice: "auto" }));
    expect(frame().getAttribute("src")).toBe("https://player.vimeo.com/video/76979871");
    expect(frame().title).toBe("Video: Routing in depth");
    expect(frame().dataset.player).toBe("vimeo");
    expect(frame().getAttribute("allow")).toContain("fullscreen");
    expect(screen.queryByTestId("lesson-video")).toBeNull();
    expect(screen.queryByTestId("quality-form")).toBeNull();
  });

  it("subscribes once the player is ready, seeks to the saved position and saves where it paused", async () => {
    renderPlayer(playerProps({ video: VIMEO_VIDEO }));
    const contentWindow = frame().contentWindow;
    if (!contentWindow) throw new Error("jsdom gives an iframe a window");
    const sent = vi.spyOn(contentWindow, "postMessage").mockImplementation(() => {});

    // Another page's message is ignored.
    fromPlayer({ event: "ready" }, { origin: "https://evil.example" });
    expect(sent).not.toHaveBeenCalled();

    fromPlayer({ event: "ready" });
    expect(sent.mock.calls).toEqual([
      [{ method: "addEventListener", value: "timeupdate" }, VIMEO_ORIGIN],
      [{ method: "addEventListener", value: "pause" }, VIMEO_ORIGIN],
      [{ method: "addEventListener", value: "ended" }, VIMEO_ORIGIN],
      [{ method: "addEventListener", value: "seeked" }, VIMEO_ORIGIN],
      [{ method: "setCurrentTime", value: 42 }, VIMEO_ORIGIN],
    ]);

    fromPlayer({ event: "pause", data: { seconds: 120.4, duration: 300 } });
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(fetchSpy.mock.calls[0]?.[0]).toBe(progressPath(7, 12));
    expect(String(fetchSpy.mock.calls[0]?.[1]?.body)).toBe("positionSeconds=120");
  });
});

describe("a lesson without a playable video", () => {
  it("says the video is being processed", () => {
    renderPlayer(playerProps({ video: { ...LOCAL_VIDEO, status: "processing", src: null, renditions: [] } }));
    expect(screen.getByTestId("lesson-video-missing").textContent).toBe(
      "The video for this lesson is being processed. Check back in a few minutes.",
    );
  });
});
