// Image uploads are decoded a few at a time (issue 31: twelve 40-megapixel PNG bombs at once took 1.2 GB).
// While many uploads run together, never more than IMAGE_DECODES are being decoded and the rest wait; an
// image past MAX_INPUT_PIXELS is refused without being decoded. (This read libvips' own task counters
// once: those are process-wide and are updated from the worker threads, so a sample could catch a task
// counted twice and CI saw 3. The limiter's own counts are exact.)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import {
  createLocalStore,
  IMAGE_DECODES,
  imageDecodeLoad,
  MAX_INPUT_PIXELS,
} from "../../app/media/local-store.server";
import { newPublicId, UnreadableMedia } from "../../app/media/store.server";

const root = mkdtempSync(path.join(tmpdir(), "manara-decodes-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A PNG that takes a while to decode and resize: noise does not compress. */
function noisyPng(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

describe("image decodes", () => {
  it(`runs at most ${IMAGE_DECODES} at once, whatever the number of uploads`, async () => {
    const store = createLocalStore(root);
    const images = await Promise.all(Array.from({ length: 6 }, () => noisyPng(1600, 1200)));
    let most = 0;
    let mostWaiting = 0;
    const sample = () => {
      const { decoding, waiting } = imageDecodeLoad();
      most = Math.max(most, decoding);
      mostWaiting = Math.max(mostWaiting, waiting);
    };
    const sampler = setInterval(sample, 1);
    try {
      const stored = await Promise.all(
        images.map((bytes) => store.upload({ bytes: new Uint8Array(bytes), kind: "png" }, newPublicId())),
      );
      sample();
      expect(stored.every((media) => media.width === 1280)).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    // Both lanes were used, and never more; the other uploads waited.
    expect(most).toBe(IMAGE_DECODES);
    expect(mostWaiting).toBeGreaterThan(0);
    expect(imageDecodeLoad()).toEqual({ decoding: 0, waiting: 0 });
  }, 120_000);

  it("refuses an image of more than MAX_INPUT_PIXELS without decoding it", async () => {
    const store = createLocalStore(root);
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 1;
    const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    await expect(
      store.upload({ bytes: new Uint8Array(bomb), kind: "png" }, newPublicId()),
    ).rejects.toBeInstanceOf(UnreadableMedia);
  });
});
