// The fake Vimeo (API, tus upload links and embed player) as a standalone server for the end-to-end tests'
// Vimeo-configured app (playwright.config.ts): videos count as transcoded once every byte arrived.
import { startFakeVimeo } from "./vimeo";

const port = Number(process.env.FAKE_VIMEO_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error("FAKE_VIMEO_PORT must be a port number");
const fake = await startFakeVimeo({
  token: process.env.FAKE_VIMEO_TOKEN ?? "e2e-fake-vimeo-token",
  port,
  player: "self",
  transcodeWhenUploaded: "complete",
});
console.log(`fake Vimeo on ${fake.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
