// The video work's pure rules: containers judged by bytes, MP4 durations, Range parsing, Vimeo's statuses,
// who may write to an upload, the edge's tus exception and the CSP's Vimeo origins.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../app/security/csp.server";
import { parseRange } from "../../app/storage/range";
import { mvhdDuration, readMp4Duration, sniffVideo } from "../../app/video/container";
import {
  canWriteVideo,
  MAX_VIDEO_SECONDS,
  mapVimeoStatus,
  plausibleDurationSeconds,
} from "../../app/video/policy";
import { edgeRefusal, isTusUploadPath } from "../../server/edge.mjs";
import { FTYP, mvhdBomb, mvhdPayload, box as sizedBox } from "../integration/fuzz/containers";

const DEMO = path.resolve("app/seed/data/videos");
const bytes = (text: string) => new Uint8Array(Buffer.from(text, "binary"));
function box(type: string, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + payload.length);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(bytes(type), 4);
  out.set(payload, 8);
  return out;
}

describe("sniffVideo", () => {
  it("recognises MP4, MOV and WebM by their bytes", () => {
    const demo = readFileSync(path.join(DEMO, "manara-demo-1.mp4"));
    expect(sniffVideo(new Uint8Array(demo.subarray(0, 64)))).toBe("mp4");
    expect(sniffVideo(box("ftyp", bytes("qt  \0\0\0\0qt  ")))).toBe("mov");
    expect(sniffVideo(box("moov", new Uint8Array(16)))).toBe("mov");
    const webm = new Uint8Array([
      0x1a,
      0x45,
      0xdf,
      0xa3,
      0x9f,
      0x42,
      0x86,
      0x81,
      0x01,
      ...bytes("B\x82\x84webm"),
    ]);
    expect(sniffVideo(webm)).toBe("webm");
  });

  it("refuses images, documents, text and Matroska that is not WebM", () => {
    expect(sniffVideo(box("ftyp", bytes("avif\0\0\0\0avifmif1")))).toBeNull();
    expect(sniffVideo(box("ftyp", bytes("heic\0\0\0\0mif1heic")))).toBeNull();
    expect(sniffVideo(bytes("%PDF-1.7 hello world, this is not a video"))).toBeNull();
    expect(sniffVideo(bytes("just some text that is long enough"))).toBeNull();
    expect(sniffVideo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(sniffVideo(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...bytes("matroska....")]))).toBeNull();
    expect(sniffVideo(new Uint8Array(0))).toBeNull();
  });
});

