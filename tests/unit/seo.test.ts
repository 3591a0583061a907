import { describe, expect, it } from "vitest";
import { pageMeta } from "../../app/lib/seo";

describe("pageMeta's image", () => {
  const request = new Request("https://manara.example/ar/blog/3");
  const meta = (image?: string) =>
    pageMeta(request, "ar", { title: "t", description: "d", brand: "b", image }).image;

  it("makes site paths absolute and keeps absolute media URLs (Cloudinary covers) as they are", () => {
    expect(meta("/media/images/manara_x.webp")).toBe("https://manara.example/media/images/manara_x.webp");
    expect(meta("https://res.cloudinary.com/demo/image/upload/a.jpg")).toBe(
      "https://res.cloudinary.com/demo/image/upload/a.jpg",
    );
    expect(meta(undefined)).toBeUndefined();
  });
});
