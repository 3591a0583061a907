import { describe, expect, it } from "vitest";
import { sniffKind } from "../../app/media/sniff";
import { cardImageUrl } from "../../app/media/urls";

describe("cardImageUrl", () => {
  it("points embedded and Cloudinary images at their card variant and leaves others alone", () => {
    const id = `manara_${"a".repeat(32)}`;
    expect(cardImageUrl(`/media/images/${id}.webp`)).toBe(`/media/images/${id}-card.webp`);
    expect(cardImageUrl(`https://res.cloudinary.com/demo/image/upload/v1/${id}`)).toBe(
      `https://res.cloudinary.com/demo/image/upload/c_fill,w_480,h_270,f_auto,q_auto/v1/${id}`,
    );
    expect(cardImageUrl("/images/courses/web-development.jpg")).toBe("/images/courses/web-development.jpg");
    expect(cardImageUrl("/media/images/../secret.webp")).toBe("/media/images/../secret.webp");
  });
});

describe("sniffKind", () => {
  const bytes = (...values: (number | string)[]) =>
    new Uint8Array(
      values.flatMap((value) =>
        typeof value === "string" ? [...value].map((c) => c.charCodeAt(0)) : [value],
      ),
    );

  it("judges by the first bytes", () => {
    expect(sniffKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniffKind(bytes(0x89, "PNG\r\n", 0x1a, "\n"))).toBe("png");
    expect(sniffKind(bytes("RIFF", 0, 0, 0, 0, "WEBP"))).toBe("webp");
    expect(sniffKind(bytes(0, 0, 0, 0x1c, "ftypavif", 0, 0, 0, 0, "avifmif1"))).toBe("avif");
    expect(sniffKind(bytes("%PDF-1.7"))).toBe("pdf");
  });

  it("refuses SVG, GIF, HEIC, MP4 and text whatever their names", () => {
    expect(sniffKind(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffKind(bytes("GIF89a"))).toBeNull();
    expect(sniffKind(bytes(0, 0, 0, 0x18, "ftypheic", 0, 0, 0, 0, "mif1heic"))).toBeNull();
    expect(sniffKind(bytes(0, 0, 0, 0x18, "ftypisom", 0, 0, 0, 0, "isomiso2"))).toBeNull();
    expect(sniffKind(bytes("hello"))).toBeNull();
    expect(sniffKind(new Uint8Array())).toBeNull();
  });
});
