// A local HTTP server that speaks the part of Vimeo's API the video adapter uses, as documented
// (developer.vimeo.com/api/upload/videos, "Resumable uploads"): POST /me/videos with upload.approach "tus"
// and the size → 201 with the video's uri and its upload.upload_link; GET /videos/:id → upload.status and
// transcode.status (in_progress | complete | error), duration, player_embed_url; DELETE /videos/:id → 204.
// The upload_link speaks tus 1.0.0 (HEAD → Upload-Offset, PATCH appends at the given offset). Every API call
// must carry the access token; the tests drive transcoding with `setTranscode`. Like Vimeo's, the upload link
// answers browsers' CORS preflights. `/video/:id` is a stand-in for Vimeo's embed player page: it speaks the
// player's postMessage protocol (ping/ready, addEventListener, setCurrentTime; events as {event, data}) and
// exposes `window.fakePlayer` so a browser test can make it report positions.
// Text tracks (developer.vimeo.com/api/upload/texttracks): POST /videos/:id/texttracks {type, language, name}
// → 201 with the track's uri and an upload `link`; PUT the file to the link (a capability URL, no token);
// PATCH /videos/:id/texttracks/:track {active}; GET /videos/:id/texttracks; DELETE → 204.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeVimeoVideo = {
  id: string;
  name: string;
  size: number;
  bytes: Buffer;
  approach: string;
  transcode: "in_progress" | "complete" | "error";
  uploadError: boolean;
};

export type FakeTextTrack = {
  id: string;
  videoId: string;
  type: string;
  language: string;
  name: string;
  active: boolean;
  /** The uploaded file, null until the PUT to the link. */
  file: string | null;
};

export type FakeVimeo = {
  url: string;
  videos: Map<string, FakeVimeoVideo>;
  textTracks: Map<string, FakeTextTrack>;
  requests: { method: string; path: string; authorized: boolean }[];
  setTranscode: (id: string, status: FakeVimeoVideo["transcode"]) => void;
  failUpload: (id: string) => void;
  close: () => Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type FakeVimeoOptions = {
  token: string;
  /** Listen here (0: any free port). */
  port?: number;
  /** Where player_embed_url points: Vimeo's player (default) or this fake's own player page ("self"). */
  player?: "vimeo" | "self";
  /** What transcoding says once every byte arrived (tests that drive it themselves keep "in_progress"). */
  transcodeWhenUploaded?: FakeVimeoVideo["transcode"];
};

/** The fake player's duration: what the fake API reports for a transcoded video. */
export const FAKE_DURATION_SECONDS = 24;

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "HEAD, PATCH, OPTIONS",
  "Access-Control-Allow-Headers":
    "Tus-Resumable, Upload-Offset, Upload-Length, Content-Type, X-Requested-With",
  "Access-Control-Expose-Headers": "Tus-Resumable, Upload-Offset, Upload-Length",
};

