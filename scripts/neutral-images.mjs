// One-off (kept for reproducibility): removes the English lettering from the demo images so Arabic pages
// show no English text. Each picture keeps its artwork on the right; its left part, where the title was,
// is repainted row by row with the colour running from the left edge to the start of the artwork (the
// backgrounds are linear gradients, so this continues them). Running it again changes nothing visible.
// Usage: node scripts/neutral-images.mjs   (drives the system Chromium through Playwright's canvas)
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "../public/images");
/** Where the artwork starts (px from the left of the full-size image): everything before it is lettering. */
const SPLITS = {
  "course.jpg": 322,
  courses: 322,
  blog: 420,
  "portfolio/al-mashriq-university-1.jpg": 461,
  "portfolio/hail-roastery-1.jpg": 425,
  "portfolio/marsa-developments-1.jpg": 410,
  "portfolio/noor-dental-center-1.jpg": 410,
  "portfolio/sadu-fashion-1.jpg": 390,
  "portfolio/wafra-savings-app-1.jpg": 335,
  portfolio: 362, // the "results" pictures (-2): figures on the left, a chart card on the right
};

const files = [
  "course.jpg",
  ...["courses", "blog", "portfolio"].flatMap((dir) =>
    readdirSync(path.join(root, dir))
      .filter((file) => file.endsWith(".jpg"))
      .map((file) => `${dir}/${file}`),
  ),
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const page = await browser.newPage();
for (const file of files) {
  const split = SPLITS[file] ?? SPLITS[file.split("/")[0]];
  const dataUrl = `data:image/jpeg;base64,${readFileSync(path.join(root, file)).toString("base64")}`;
  const out = await page.evaluate(
    async ({ dataUrl, split }) => {
      const image = new Image();
      image.src = dataUrl;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext("2d");
      context.drawImage(image, 0, 0);
      const { width, height } = canvas;
      const pixels = context.getImageData(0, 0, width, height);
      const data = pixels.data;
      // The colour of a band (columns x0..x1, rows y±60), channel by channel the median: a letter crossing the
      // band for a few dozen rows does not show, the background's slow gradient does.
      const sample = (x0, x1, y) => {
        const channels = [[], [], []];
        for (let yy = Math.max(0, y - 60); yy <= Math.min(height - 1, y + 60); yy++) {
          for (let x = x0; x <= x1; x++) {
            const i = (yy * width + x) * 4;
            for (let c = 0; c < 3; c++) channels[c].push(data[i + c]);
          }
        }
        return channels.map((values) => values.sort((a, b) => a - b)[values.length >> 1]);
      };
      const rows = [];
      for (let y = 0; y < height; y++) rows.push([sample(1, 5, y), sample(split, split + 4, y)]);
      for (let y = 0; y < height; y++) {
        const [left, right] = rows[y];
        for (let x = 0; x < split; x++) {
          const t = x / split;
          const i = (y * width + x) * 4;
          for (let c = 0; c < 3; c++) data[i + c] = Math.round(left[c] * (1 - t) + right[c] * t);
        }
      }
      context.putImageData(pixels, 0, 0);
      return canvas.toDataURL("image/jpeg", 0.86);
    },
    { dataUrl, split },
  );
  writeFileSync(path.join(root, file), Buffer.from(out.split(",")[1], "base64"));
  console.log(`${file}: lettering removed left of x=${split}`);
}
await browser.close();
