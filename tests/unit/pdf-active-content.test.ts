// The PDF scan of decision 044: scripts and launch actions are found wherever a viewer would find them
// (directly, through indirect objects, behind #xx escapes, in compressed object streams, in objects written
// inside another stream's data); words in strings, comments and compressed page content are not actions;
// what cannot be read is "unchecked".
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { pdfActiveContent } from "../../app/media/pdf-active-content";
import { buildPdf, hostilePdfs, plainPdf, streamObject, uncheckablePdf } from "../fakes/pdf-samples";

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));

describe("pdfActiveContent", () => {
  it("passes a plain lesson PDF whose strings and page content merely mention /JavaScript", () => {
    expect(pdfActiveContent(plainPdf())).toEqual({ ok: true });
  });

  it.each(hostilePdfs().map((sample) => [sample.about, sample.bytes] as const))("refuses %s", (_, bytes) => {
    expect(pdfActiveContent(bytes)).toMatchObject({ ok: false, reason: "active_content" });
  });

  it("calls object streams it cannot read unchecked: another filter, or bytes that do not inflate", () => {
    expect(pdfActiveContent(uncheckablePdf())).toMatchObject({ ok: false, reason: "unchecked" });
    const encrypted = buildPdf([
      "<< /Type /Catalog >>",
      streamObject("/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode", latin1("\x13\x37 not zlib at all")),
    ]);
    expect(pdfActiveContent(encrypted)).toMatchObject({ ok: false, reason: "unchecked" });
  });

  it("does not take compressed bytes for names, even when they happen to spell /JS", () => {
    // Stream data with a verified /Length is skipped, whatever its bytes are.
    const data = new Uint8Array(4096).map((_, i) => "/JS /AA /Launch "[i % 16]?.charCodeAt(0) ?? 0);
    const pdf = buildPdf(["<< /Type /Catalog >>", streamObject("/Filter /FlateDecode", data)]);
    expect(pdfActiveContent(pdf)).toEqual({ ok: true });
    // A length in another object is looked up there.
    const indirect = buildPdf([
      "<< /Type /Catalog >>",
      [latin1("<< /Length 3 0 R /Filter /FlateDecode >>\nstream\n"), data, latin1("\nendstream")],
      String(data.length),
    ]);
    expect(pdfActiveContent(indirect)).toEqual({ ok: true });
  });

  it("lexes a stream whose length is wrong, as a viewer recovering the file would find objects there", () => {
    const pdf = buildPdf([
      "<< /Type /Catalog /OpenAction 3 0 R >>",
      [
        latin1("<< /Length 2 >>\nstream\n"),
        latin1("garbage << /S /JavaScript /JS (x) >>"),
        latin1("\nendstream"),
      ],
    ]);
    expect(pdfActiveContent(pdf)).toMatchObject({ ok: false, reason: "active_content", name: "JavaScript" });
  });

  it("ignores comments and keeps to the inflate budget", () => {
    expect(pdfActiveContent(latin1("%PDF-1.4\n% /JavaScript /Launch\n1 0 obj << >> endobj\n"))).toEqual({
      ok: true,
    });
    const bomb = deflateSync(Buffer.alloc(2 * 1024 * 1024, 0x20));
    const pdf = buildPdf([
      "<< /Type /Catalog >>",
      streamObject("/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode", new Uint8Array(bomb)),
    ]);
    expect(pdfActiveContent(pdf, { inflateBudget: 1024 * 1024 })).toMatchObject({
      ok: false,
      reason: "unchecked",
    });
  });
});
