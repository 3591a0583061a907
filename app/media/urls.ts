// The card-size variant of a course image URL, whichever store made it: the embedded store writes a
// `-card.webp` beside each image; Cloudinary crops on delivery. Any other URL (seed images) is used as is.
const LOCAL_IMAGE = /^\/media\/images\/(manara_[0-9a-f]{32})\.webp$/;
const CLOUDINARY_UPLOAD = "/image/upload/";

export function cardImageUrl(url: string): string {
  const local = LOCAL_IMAGE.exec(url);
  if (local) return `/media/images/${local[1]}-card.webp`;
  if (url.startsWith("https://res.cloudinary.com/") && url.includes(CLOUDINARY_UPLOAD)) {
    return url.replace(CLOUDINARY_UPLOAD, `${CLOUDINARY_UPLOAD}c_fill,w_480,h_270,f_auto,q_auto/`);
  }
  return url;
}
