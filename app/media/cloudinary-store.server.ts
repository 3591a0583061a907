// The Cloudinary media store: signed uploads and deletes through the official SDK, configured from
// CLOUDINARY_URL (which the SDK reads itself when it is first imported). Images are public; PDFs are
// uploaded as "authenticated" raw files and handed out as short-lived signed URLs after an access check.
import { CONTENT_TYPES, isImageKind, type SniffedKind } from "./sniff";
import type { MediaStore, RawDelivery, StoredMedia } from "./store.server";
import { rawUrl, UnreadableMedia } from "./store.server";
import { cardImageUrl } from "./urls";

type UploadResult = {
  public_id: string;
  secure_url: string;
  bytes: number;
  width?: number;
  height?: number;
  resource_type: string;
};

/** Imported on first use, so the SDK never loads (or reads the environment) unless configured. */
async function sdk() {
  const { v2 } = await import("cloudinary");
  return v2;
}

export function createCloudinaryStore(): MediaStore {
  return {
    name: "cloudinary",
    async upload({ bytes, kind }: { bytes: Uint8Array; kind: SniffedKind }, publicId: string) {
      const cloudinary = await sdk();
      const image = isImageKind(kind);
      const result = await new Promise<UploadResult>((resolve, reject) => {
        const stream = cloudinary.uploader.upload_stream(
          {
            public_id: publicId,
            resource_type: image ? "image" : "raw",
            type: image ? "upload" : "authenticated",
            overwrite: false,
          },
          (error, answer) => {
            // Cloudinary answers 400 for a file it cannot process: the caller's mistake, not ours.
            if (error && (error as { http_code?: number }).http_code === 400)
              reject(new UnreadableMedia(error));
            else if (error || !answer) reject(error ?? new Error("Cloudinary returned no result"));
            else resolve(answer as unknown as UploadResult);
          },
        );
        stream.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      });
      return {
        publicId: result.public_id,
        resourceType: image ? "image" : "raw",
        url: image ? result.secure_url : rawUrl(result.public_id),
        contentType: CONTENT_TYPES[kind],
        bytes: result.bytes,
        width: result.width,
        height: result.height,
      } satisfies StoredMedia;
    },
    async destroy(publicId, resourceType) {
      const cloudinary = await sdk();
      const answer = (await cloudinary.uploader.destroy(publicId, {
        resource_type: resourceType,
        type: resourceType === "raw" ? "authenticated" : "upload",
        invalidate: true,
      })) as { result?: string };
      // "not found" means already gone, which is what we wanted.
      if (answer.result !== "ok" && answer.result !== "not found") {
        throw new Error(`Cloudinary destroy failed: ${JSON.stringify(answer)}`);
      }
    },
    async deliverRaw(publicId): Promise<RawDelivery> {
      const cloudinary = await sdk();
      const url = cloudinary.utils.private_download_url(publicId, "", {
        resource_type: "raw",
        type: "authenticated",
        expires_at: Math.floor(Date.now() / 1000) + 300,
      });
      return { kind: "redirect", url };
    },
    async deliverImage(): Promise<RawDelivery> {
      // Images are shown from Cloudinary's CDN, never through /media/images.
      return { kind: "missing" };
    },
    // A delivery transformation: Cloudinary crops, converts and strips metadata on its CDN.
    cardUrl: cardImageUrl,
  };
}
