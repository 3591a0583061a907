// A local HTTP server that speaks the part of Vimeo's API the video adapter uses, as documented
// (developer.vimeo.com/api/upload/videos, "Resumable uploads"): POST /me/videos with upload.approach "tus"
// and the size → 201 with the video's uri and its upload.upload_link; GET /videos/:id → upload.status and
// transcode.status (in_progress | complete | error), duration, player_embed_url; DELETE /videos/:id → 204.
// The upload_link speaks tus 1.0.0 (HEAD → Upload-Offset, PATCH appends at the given offset). Every API call
// must carry the access token; the tests drive transcoding with `setTranscode`.
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

export type FakeVimeo = {
  url: string;
  videos: Map<string, FakeVimeoVideo>;
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

export async function startFakeVimeo({ token }: { token: string }): Promise<FakeVimeo> {
  const videos = new Map<string, FakeVimeoVideo>();
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
    const upload = /^\/upload\/(\d+)$/.exec(path);
    if (upload) {
      requests.push({ method, path, authorized: true });
      const video = videos.get(upload[1] ?? "");
      const tusHeaders = { "Tus-Resumable": "1.0.0" };
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
        res.writeHead(204, { ...tusHeaders, "Upload-Offset": String(video.bytes.length) }).end();
        return;
      }
      res.writeHead(405, tusHeaders).end();
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
    const one = /^\/videos\/(\d+)$/.exec(path);
    const video = one ? videos.get(one[1] ?? "") : undefined;
    if (one && !video)
      return json(404, { error: "The requested video couldn't be found.", error_code: 5000 });
    if (video && method === "GET") {
      const complete = video.bytes.length === video.size;
      return json(200, {
        uri: `/videos/${video.id}`,
        duration: complete && video.transcode === "complete" ? 24 : 0,
        player_embed_url: `https://player.vimeo.com/video/${video.id}?h=abc123`,
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

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    videos,
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
