// The learn page's side of Vimeo's player protocol: which messages it believes, and when it saves progress.
import { describe, expect, it, vi } from "vitest";
import { createProgressTracker, SAVE_EVERY_MS } from "../../app/components/learning/progress-tracker";
import { parseVimeoMessage, vimeoCommand } from "../../app/learning/vimeo-messages";

describe("parseVimeoMessage", () => {
  it("reads the player's events, as objects or JSON text", () => {
    expect(parseVimeoMessage({ event: "ready", player_id: "x" })).toEqual({ event: "ready" });
    expect(parseVimeoMessage({ method: "ping" })).toEqual({ event: "ready" });
    expect(
      parseVimeoMessage(
        JSON.stringify({ event: "timeupdate", data: { seconds: 12.5, percent: 0.5, duration: 25 } }),
      ),
    ).toEqual({ event: "timeupdate", seconds: 12.5, duration: 25 });
    expect(parseVimeoMessage({ event: "pause", data: { seconds: 3, duration: 0 } })).toEqual({
      event: "pause",
      seconds: 3,
      duration: null,
    });
  });

  it("ignores anything malformed, unknown or out of range", () => {
    for (const raw of [
      null,
      undefined,
      42,
      "not json",
      "{",
      "x".repeat(20_000),
      [],
      {},
      { event: "play" },
      { event: "timeupdate" },
      { event: "timeupdate", data: { seconds: -1 } },
      { event: "timeupdate", data: { seconds: Number.NaN } },
      { event: "timeupdate", data: { seconds: "12" } },
      { event: "timeupdate", data: { seconds: 1e12 } },
      { event: "__proto__", data: { seconds: 1 } },
      { method: "getCurrentTime", value: 3 },
    ]) {
      expect(parseVimeoMessage(raw)).toBeNull();
    }
  });

  it("builds the commands the player understands", () => {
    expect(vimeoCommand("ping")).toEqual({ method: "ping" });
    expect(vimeoCommand("setCurrentTime", 42)).toEqual({ method: "setCurrentTime", value: 42 });
  });
});

describe("createProgressTracker", () => {
  function setup({ resumeAt = 0, completed = false } = {}) {
    let clock = 1_000_000;
    const posts: string[] = [];
    const beacons: string[] = [];
    const onCompleted = vi.fn();
    const tracker = createProgressTracker({
      url: "/courses/1/learn/2/progress",
      resumeAt,
      completed,
      onCompleted,
      now: () => clock,
      post: async (_url, body) => {
        posts.push(body.toString());
        return new Response(null, { status: 200 });
      },
      beacon: (_url, body) => {
        beacons.push(body.toString());
      },
    });
    return { tracker, posts, beacons, onCompleted, advance: (ms: number) => (clock += ms) };
  }

  it("saves while playing only every 15 s, and on pause", () => {
    const { tracker, posts, advance } = setup();
    tracker.playing(3, 100);
    expect(posts).toEqual([]);
    advance(SAVE_EVERY_MS);
    tracker.playing(18.7, 100);
    expect(posts).toEqual(["positionSeconds=18"]);
    tracker.paused(20.2);
    expect(posts).toEqual(["positionSeconds=18", "positionSeconds=20"]);
    tracker.paused(20.9);
    expect(posts).toHaveLength(2);
  });

  it("saves at once at 90 % (the server decides it completes) and refreshes after the save", async () => {
    const { tracker, posts, onCompleted } = setup();
    tracker.playing(89, 100);
    tracker.playing(90, 100);
    tracker.playing(95, 100);
    expect(posts).toEqual(["positionSeconds=90"]);
    await vi.waitFor(() => expect(onCompleted).toHaveBeenCalledTimes(1));
  });

  it("does not complete again a lesson already completed, nor without a known duration", () => {
    const done = setup({ completed: true });
    done.tracker.playing(99, 100);
    expect(done.posts).toEqual([]);
    const unknown = setup();
    unknown.tracker.playing(99, null);
    expect(unknown.posts).toEqual([]);
  });

  it("sends a beacon on leave unless the position was saved already", () => {
    const { tracker, beacons } = setup({ resumeAt: 30 });
    tracker.leaving(30.4);
    expect(beacons).toEqual([]);
    tracker.leaving(41);
    expect(beacons).toEqual(["positionSeconds=41"]);
  });
});
