// Small PDFs built byte by byte for the upload tests (issue 31): a plain one, and ones that carry JavaScript
// or launch actions directly, through indirect objects, behind `#xx` name escapes, or inside a compressed
// object stream. Offsets in the cross-reference table are real, so viewers would open them.
import { deflateSync } from "node:zlib";

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));

function concat(parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts));
}

/** A stream object's text: its dictionary entries, then the data (bytes, kept as they are). */
export function streamObject(dictionary: string, data: Uint8Array): Uint8Array[] {
  return [latin1(`<< ${dictionary} /Length ${data.length} >>\nstream\n`), data, latin1("\nendstream")];
}

/**
 * A PDF of `objects` (numbered from 1; object 1 must be the catalog), with a classic xref table. Each object
 * is its body: text, or bytes for streams.
 */
export function buildPdf(objects: (string | Uint8Array[])[], trailerExtra = ""): Uint8Array {
  const parts: Uint8Array[] = [latin1("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, index) => {
    offsets.push(length);
    const chunk = concat([
      latin1(`${index + 1} 0 obj\n`),
      ...(typeof body === "string" ? [latin1(body)] : body),
      latin1("\nendobj\n"),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>`,
    "startxref",
    String(length),
    "%%EOF",
    "",
  ].join("\n");
  parts.push(latin1(xref));
  return concat(parts);
}

const PAGE = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>";
const PAGES = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
/** A page that says, in a compressed content stream, that JavaScript is not welcome (text, not an action). */
const CONTENT = () =>
  streamObject(
    "/Filter /FlateDecode",
    deflateSync(Buffer.from("BT /F1 12 Tf 72 712 Td (No /JavaScript here) Tj ET")),
  );

/** A harmless lesson PDF: an OpenAction that only opens page 1, the word /JavaScript inside a string. */
export function plainPdf(): Uint8Array {
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] /Title (About /JavaScript and /Launch) >>",
    PAGES,
    PAGE,
    CONTENT(),
  ]);
}

/** PDFs that must be refused, each with why. */
export function hostilePdfs(): { about: string; bytes: Uint8Array }[] {
  const catalog = (extra: string) => `<< /Type /Catalog /Pages 2 0 R ${extra} >>`;
  const withCatalog = (extra: string, more: (string | Uint8Array[])[] = []) =>
    buildPdf([catalog(extra), PAGES, PAGE, CONTENT(), ...more]);
  // Object 5 in a compressed object stream (object 6): the JavaScript action the catalog opens with.
  const inner = "<< /S /JavaScript /JS (app.alert\\(1\\)) >>";
  const header = "5 0 ";
  const objectStream = streamObject(
    `/Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode`,
    deflateSync(Buffer.from(header + inner)),
  );
  return [
    {
      about: "OpenAction with JavaScript",
      bytes: withCatalog("/OpenAction << /S /JavaScript /JS (app.alert(1)) >>"),
    },
    { about: "JavaScript through an indirect object", bytes: withCatalog("/OpenAction 5 0 R", [inner]) },
    {
      about: "JavaScript in a compressed object stream",
      bytes: withCatalog("/OpenAction 5 0 R", [objectStream]),
    },
    {
      about: "a name written with #xx escapes",
      bytes: withCatalog("/OpenAction << /S /J#61vaScript /J#53 (x) >>"),
    },
    {
      about: "additional actions (/AA) on the page",
      bytes: buildPdf([
        catalog(""),
        PAGES,
        PAGE.replace(">>", "/AA << /O 5 0 R >> >>"),
        CONTENT(),
        "<< /S /GoTo /D [3 0 R /Fit] >>",
      ]),
    },
    { about: "a launch action", bytes: withCatalog("/OpenAction << /S /Launch /F (calc.exe) >>") },
    {
      about: "document-level scripts in the names tree",
      bytes: withCatalog("/Names << /JavaScript 5 0 R >>", ["<< /Names [(a) 6 0 R] >>"]),
    },
    {
      about: "an object hidden in another stream's data",
      bytes: withCatalog("/OpenAction 6 0 R", [streamObject("", latin1(`6 0 obj ${inner} endobj`))]),
    },
  ];
}

/** An object stream compressed with a filter the scan does not read (LZW): refused as not checkable. */
export function uncheckablePdf(): Uint8Array {
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    PAGES,
    PAGE,
    CONTENT(),
    streamObject(
      "/Type /ObjStm /N 1 /First 4 /Filter /LZWDecode",
      latin1("\x80\x0b\x60\x50\x22\x0c\x0c\x85\x01"),
    ),
  ]);
}