describe("MP4 duration", () => {
  it("reads the demo clips' lengths from their mvhd boxes", async () => {
    for (const [file, seconds] of [
      ["manara-demo-1.mp4", 24],
      ["manara-demo-2.mp4", 20],
    ] as const) {
      const data = new Uint8Array(readFileSync(path.join(DEMO, file)));
      const readAt = async (position: number, length: number) => data.subarray(position, position + length);
      expect(await readMp4Duration(readAt, data.length)).toBe(seconds);
    }
  });

  it("reads version 0 and version 1 mvhd boxes and gives up on garbage", () => {
    const v0 = new Uint8Array(100);
    const view0 = new DataView(v0.buffer);
    view0.setUint32(12, 1000); // timescale
    view0.setUint32(16, 90_500); // duration
    expect(mvhdDuration(box("mvhd", v0))).toBe(91);
    const v1 = new Uint8Array(112);
    v1[0] = 1;
    const view1 = new DataView(v1.buffer);
    view1.setUint32(20, 600);
    view1.setUint32(24, 0);
    view1.setUint32(28, 600 * 3600);
    expect(mvhdDuration(box("mvhd", v1))).toBe(3600);
    expect(mvhdDuration(new Uint8Array([0, 0, 0, 2, 1, 2, 3]))).toBeNull();
  });

  const whole = (data: Uint8Array) => (position: number, length: number) =>
    Promise.resolve(data.subarray(position, position + length));
  const file = (...boxes: Uint8Array[]) => {
    const out = new Uint8Array(boxes.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of boxes) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  };

  it("reads a hostile header as an unknown duration, never as a number past int4 (issue 31)", async () => {
    const bomb = mvhdBomb();
    expect(await readMp4Duration(whole(bomb), bomb.length)).toBeNull();
    const mvhd = (version: number, timescale: number, ticks: bigint) =>
      mvhdDuration(sizedBox("mvhd", mvhdPayload(version, timescale, ticks)));
    expect(mvhd(1, 1000, 2n ** 64n - 1n)).toBeNull(); // "unknown" in the standard
    expect(mvhd(0, 1000, 2n ** 32n - 1n)).toBeNull();
    expect(mvhd(1, 1, 2n ** 53n + 1n)).toBeNull();
    expect(mvhd(0, 0, 5000n)).toBeNull(); // zero timescale
    expect(mvhd(2, 1000, 5000n)).toBeNull(); // no version 2
    expect(mvhd(0, 1000, 0n)).toBeNull(); // zero length
    expect(mvhd(0, 1, BigInt(MAX_VIDEO_SECONDS))).toBe(MAX_VIDEO_SECONDS);
    expect(mvhd(0, 1, BigInt(MAX_VIDEO_SECONDS + 1))).toBeNull();
    expect(mvhd(1, 90_000, 90_000n * 125n)).toBe(125);
    // An mvhd cut before its duration, or claiming fewer bytes than its fields need.
    const cut = sizedBox("mvhd", mvhdPayload(1, 1000, 5000n)).subarray(0, 30);
    expect(mvhdDuration(cut)).toBeNull();
    expect(
      mvhdDuration(sizedBox("mvhd", mvhdPayload(0, 1000, 5000n), { kind: "u32", value: 20 })),
    ).toBeNull();
  });

  it("refuses box sizes that overflow, undercut their header or reach past the end of the file", async () => {
    const moov = sizedBox("moov", sizedBox("mvhd", mvhdPayload(0, 1000, 61_000n)));
    const honest = file(FTYP, moov);
    expect(await readMp4Duration(whole(honest), honest.length)).toBe(61);
    for (const size of [
      { kind: "u64", value: 2n ** 63n - 1n },
      { kind: "u64", value: 2n ** 53n + 1n },
      { kind: "u64", value: 3n },
      { kind: "u32", value: 7 },
      { kind: "u32", value: 0xffffffff },
    ] as const) {
      const data = file(FTYP, sizedBox("free", new Uint8Array(16), size), moov);
      expect(await readMp4Duration(whole(data), data.length)).toBeNull();
    }
    // Sizes and offsets that are not numbers at all.
    expect(await readMp4Duration(whole(honest), Number.NaN)).toBeNull();
    expect(await readMp4Duration(whole(honest), -1)).toBeNull();
  });
});

describe("plausibleDurationSeconds", () => {
  it("is whole seconds from 1 to MAX_VIDEO_SECONDS, anything else unknown", () => {
    expect(plausibleDurationSeconds(20.4)).toBe(20);
    expect(plausibleDurationSeconds(MAX_VIDEO_SECONDS)).toBe(MAX_VIDEO_SECONDS);
    for (const value of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -1,
      0,
      0.4,
      MAX_VIDEO_SECONDS + 1,
      2 ** 63,
      1e308,
      "20",
      null,
      undefined,
    ])
      expect(plausibleDurationSeconds(value)).toBeNull();
  });
});

