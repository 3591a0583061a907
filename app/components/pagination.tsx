// Numbered page links that keep the rest of the query string, so a filtered list stays shareable.
import { Link, useLocation } from "react-router";
import { useTranslation } from "../i18n/use-translation";

export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  const linkClass =
    "inline-flex min-w-10 justify-center rounded-md border border-ink/15 px-3 py-2 text-sm font-semibold";
  return (
    <nav
      aria-label={t("pagination.label")}
      className="mt-10 flex flex-wrap items-center justify-center gap-2"
    >
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={linkClass}>
          {t("pagination.previous")}
        </Link>
      ) : null}
      {pages.map((target) => (
        <Link
          key={target}
          to={hrefFor(target)}
          aria-label={t("pagination.page", { page: target })}
          aria-current={target === page ? "page" : undefined}
          className={`${linkClass} aria-[current=page]:border-coral-600 aria-[current=page]:bg-coral-600 aria-[current=page]:text-white`}
        >
          {target}
        </Link>
      ))}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={linkClass}>
          {t("pagination.next")}
        </Link>
      ) : null}
    </nav>
  );
}
