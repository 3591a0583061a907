// What every printed PDF gets from pdf-lib, whichever renderer drew its page (decision 054): the document's
// language, title, author, subject and keywords, the same in XMP metadata with the title in each language,
// fixed dates (the issue date, so a render is the same file whoever renders it), and any associated files.
// Chromium's structure tree and MarkInfo are kept as they are.
import { type AFRelationship, PDFDocument, PDFName } from "pdf-lib";

export type PdfAttachment = {
  bytes: Uint8Array;
  name: string;
  mimeType: string;
  description: string;
  afRelationship: AFRelationship;
};

export type PdfMetadata = {
  /** The title (Info and XMP's x-default). */
  title: string;
  /** The title in other languages, as XMP alternatives: `{ ar: "…" }`. */
  titles: Record<string, string>;
  author: string;
  subject: string;
  keywords: string[];
  /** The catalog's /Lang: the language of the page's first words. */
  language: string;
  /** Every language on the page, for XMP's dc:language. */
  languages: string[];
  /** dc:identifier: the certificate's code, the invoice's number. */
  identifier: string;
  /** Creation and modification date. */
  date: Date;
  attachments?: PdfAttachment[];
};

const xml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

export async function finishPdf(page: Uint8Array, meta: PdfMetadata): Promise<Buffer> {
  const doc = await PDFDocument.load(page, { updateMetadata: false });
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setAuthor(meta.author);
  doc.setSubject(meta.subject);
  doc.setKeywords(meta.keywords);
  doc.setCreator(meta.author);
  doc.setProducer(`${meta.author} (${doc.getProducer() ?? "PDF"}, pdf-lib)`);
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);
  doc.setLanguage(meta.language);
  for (const file of meta.attachments ?? []) {
    await doc.attach(file.bytes, file.name, {
      mimeType: file.mimeType,
      description: file.description,
      creationDate: meta.date,
      modificationDate: meta.date,
      afRelationship: file.afRelationship,
    });
  }
  const date = meta.date.toISOString();
  const alternates = Object.entries(meta.titles)
    .map(([lang, title]) => `<rdf:li xml:lang="${xml(lang)}">${xml(title)}</rdf:li>`)
    .join("");
  const languages = meta.languages.map((lang) => `<rdf:li>${xml(lang)}</rdf:li>`).join("");
  const metadata = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(meta.title)}</rdf:li>${alternates}</rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>${xml(meta.author)}</rdf:li></rdf:Seq></dc:creator>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${xml(meta.subject)}</rdf:li></rdf:Alt></dc:description>
   <dc:language><rdf:Bag>${languages}</rdf:Bag></dc:language>
   <dc:identifier>${xml(meta.identifier)}</dc:identifier>
   <xmp:CreateDate>${date}</xmp:CreateDate>
   <xmp:ModifyDate>${date}</xmp:ModifyDate>
   <xmp:MetadataDate>${date}</xmp:MetadataDate>
   <xmp:CreatorTool>${xml(meta.author)}</xmp:CreatorTool>
   <pdf:Producer>${xml(doc.getProducer() ?? meta.author)}</pdf:Producer>
   <pdf:Keywords>${xml(doc.getKeywords() ?? "")}</pdf:Keywords>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
  const stream = doc.context.stream(new TextEncoder().encode(metadata), {
    Type: "Metadata",
    Subtype: "XML",
  });
  doc.catalog.set(PDFName.of("Metadata"), doc.context.register(stream));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
