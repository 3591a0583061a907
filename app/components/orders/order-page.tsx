// One order: its status and what it means now, its courses and totals; for admins, its buyer and timeline.
import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/order";
import { PageIntro } from "../page-intro";

type LoaderData = Route.ComponentProps["loaderData"];

export function OrderPage({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation("orders");
  const localize = useLocalizePath();
  const { status } = loaderData;
  const open = status === "paid" || status === "partially_refunded";
  const { revalidate } = useRevalidator();
  // With JavaScript, a card order waiting for its provider's word reads itself again every few seconds for a
  // minute (the loader only reads; the webhook's job settles it). Without, the check-again form does.
  useEffect(() => {
    if (!loaderData.checkable) return;
    let reads = 0;
    const timer = setInterval(() => {
      reads += 1;
      if (reads > 20) clearInterval(timer);
      else void revalidate();
    }, 3_000);
    return () => clearInterval(timer);
  }, [loaderData.checkable, revalidate]);
  return (
    <>
      <PageIntro
        width="4xl"
        title={t("order.title", { orderNumber: loaderData.number })}
        lead={t("order.placed", { date: loaderData.placed })}
      />
      <div className="mx-auto max-w-4xl space-y-8 px-4 py-12">
        <section
          className="rounded-xl border border-ink/10 p-5"
          data-testid="order-status"
          data-status={status}
        >
          <p className="text-xl font-bold">{t(`order.status.${status}`)}</p>
          {open ? <p className="mt-2">{t("order.paidLead")}</p> : null}
          {status === "pending" ? <p className="mt-2">{t("order.pendingLead")}</p> : null}
          {loaderData.checkable ? (
            <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
              <span>{t("order.checkAgainHint")}</span>
              <button
                type="submit"
                className="rounded-md border border-coral-600 px-4 py-2 font-semibold text-coral-700 hover:bg-coral-50"
                data-testid="check-again"
              >
                {t("order.checkAgain")}
              </button>
            </Form>
          ) : null}
          {status === "failed" || status === "expired" ? (
            <p className="mt-2">
              {t("order.failedLead")}{" "}
              <Link to={localize("/cart")} className="font-semibold text-coral-700 underline">
                {t("order.toCart")}
              </Link>
            </p>
          ) : null}
        </section>
        <ul className="divide-y divide-ink/10 rounded-xl border border-ink/10" data-testid="order-items">
          {loaderData.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-4 p-4">
              <span dir="auto" className="font-semibold">
                {item.title}
              </span>
              <span className="flex items-center gap-4 text-sm">
                <span className={item.refunded ? "line-through" : "font-bold"}>{item.priceLabel}</span>
                {open && !item.refunded && item.courseId !== null ? (
                  <Link
                    to={localize(`/courses/${item.courseId}/learn`)}
                    className="rounded-md bg-coral-600 px-3 py-1.5 font-semibold text-white hover:bg-coral-700"
                    data-testid="open-course"
                  >
                    {t("order.open")}
                  </Link>
                ) : null}
                {item.refund ? (
                  <span data-testid="item-refund">{t(`order.refund.${item.refund}`)}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
        <dl className="ms-auto max-w-xs space-y-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt>{t("checkout.subtotal")}</dt>
            <dd>{loaderData.subtotalLabel}</dd>
          </div>
          {loaderData.discountLabel ? (
            <div className="flex justify-between gap-4">
              <dt>{t("checkout.discount", { code: loaderData.couponCode ?? "" })}</dt>
              <dd dir="ltr">−{loaderData.discountLabel}</dd>
            </div>
          ) : null}
          {loaderData.vat ? (
            <>
              <div className="flex justify-between gap-4" data-testid="order-net">
                <dt>{t("checkout.net")}</dt>
                <dd>{loaderData.vat.netLabel}</dd>
              </div>
              <div className="flex justify-between gap-4" data-testid="order-vat">
                <dt>{t("checkout.vat", { rate: loaderData.vat.rateLabel })}</dt>
                <dd>{loaderData.taxLabel}</dd>
              </div>
            </>
          ) : (
            <div className="flex justify-between gap-4">
              <dt>{t("checkout.tax")}</dt>
              <dd>{loaderData.taxLabel}</dd>
            </div>
          )}
          <div className="flex justify-between gap-4 text-base font-bold">
            <dt>{t("checkout.total")}</dt>
            <dd data-testid="order-total">{loaderData.totalLabel}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>{t("order.paidWith")}</dt>
            <dd>{t(`order.method.${loaderData.method}`)}</dd>
          </div>
        </dl>
        {loaderData.documents.length > 0 ? (
          <ul className="mt-4 space-y-1 text-sm" data-testid="order-documents">
            {loaderData.documents.map((document) => (
              <li key={document.number}>
                <Link to={document.href} className="font-semibold text-coral-700 underline">
                  {t(`billing.kind.${document.kind}`)} <span dir="ltr">{document.number}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {loaderData.buyer ? (
          <p>
            {t("order.buyer")}: <span dir="auto">{loaderData.buyer.name}</span> ·{" "}
            <span dir="ltr">{loaderData.buyer.email}</span>
          </p>
        ) : null}
        {loaderData.timeline ? (
          <section aria-labelledby="order-timeline">
            <h2 id="order-timeline" className="text-lg font-bold">
              {t("order.timeline")}
            </h2>
            <ol className="mt-3 space-y-2 border-s-2 border-ink/10 ps-4" data-testid="order-timeline">
              {loaderData.timeline.map((event) => (
                <li key={event.id}>
                  <p className="font-semibold">{t(`order.event.${event.type}`)}</p>
                  <p className="text-xs text-ink/70">
                    <time dateTime={event.at}>{event.at}</time> · <code dir="ltr">{event.detail}</code>
                  </p>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </div>
    </>
  );
}
