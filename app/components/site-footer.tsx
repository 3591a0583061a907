// The footer on every page: the SPEC §2 links, the social links the site settings fill in (only those) and the
// copyright, aligned to the start.
import { Link } from "react-router";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import type { SiteView } from "../site/settings";
import { DecorativeImage } from "./decorative-image";
import { NewsletterForm } from "./leads/newsletter-form";
import { SocialIcon } from "./social-icon";

export function SiteFooter({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const groups = [
    {
      heading: t("footer.company"),
      links: [
        { to: "/about", label: t("footer.aboutUs") },
        { to: "/blog", label: t("footer.blog") },
        { to: "/contact", label: t("footer.contact") },
      ],
    },
    {
      heading: t("footer.support"),
      links: [
        { to: "/help", label: t("footer.help") },
        { to: "/safety", label: t("footer.safety") },
        { to: "/faq", label: t("footer.faq") },
        { to: "/developers", label: t("footer.developers") },
      ],
    },
    {
      heading: t("footer.legal"),
      links: [
        { to: "/privacy", label: t("footer.privacy") },
        { to: "/terms", label: t("footer.terms") },
      ],
    },
  ];

  return (
    <footer className="mt-16 bg-ink text-start text-white/85" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 *:min-w-0 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="flex items-center gap-2 text-xl font-bold text-white">
            <DecorativeImage src="/logo.svg" width="28" height="28" className="size-7" />
            <bdi>{site.brandName}</bdi>
          </p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed">{t("footer.about")}</p>
          {site.social.length > 0 ? (
            <>
              <p className="mt-5 text-sm font-semibold text-white">{t("footer.follow")}</p>
              <ul className="mt-2 flex flex-wrap gap-3">
                {site.social.map((link) => (
                  <li key={link.network}>
                    <a
                      href={link.url}
                      rel="me noopener"
                      data-social={link.network}
                      className="flex size-9 items-center justify-center rounded-full bg-white/10 hover:bg-coral-500"
                    >
                      <span className="sr-only">
                        {t(`footer.social.${link.network}`, { brand: site.brandName })}
                      </span>
                      <SocialIcon network={link.network} />
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <div className="mt-8">
            <NewsletterForm id="footer-newsletter" tone="dark" />
          </div>
        </div>
        {groups.map((group) => (
          <nav key={group.heading} aria-label={group.heading}>
            <h2 className="text-sm font-semibold text-white">{group.heading}</h2>
            <ul className="mt-3 flex flex-col gap-2 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={localize(link.to)} className="hover:text-coral-300 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-white/60">
          {t("footer.rights", { year: new Date().getFullYear(), brand: site.brandName })}
        </p>
      </div>
    </footer>
  );
}
