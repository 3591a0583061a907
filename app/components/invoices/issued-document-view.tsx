// An issued document on a web page (issue 47): the tax invoice, credit note or receipt the PDF prints, with the
// same labels and values (app/invoices/presentation.ts), the page's language first and the other beneath, and
// the ZATCA QR code as an inline SVG. The Billing pages show it; the PDF is the file to keep.
import QRCode from "qrcode";
import { useMemo } from "react";
import { directionOf, type Locale } from "../../i18n/languages";
import { useLocale } from "../../i18n/use-locale";
import type { IssuedDocument } from "../../invoices/document";
import {
  type Bilingual,
  type DocumentFact,
  type DocumentParty,
  presentDocument,
} from "../../invoices/presentation";

/** The QR code as SVG markup, drawn now (qrcode's callback form is synchronous). */
export function zatcaQrSvg(payload: string): string {
  let svg = "";
  QRCode.toString(
    payload,
    { type: "svg", errorCorrectionLevel: "M", margin: 4, color: { dark: "#000000", light: "#ffffff" } },
    (error, out) => {
      if (error) throw error;
      svg = out;
    },
  );
  return svg;
}

type Languages = { first: Locale; second: Locale };

const SECOND = "text-xs font-normal text-ink/70";

/**
 * A line of its own in another direction than the page's (the other language, or text a person typed): the
 * block takes the page's direction, so it lines up with the text above it; the inline text inside keeps its
 * own (an English line under Arabic would otherwise sit at the far edge).
 */
function Line({
  text,
  lang,
  dir,
  className = "",
}: {
  text: string;
  lang?: string;
  dir: "ltr" | "rtl" | "auto";
  className?: string;
}) {
  return (
    <span className={`block ${className}`}>
      <span lang={lang} dir={dir}>
        {text}
      </span>
    </span>
  );
}

/** A label in the page's language, and the other language's beneath it, each marked with its language. */
function Label({ label, languages }: { label: Bilingual; languages: Languages }) {
  return (
    <>
      <span lang={languages.first}>{label[languages.first]}</span>
      <Line
        text={label[languages.second]}
        lang={languages.second}
        dir={directionOf(languages.second)}
        className={SECOND}
      />
    </>
  );
}

function Value({ fact, languages }: { fact: DocumentFact; languages: Languages }) {
  if (typeof fact.value === "string") {
    return <span dir={fact.user ? "auto" : fact.ltr ? "ltr" : undefined}>{fact.value}</span>;
  }
  if (fact.user) {
    const first = fact.value[languages.first];
    const second = fact.value[languages.second];
    return (
      <>
        <Line text={first} dir="auto" />
        {second !== first ? <Line text={second} dir="auto" className={SECOND} /> : null}
      </>
    );
  }
  return <Label label={fact.value} languages={languages} />;
}

