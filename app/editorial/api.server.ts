// The JSON API's side of the editorial domain: the paging query and the image references of SPEC §3.
import type { RouterContextProvider } from "react-router";
import { getI18n } from "../i18n/context.server";
import { apiError, apiLocale, readQuery } from "../lib/api.server";
import { ListQuery } from "../lib/list-query";
import type { GalleryRequest } from "./case-studies.server";
import type { PostInput } from "./posts.server";

type Context = Readonly<RouterContextProvider>;

/** `?limit=10&offset=0` (SPEC §9), or the 422 to send. */
export function readListQuery(
  request: Request,
  context: Context,
): { limit: number; offset: number; error?: never } | { error: Response } {
  const query = readQuery(request, ListQuery, getI18n(context), "editorial");
  return query.error ? { error: query.error } : query.data;
}

export function notFound(request: Request, context: Context): Response {
  const t = getI18n(context).getFixedT(apiLocale(request), "editorial");
  return apiError(404, "not_found", t("errors.notFound"));
}

type ImageRef = { url?: string; public_id?: string | null };

/** `{url, public_id}`: an upload by id, or (no id) the image the item already shows at `url`. */
function reference(image: ImageRef): { publicId: string } | { keepUrl: string } {
  return image.public_id ? { publicId: image.public_id } : { keepUrl: image.url ?? "" };
}

export function coverFrom(image: ImageRef | null | undefined): PostInput["cover"] {
  if (image === undefined) return undefined;
  return image === null ? null : reference(image);
}

export function galleryFrom(
  images: (ImageRef & { alt?: string | null; altAr?: string | null })[] | undefined,
): GalleryRequest[] | undefined {
  return images?.map((image) => ({
    ...reference(image),
    alt: image.alt ?? null,
    altAr: image.altAr ?? null,
  }));
}
