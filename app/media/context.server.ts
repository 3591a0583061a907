// The media adapter on the router context, like the database (app/db/context.ts): chosen once from the
// configuration (Cloudinary when CLOUDINARY_URL is set, our own store under media/ in the object storage
// otherwise). The media middleware (app/middleware/media.server.ts) puts it on every request.

import { createContext, type RouterContextProvider } from "react-router";
import { type Environment, environment } from "../config.server";
import { objectStorage } from "../storage/storage.server";
import { createCloudinaryStore } from "./cloudinary-store.server";
import { createStorageMediaStore } from "./local-store.server";
import type { MediaStore } from "./store.server";

export const mediaContext = createContext<MediaStore>();

let configured: MediaStore | undefined;

export function configuredMediaStore(env: Environment = environment()): MediaStore {
  configured ??= env.CLOUDINARY_URL ? createCloudinaryStore() : createStorageMediaStore(objectStorage());
  return configured;
}

export function getMediaStore(context: Readonly<RouterContextProvider>): MediaStore {
  return context.get(mediaContext);
}