function Facts({
  facts,
  languages,
  className = "",
}: {
  facts: DocumentFact[];
  languages: Languages;
  className?: string;
}) {
  return (
    <dl className={className}>
      {facts.map((fact) => (
        // On a phone the label sits above its value, so a VAT number or an address is not broken mid-word.
        <div
          key={fact.label.en}
          className="flex flex-col gap-1 border-t border-ink/10 py-2 sm:flex-row sm:gap-3"
        >
          <dt className="shrink-0 text-sm text-ink/80 sm:w-2/5">
            <Label label={fact.label} languages={languages} />
          </dt>
          <dd className="min-w-0 font-semibold break-words">
            <Value fact={fact} languages={languages} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Party({ party, languages, id }: { party: DocumentParty; languages: Languages; id: string }) {
  const first = party.name[languages.first];
  const second = party.name[languages.second];
  return (
    <section aria-labelledby={id} className="rounded-lg border border-ink/15 p-4">
      <h3 id={id} className="font-bold text-coral-700">
        <Label label={party.heading} languages={languages} />
      </h3>
      <p className="mt-2 text-lg font-bold break-words">
        <span dir="auto">{first}</span>
      </p>
      {second !== first ? (
        <p className="font-semibold text-ink/70 break-words">
          <span dir="auto">{second}</span>
        </p>
      ) : null}
      <Facts facts={party.facts} languages={languages} className="mt-2" />
    </section>
  );
}

export function IssuedDocumentView({ doc, pdfHref }: { doc: IssuedDocument; pdfHref?: string }) {
  const locale = useLocale();
  const languages: Languages = { first: locale, second: locale === "ar" ? "en" : "ar" };
  const p = useMemo(() => presentDocument(doc), [doc]);
  const qr = useMemo(() => (p.qr ? zatcaQrSvg(p.qr) : null), [p.qr]);
  const id = `document-${p.number}`;
  const first = languages.first;
  return (
    <article aria-labelledby={`${id}-title`} className="rounded-xl border border-ink/15 bg-white p-4 sm:p-6">
      <header className="flex flex-wrap items-start gap-6 border-b-4 border-coral-500 pb-4">
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="text-2xl font-bold">
            <span lang={first}>{p.title[first]}</span>
            <Line
              text={p.title[languages.second]}
              lang={languages.second}
              dir={directionOf(languages.second)}
              className="text-base font-semibold text-ink/70"
            />
          </h2>
          <p className="mt-3 flex flex-wrap items-baseline gap-x-3">
            <span className="text-sm text-ink/80">
              {p.numberLabel[first]} · <span lang={languages.second}>{p.numberLabel[languages.second]}</span>
            </span>
            <strong dir="ltr" className="text-lg" data-testid="document-number">
              {p.number}
            </strong>
          </p>
          {pdfHref ? (
            <p className="mt-3">
              <a
                href={pdfHref}
                aria-label={p.downloadLabel[first]}
                className="font-semibold text-coral-700 underline"
                data-testid="document-pdf"
                download
              >
                {p.download[first]}
              </a>
            </p>
          ) : null}
        </div>
        {qr ? (
          <div
            role="img"
            aria-label={`${p.qrLabel[first]}`}
            className="size-36 shrink-0 [&>svg]:size-full"
            data-testid="document-qr"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: qrcode's SVG of our own payload, no user markup
            dangerouslySetInnerHTML={{ __html: qr }}
          />
        ) : null}
      </header>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Party party={p.seller} languages={languages} id={`${id}-seller`} />
        <Party party={p.buyer} languages={languages} id={`${id}-buyer`} />
      </div>
      <Facts facts={p.facts} languages={languages} className="mt-4 grid gap-x-6 md:grid-cols-2" />
      <h3 className="mt-6 font-bold text-coral-700" id={`${id}-lines`}>
        <Label label={p.linesHeading} languages={languages} />
      </h3>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-sm" aria-labelledby={`${id}-lines`}>
          <thead>
            <tr className="border-b border-coral-100 bg-sand">
              {p.columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={`p-2 align-bottom font-bold ${column.key === "description" ? "text-start" : "text-end"}`}
                >
                  <Label label={column.label} languages={languages} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an issued document never move
              <tr key={index} className="border-b border-ink/10">
                <th scope="row" className="p-2 text-start font-normal">
                  <Line text={row.title[first]} dir="auto" />
                  {row.title[languages.second] !== row.title[first] ? (
                    <Line text={row.title[languages.second]} dir="auto" className={SECOND} />
                  ) : null}
                </th>
                {row.cells.map((cell, cellIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                  <td key={cellIndex} dir="ltr" className="p-2 text-end tabular-nums whitespace-nowrap">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ms-auto mt-4 max-w-md" data-testid="document-totals">
        {p.totals.map((total) => (
          <div
            key={total.label.en}
            className={`flex items-baseline justify-between gap-4 border-b border-ink/10 px-2 py-2 ${
              total.grand ? "bg-coral-100 text-lg font-bold" : ""
            }`}
          >
            <dt>
              <Label label={total.label} languages={languages} />
            </dt>
            <dd dir="ltr" className="tabular-nums whitespace-nowrap">
              {total.value}
            </dd>
          </div>
        ))}
      </dl>
      {p.note ? (
        <p className="mt-4 text-sm text-ink/80">
          <Label label={p.note} languages={languages} />
        </p>
      ) : null}
    </article>
  );
}
