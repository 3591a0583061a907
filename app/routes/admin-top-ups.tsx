// /dashboard/admin/top-ups: learners' bank-transfer top-up requests; approving credits the wallet once.

import { Form, Link } from "react-router";
import { z } from "zod";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { PageIntro } from "../components/page-intro";
import { Pagination } from "../components/pagination";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { parseForm } from "../lib/forms.server";
import { formatMoney } from "../lib/money";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { entityId } from "../lib/validation";
import { getI18n } from "../middleware/i18next.server";
import { toasts } from "../toast.server";
import {
  approveTopUp,
  listTopUps,
  RejectInput,
  rejectTopUp,
  TOP_UP_STATUSES,
  type TopUpStatus,
} from "../wallet/top-ups.server";
import type { Route } from "./+types/admin-top-ups";

export const handle = { i18n: ["wallet"] };

function readStatus(url: URL): TopUpStatus {
  const status = url.searchParams.get("status");
  return TOP_UP_STATUSES.find((known) => known === status) ?? "pending";
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const status = readStatus(url);
  const pageNumber = parsePage(url);
  const { items, total } = await listTopUps(getDb(context), {
    status,
    limit: PAGE_SIZE,
    offset: (pageNumber - 1) * PAGE_SIZE,
  });
  const currency = readConfig().currency;
  const money = (minorUnits: number) => formatMoney(minorUnits, page.locale, currency);
  const t = page.tIn("wallet");
  return {
    meta: page.listMeta(t("admin.title"), t("admin.metaDescription"), pageNumber),
    status,
    statuses: TOP_UP_STATUSES,
    items: items.map(({ request: item, userName, userEmail, walletBalance }) => ({
      id: item.id,
      userName,
      userEmail,
      amount: money(item.amount),
      balance: money(walletBalance),
      reference: item.reference,
      rejectReason: item.rejectReason,
      requestedAt: page.date(item.createdAt.toISOString()),
      reviewedAt: item.reviewedAt ? page.date(item.reviewedAt.toISOString()) : null,
    })),
    total,
    page: pageNumber,
    pageCount: Math.ceil(total / PAGE_SIZE),
  };
}

const ReviewForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id: entityId("errors.formInvalid") }),
  RejectInput.extend({ intent: z.literal("reject"), id: entityId("errors.formInvalid") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireRole(request, context, isAdmin);
  const { locale } = pageContext(request, context);
  const t = getI18n(context).getFixedT(locale, "wallet");
  const back = localizePath("/dashboard/admin/top-ups", locale);
  const parsed = await parseForm(request, ReviewForm, t);
  if (!parsed.ok) return toasts().redirectWithError(back, t("errors.formInvalid"));
  const db = getDb(context);
  const outcome =
    parsed.data.intent === "approve"
      ? await approveTopUp(db, admin.id, parsed.data.id)
      : await rejectTopUp(db, admin.id, parsed.data.id, parsed.data.reason);
  if (!outcome.ok) {
    const message = {
      not_found: t("admin.notFound"),
      already_reviewed: t("admin.alreadyReviewed"),
      balance_limit: t("admin.balanceLimit"),
    }[outcome.reason];
    return toasts().redirectWithError(back, message);
  }
  const name = outcome.ownerName;
  const amount = formatMoney(outcome.request.amount, locale, readConfig().currency);
  return toasts().redirectWithSuccess(
    back,
    parsed.data.intent === "approve" ? t("admin.approved", { amount, name }) : t("admin.rejected", { name }),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminTopUps({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("wallet");
  const localize = useLocalizePath();
  const { items, status } = loaderData;
  return (
    <>
      <PageIntro title={t("admin.title")} lead={t("admin.lead")} />
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="top-ups-heading">
        <h2 id="top-ups-heading" className="sr-only">
          {t(`status.${status}`)}
        </h2>
        <nav aria-label={t("admin.filter")} className="flex flex-wrap gap-2">
          {loaderData.statuses.map((option) => (
            <Link
              key={option}
              to={localize(`/dashboard/admin/top-ups?status=${option}`)}
              aria-current={option === status ? "page" : undefined}
              className="rounded-full border border-ink/15 px-4 py-1.5 text-sm font-semibold aria-[current=page]:border-coral-700 aria-[current=page]:bg-coral-700 aria-[current=page]:text-white"
            >
              {t(`status.${option}`)}
            </Link>
          ))}
        </nav>
        {loaderData.total > 0 ? (
          <p className="mt-4 text-ink/80">{t("admin.total", { count: loaderData.total })}</p>
        ) : null}
        {items.length === 0 ? (
          <p className="mt-6">{t("admin.empty")}</p>
        ) : (
          <ul className="mt-6 space-y-4" data-testid="top-up-queue">
            {items.map((item) => (
              <li key={item.id} className="rounded-lg border border-ink/15 p-4" data-testid="top-up-row">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p>
                    <strong>{item.userName}</strong>{" "}
                    <span className="text-sm text-ink/80" dir="ltr">
                      {item.userEmail}
                    </span>
                  </p>
                  <p className="text-lg font-bold" dir="ltr">
                    {item.amount}
                  </p>
                </div>
                <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="inline font-semibold">{t("admin.requestedAt")}: </dt>
                    <dd className="inline">{item.requestedAt}</dd>
                  </div>
                  <div>
                    <dt className="inline font-semibold">{t("admin.balance")}: </dt>
                    <dd className="inline" dir="ltr">
                      {item.balance}
                    </dd>
                  </div>
                  {item.reference ? (
                    <div>
                      <dt className="inline font-semibold">{t("admin.reference")}: </dt>
                      <dd className="inline">
                        <bdi>{item.reference}</bdi>
                      </dd>
                    </div>
                  ) : null}
                  {item.reviewedAt ? (
                    <div>
                      <dt className="inline font-semibold">{t("admin.reviewedAt")}: </dt>
                      <dd className="inline">{item.reviewedAt}</dd>
                    </div>
                  ) : null}
                  {item.rejectReason ? (
                    <div>
                      <dd>{t("requests.rejectReason", { reason: item.rejectReason })}</dd>
                    </div>
                  ) : null}
                </dl>
                {status === "pending" ? (
                  <div className="mt-4 flex flex-wrap items-end gap-4">
                    <Form method="post">
                      <input type="hidden" name="intent" value="approve" />
                      <input type="hidden" name="id" value={item.id} />
                      <button
                        type="submit"
                        className="rounded-md bg-coral-600 px-5 py-2 font-semibold text-white hover:bg-coral-700"
                        aria-label={`${t("admin.approve")}: ${item.userName}, ${item.amount}`}
                      >
                        {t("admin.approve")}
                      </button>
                    </Form>
                    <Form method="post" className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
                      <input type="hidden" name="intent" value="reject" />
                      <input type="hidden" name="id" value={item.id} />
                      <div className="min-w-0 flex-1 basis-48">
                        <label htmlFor={`reject-reason-${item.id}`} className="block text-sm font-semibold">
                          {t("admin.rejectReason")}
                        </label>
                        <input
                          id={`reject-reason-${item.id}`}
                          name="reason"
                          maxLength={200}
                          dir="auto"
                          className="mt-1 block w-full rounded-md border border-ink/20 px-3 py-2"
                        />
                      </div>
                      <button
                        type="submit"
                        className="rounded-md border border-ink/30 px-5 py-2 font-semibold hover:bg-ink/5"
                        aria-label={`${t("admin.reject")}: ${item.userName}, ${item.amount}`}
                      >
                        {t("admin.reject")}
                      </button>
                    </Form>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </section>
    </>
  );
}