export async function startFakeVimeo({
  token,
  port = 0,
  player = "vimeo",
  transcodeWhenUploaded = "in_progress",
}: FakeVimeoOptions): Promise<FakeVimeo> {
  const videos = new Map<string, FakeVimeoVideo>();
  const textTracks = new Map<string, FakeTextTrack>();
  let nextTrack = 12_000;
  const requests: FakeVimeo["requests"] = [];
  let next = 76_000_000;
  let url = "";

  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const method = req.method ?? "GET";
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/vnd.vimeo.video+json" });
      res.end(JSON.stringify(body));
    };

    // The tus upload link: no API token (Vimeo's links are capability URLs), tus headers required.
    if (method === "GET" && path === "/health") {
      res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
      return;
    }
    const playerPage = /^\/video\/(\d+)$/.exec(path);
    if (playerPage && method === "GET") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(fakePlayerPage());
      return;
    }

    const upload = /^\/upload\/(\d+)$/.exec(path);
    if (upload) {
      requests.push({ method, path, authorized: true });
      const video = videos.get(upload[1] ?? "");
      const tusHeaders = { "Tus-Resumable": "1.0.0", ...CORS };
      if (method === "OPTIONS") {
        res.writeHead(204, { ...tusHeaders, "Tus-Version": "1.0.0" }).end();
        return;
      }
      if (!video) {
        res.writeHead(404, tusHeaders).end();
        return;
      }
      if (req.headers["tus-resumable"] !== "1.0.0") {
        res.writeHead(412, tusHeaders).end();
        return;
      }
      if (method === "HEAD") {
        res
          .writeHead(200, {
            ...tusHeaders,
            "Upload-Offset": String(video.bytes.length),
            "Upload-Length": String(video.size),
            "Cache-Control": "no-store",
          })
          .end();
        return;
      }
      if (method === "PATCH") {
        const offset = Number(req.headers["upload-offset"]);
        const body = await readBody(req);
        if (req.headers["content-type"] !== "application/offset+octet-stream") {
          res.writeHead(415, tusHeaders).end();
          return;
        }
        if (offset !== video.bytes.length) {
          res.writeHead(409, tusHeaders).end();
          return;
        }
        if (offset + body.length > video.size) {
          res.writeHead(413, tusHeaders).end();
          return;
        }
        video.bytes = Buffer.concat([video.bytes, body]);
        if (video.bytes.length === video.size) video.transcode = transcodeWhenUploaded;
        res.writeHead(204, { ...tusHeaders, "Upload-Offset": String(video.bytes.length) }).end();
        return;
      }
      res.writeHead(405, tusHeaders).end();
      return;
    }

    // A text track's upload link: like the video's, a capability URL without the API token.
    const trackUpload = /^\/texttrack-upload\/(\d+)$/.exec(path);
    if (trackUpload) {
      requests.push({ method, path, authorized: true });
      const track = textTracks.get(trackUpload[1] ?? "");
      if (!track) return json(404, { error: "Not found" });
      if (method !== "PUT") return json(405, { error: "Method not allowed" });
      track.file = (await readBody(req)).toString("utf8");
      res.writeHead(200).end();
      return;
    }

    const authorized = req.headers.authorization === `Bearer ${token}`;
    requests.push({ method, path, authorized });
    if (!authorized) return json(401, { error: "You must provide a valid authenticated access token." });

    if (method === "POST" && path === "/me/videos") {
      const body = JSON.parse((await readBody(req)).toString("utf8") || "{}") as {
        upload?: { approach?: string; size?: number };
        name?: string;
      };
      const size = Number(body.upload?.size);
      if (body.upload?.approach !== "tus" || !Number.isSafeInteger(size) || size <= 0)
        return json(400, { error: "The upload approach and size are required.", error_code: 2204 });
      const id = String(next++);
      const video: FakeVimeoVideo = {
        id,
        name: body.name ?? "Untitled",
        size,
        bytes: Buffer.alloc(0),
        approach: "tus",
        transcode: "in_progress",
        uploadError: false,
      };
      videos.set(id, video);
      return json(201, {
        uri: `/videos/${id}`,
        name: video.name,
        upload: { status: "in_progress", approach: "tus", size, upload_link: `${url}/upload/${id}` },
        transcode: { status: "in_progress" },
      });
    }
    const tracks = /^\/videos\/(\d+)\/texttracks(?:\/(\d+))?$/.exec(path);
    if (tracks) {
      const owner = videos.get(tracks[1] ?? "");
      if (!owner) return json(404, { error: "The requested video couldn't be found.", error_code: 5000 });
      const trackJson = (track: FakeTextTrack) => ({
        uri: `/videos/${track.videoId}/texttracks/${track.id}`,
        active: track.active,
        type: track.type,
        language: track.language,
        name: track.name,
        link: `${url}/texttrack-upload/${track.id}`,
      });
      if (!tracks[2]) {
        if (method === "GET")
          return json(200, {
            total: [...textTracks.values()].filter((t) => t.videoId === owner.id).length,
            data: [...textTracks.values()].filter((t) => t.videoId === owner.id).map(trackJson),
          });
        if (method !== "POST") return json(405, { error: "Method not allowed" });
        const body = JSON.parse((await readBody(req)).toString("utf8") || "{}") as Partial<FakeTextTrack>;
        const types = ["captions", "subtitles", "chapters", "descriptions", "metadata"];
        if (!types.includes(String(body.type)) || typeof body.language !== "string" || !body.language)
          return json(400, { error: "The type and language are required.", error_code: 2204 });
        const track: FakeTextTrack = {
          id: String(nextTrack++),
          videoId: owner.id,
          type: String(body.type),
          language: body.language,
          name: typeof body.name === "string" ? body.name : "",
          active: false,
          file: null,
        };
        textTracks.set(track.id, track);
        return json(201, trackJson(track));
      }
      const track = textTracks.get(tracks[2]);
      if (!track || track.videoId !== owner.id)
        return json(404, { error: "The requested text track couldn't be found.", error_code: 5000 });
      if (method === "PATCH") {
        const body = JSON.parse((await readBody(req)).toString("utf8") || "{}") as { active?: boolean };
        if (typeof body.active === "boolean") track.active = body.active;
        return json(200, trackJson(track));
      }
      if (method === "DELETE") {
        textTracks.delete(track.id);
        res.writeHead(204).end();
        return;
      }
      if (method === "GET") return json(200, trackJson(track));
      return json(405, { error: "Method not allowed" });
    }
    const one = /^\/videos\/(\d+)$/.exec(path);
    const video = one ? videos.get(one[1] ?? "") : undefined;
    if (one && !video)
      return json(404, { error: "The requested video couldn't be found.", error_code: 5000 });
    if (video && method === "GET") {
      const complete = video.bytes.length === video.size;
      return json(200, {
        uri: `/videos/${video.id}`,
        duration: complete && video.transcode === "complete" ? FAKE_DURATION_SECONDS : 0,
        player_embed_url:
          player === "self"
            ? `${url}/video/${video.id}?h=abc123`
            : `https://player.vimeo.com/video/${video.id}?h=abc123`,
        upload: { status: video.uploadError ? "error" : complete ? "complete" : "in_progress" },
        transcode: { status: complete ? video.transcode : "in_progress" },
      });
    }
    if (video && method === "DELETE") {
      videos.delete(video.id);
      res.writeHead(204).end();
      return;
    }
    return json(404, { error: "Not found" });
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    videos,
    textTracks,
    requests,
    setTranscode: (id, status) => {
      const video = videos.get(id);
      if (video) video.transcode = status;
    },
    failUpload: (id) => {
      const video = videos.get(id);
      if (video) video.uploadError = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The fake embed player. It plays nothing: a test moves it with `fakePlayer.timeupdate(seconds)` and
 * `fakePlayer.pause()`, and reads what the page asked of it in `fakePlayer.received`.
 */
function fakePlayerPage(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Fake Vimeo player</title></head>
<body style="margin:0;background:#111;color:#eee;font:14px sans-serif"><p>Fake Vimeo player</p><script>
const duration = ${FAKE_DURATION_SECONDS};
const player = { seconds: 0, listeners: [], received: [] };
window.fakePlayer = player;
const data = () => ({ seconds: player.seconds, percent: player.seconds / duration, duration });
const emit = (event) => {
  if (player.listeners.includes(event)) parent.postMessage(JSON.stringify({ event, data: data() }), "*");
};
player.timeupdate = (seconds) => { player.seconds = seconds; emit("timeupdate"); };
player.pause = () => emit("pause");
window.addEventListener("message", (message) => {
  let command = message.data;
  if (typeof command === "string") { try { command = JSON.parse(command); } catch { return; } }
  if (!command || typeof command.method !== "string") return;
  player.received.push(command);
  if (command.method === "ping") parent.postMessage({ method: "ping" }, "*");
  if (command.method === "addEventListener" && !player.listeners.includes(command.value))
    player.listeners.push(command.value);
  if (command.method === "setCurrentTime") {
    player.seconds = Number(command.value);
    parent.postMessage({ method: "setCurrentTime", value: player.seconds }, "*");
    emit("seeked");
  }
});
parent.postMessage({ event: "ready", player_id: null }, "*");
</script></body></html>`;
}
