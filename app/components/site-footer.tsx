// The footer on every page: the SPEC §2 links, two social links and the copyright, aligned to the start.
import { Link } from "react-router";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { DecorativeImage } from "./decorative-image";

export function SiteFooter() {
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
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="flex items-center gap-2 text-xl font-bold text-white">
            <DecorativeImage src="/logo.svg" width="28" height="28" className="size-7" />
            {t("brand.name")}
          </p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed">{t("footer.about")}</p>
          <p className="mt-5 text-sm font-semibold text-white">{t("footer.follow")}</p>
          <ul className="mt-2 flex gap-3">
            {/* Placeholder targets until the owner gives us the real accounts (SPEC §2). */}
            <li>
              <a
                href="#social-x"
                className="flex size-9 items-center justify-center rounded-full bg-white/10 hover:bg-coral-500"
              >
                <span className="sr-only">{t("footer.socialX")}</span>
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-current">
                  <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
                </svg>
              </a>
            </li>
            <li>
              <a
                href="#social-linkedin"
                className="flex size-9 items-center justify-center rounded-full bg-white/10 hover:bg-coral-500"
              >
                <span className="sr-only">{t("footer.socialLinkedIn")}</span>
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-current">
                  <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zM9.5 9.5h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.1c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4z" />
                </svg>
              </a>
            </li>
          </ul>
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
          {t("footer.rights", { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
