// The services block: the services page's cards (icon, title, text, points, a "from" price) with a link to
// ask about the service, which opens the contact form naming it (the enquiry becomes a lead).
import { useTranslation } from "../../i18n/use-translation";
import type { BlockView } from "../../pages/view";
import { BlockHeading, BlockLink, keyed, type Of } from "./shared";

const ICONS: Record<string, string> = {
  strategy: "M12 3v18M3 12h18M5 5l14 14",
  social: "M7 8h10M7 12h6m-9 8 3-3h11a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v15z",
  content: "M4 4h16v16H4zM8 8h8M8 12h8M8 16h5",
  ads: "M3 11v2l12 5V6L3 11zm12-5 5-2v16l-5-2",
  seo: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm10 17-5-5",
  web: "M3 5h18v14H3zM3 9h18M7 7h.01",
};

export function ServicesBlock({ block, id }: { block: Of<BlockView, "services">; id: string }) {
  const { t } = useTranslation("site");
  return (
    <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby={block.title ? id : undefined}>
      <BlockHeading id={id} text={block.title} />
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {keyed(block.items, (service) => service.title).map(({ key, item: service }) => (
          <li key={key} className="rounded-xl border border-ink/10 p-6">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-9 rounded-lg bg-coral-100 fill-none stroke-coral-700 stroke-2 p-1.5"
            >
              <path d={ICONS[service.icon] ?? ICONS.strategy} />
            </svg>
            <h3 className="mt-4 text-xl font-bold" dir="auto">
              {service.title}
            </h3>
            {service.text ? (
              <p className="mt-2 text-ink/75" dir="auto">
                {service.text}
              </p>
            ) : null}
            {service.points.length > 0 ? (
              <ul className="mt-4 space-y-1 text-sm">
                {keyed(service.points, (point) => point).map(({ key: pointKey, item: point }) => (
                  <li key={pointKey} className="flex gap-2" dir="auto">
                    <span aria-hidden="true" className="text-coral-600">
                      ✓
                    </span>
                    {point}
                  </li>
                ))}
              </ul>
            ) : null}
            {service.priceLabel ? (
              <p className="mt-4 font-semibold">{t("blocks.priceFrom", { price: service.priceLabel })}</p>
            ) : null}
            {service.ask ? (
              <BlockLink
                href={`/contact?service=${service.icon}`}
                className="mt-4 inline-block font-semibold text-coral-700 underline underline-offset-4 hover:text-coral-800"
              >
                {t("blocks.ask")}
                <span className="sr-only">: {service.title}</span>
              </BlockLink>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