describe("parseRange", () => {
  it("answers single ranges like express.static", () => {
    expect(parseRange(null, 100)).toEqual({ kind: "full" });
    expect(parseRange("bytes=0-9", 100)).toEqual({ kind: "partial", start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(parseRange("bytes=50-500", 100)).toEqual({ kind: "partial", start: 50, end: 99 });
  });

  it("is unsatisfiable past the end or backwards, and ignores what it does not understand", () => {
    expect(parseRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=9-3", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=x-y", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=0-1,5-6", 100)).toEqual({ kind: "full" });
    expect(parseRange("items=0-1", 100)).toEqual({ kind: "full" });
  });
});

describe("mapVimeoStatus", () => {
  it("reads Vimeo's upload and transcode statuses as ours", () => {
    expect(mapVimeoStatus({ upload: "in_progress", transcode: "in_progress" })).toEqual({
      status: "uploading",
    });
    expect(mapVimeoStatus({ upload: "complete", transcode: "in_progress" })).toEqual({
      status: "processing",
    });
    expect(mapVimeoStatus({ upload: "complete", transcode: "complete" })).toEqual({ status: "ready" });
    expect(mapVimeoStatus({ upload: "error" })).toEqual({ status: "error", error: "vimeo_error" });
    expect(mapVimeoStatus({ upload: "complete", transcode: "error" })).toEqual({
      status: "error",
      error: "vimeo_error",
    });
  });
});

describe("canWriteVideo", () => {
  it("lets the trainer who asked for the link and admins write, nobody else", () => {
    const video = { ownerId: "t1" };
    expect(canWriteVideo({ id: "t1", role: "trainer" }, video)).toBe(true);
    expect(canWriteVideo({ id: "a", role: "admin" }, video)).toBe(true);
    expect(canWriteVideo({ id: "t2", role: "trainer" }, video)).toBe(false);
    expect(canWriteVideo({ id: "t1", role: "user" }, video)).toBe(false);
    expect(canWriteVideo(null, video)).toBe(false);
  });
});

describe("the edge and the tus endpoint", () => {
  const id = "0b7f1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b";
  it("lets OPTIONS, HEAD and PATCH through to the tus upload route only", () => {
    expect(isTusUploadPath(`/api/videos/tus/${id}`)).toBe(true);
    // The methods server/allowed-methods.ts gives these two resources (from the API registry).
    const methods = (path: string) =>
      path.startsWith("/api/videos/tus/")
        ? ["HEAD", "PATCH", "OPTIONS"]
        : path === "/api/courses"
          ? ["GET", "HEAD", "OPTIONS"]
          : null;
    expect(edgeRefusal("OPTIONS", `/api/videos/tus/${id}`, methods)).toBeNull();
    expect(edgeRefusal("PATCH", `/api/videos/tus/${id}`, methods)).toBeNull();
    expect(edgeRefusal("HEAD", `/api/videos/tus/${id}`, methods)).toBeNull();
    // Elsewhere under /api the edge answers OPTIONS itself, with the resource's methods.
    expect(edgeRefusal("OPTIONS", "/api/courses", methods)).toMatchObject({
      status: 204,
      headers: { Allow: "GET, HEAD, OPTIONS" },
    });
    expect(edgeRefusal("OPTIONS", "/api/videos/tus/not-a-uuid", methods)?.status).toBe(204);
    expect(edgeRefusal("PROPFIND", `/api/videos/tus/${id}`, methods)).toMatchObject({
      status: 405,
      headers: { Allow: "HEAD, PATCH, OPTIONS" },
    });
    expect(edgeRefusal("OPTIONS", "/api/nothing-here", methods)?.status).toBe(404);
  });
});

describe("the CSP and Vimeo", () => {
  it("allows Vimeo's player frame and upload hosts only when Vimeo is configured", () => {
    const off = contentSecurityPolicy("n", { vimeo: false });
    expect(off).toContain("frame-src 'self';");
    expect(off).not.toContain("vimeo");
    const on = contentSecurityPolicy("n", { vimeo: true });
    expect(on).toContain("frame-src 'self' https://player.vimeo.com");
    expect(on).toContain("connect-src 'self' https://*.vimeo.com");
  });

  it("lets the tests' fake Vimeo (VIMEO_API_URL, VIMEO_PLAYER_ORIGIN) stand in only while Vimeo is on", () => {
    const env = { VIMEO_API_URL: "http://127.0.0.1:4400/", VIMEO_PLAYER_ORIGIN: "http://127.0.0.1:4400" };
    const on = contentSecurityPolicy("n", { vimeo: true, env });
    expect(on).toContain("frame-src 'self' http://127.0.0.1:4400;");
    expect(on).toContain("connect-src 'self' https://*.vimeo.com http://127.0.0.1:4400;");
    expect(on).not.toContain("player.vimeo.com");
    const off = contentSecurityPolicy("n", { vimeo: false, env });
    expect(off).not.toContain("4400");
  });
});
