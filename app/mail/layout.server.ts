// The HTML of every mail (issue 50, item 5): the brand's frame around a mail's blocks, written in MJML
// (https://mjml.io, https://github.com/mjmlio/mjml) so the tables, Outlook conditionals and the narrow-screen
// layout come from a maintained compiler, not from hand-built tables. Rendered by the mail job when it sends
// (app/mail/outgoing.server.ts), never in a request: compiling takes milliseconds of CPU the request that
// queued the mail should not pay.
import { publicOrigin } from "../config.server";
import { i18nFor } from "../i18n/context.server";
import { directionOf, isLocale, type Locale, localizePath } from "../i18n/languages";
import { escapeMarkup } from "../lib/markup";

/** One block of a mail: a paragraph, or a link with its label. */
export type MailBlock = string | { link: string; label: string };

/** The brand's colours (app/app.css): coral-600 carries white text at 5.2:1, ink on white and sand. */
const COLOURS = { coral: "#c8363e", ink: "#1e2a3a", sand: "#f6efe7", muted: "#5b6470", white: "#ffffff" };

/**
 * System fonts only: a mail that loads a web font shows a tracking request in some clients, and Arabic reads
 * well in the fonts phones and desktops already have (Tahoma and Segoe UI on Windows, the system font elsewhere).
 */
const FONTS = "-apple-system, 'Segoe UI', Tahoma, Roboto, 'Noto Sans Arabic', Arial, sans-serif";

/** A paragraph's text as HTML: escaped, its line breaks kept (a lead's message has several lines). */
const paragraphHtml = (text: string) => escapeMarkup(text).replaceAll("\n", "<br>");

/**
 * The MJML of one mail. The first link is the mail's action, drawn as a button; any later link (an
 * unsubscribe, the way back in after an unexpected change) is an ordinary link, so only one thing shouts.
 */
export function mailMjml(message: { subject: string; locale: string; blocks: readonly MailBlock[] }): string {
  const locale: Locale = isLocale(message.locale) ? message.locale : "en";
  const dir = directionOf(locale);
  const align = dir === "rtl" ? "right" : "left";
  const t = i18nFor(locale).getFixedT(locale, "mail");
  const home = `${publicOrigin()}${localizePath("/", locale)}`;
  const preview =
    message.blocks.find((block): block is string => typeof block === "string") ?? message.subject;
  let buttonDrawn = false;
  const body = message.blocks
    .map((block) => {
      if (typeof block === "string") return `<mj-text>${paragraphHtml(block)}</mj-text>`;
      const href = escapeMarkup(block.link);
      const label = escapeMarkup(block.label);
      if (!buttonDrawn) {
        buttonDrawn = true;
        return `<mj-button href="${href}" align="${align}">${label}</mj-button>`;
      }
      return `<mj-text><a href="${href}" style="color:${COLOURS.coral}">${label}</a></mj-text>`;
    })
    .join("\n");
  return `<mjml lang="${locale}" dir="${dir}">
  <mj-head>
    <mj-title>${escapeMarkup(message.subject)}</mj-title>
    <mj-preview>${escapeMarkup(preview)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${FONTS}" />
      <mj-section direction="${dir}" />
      <mj-column direction="${dir}" />
      <mj-text color="${COLOURS.ink}" font-size="16px" line-height="1.6" align="${align}" padding="6px 24px" />
      <mj-button background-color="${COLOURS.coral}" color="${COLOURS.white}" font-size="16px" font-weight="600" border-radius="6px" inner-padding="12px 22px" padding="14px 24px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${COLOURS.sand}" width="600px">
    <mj-section background-color="${COLOURS.coral}" padding="18px 0">
      <mj-column>
        <mj-text color="${COLOURS.white}" font-size="22px" font-weight="700" line-height="1.2">${escapeMarkup(t("layout.brand"))}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="${COLOURS.white}" padding="18px 0">
      <mj-column>
${body}
      </mj-column>
    </mj-section>
    <mj-section padding="12px 0 24px">
      <mj-column>
        <mj-text color="${COLOURS.muted}" font-size="13px"><a href="${escapeMarkup(home)}" style="color:${COLOURS.muted}">${escapeMarkup(t("layout.footer"))}</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/**
 * The mail's HTML. MJML is imported here, on the first mail a process draws: loading it takes most of a second
 * (measured: 870 ms), which a web server's start-up and a server that only queues mail should not pay. Strict validation: the template is ours, so an MJML error is a bug to fail on, not to
 * send. No web fonts (MJML's default list names Google Fonts, which would be fetched by the reader).
 */
export async function renderMailHtml(message: {
  subject: string;
  locale: string;
  blocks: readonly MailBlock[];
}): Promise<string> {
  const { default: mjml2html } = await import("mjml");
  const { html } = await mjml2html(mailMjml(message), { validationLevel: "strict", fonts: {} });
  return html;
}
