// /dashboard/admin/users: admins search the user list and, row by row, change roles and credit wallets
// with plain forms that work without JavaScript; the filters live in the URL so a view can be shared.

import { data } from "react-router";
import { z } from "zod";
import { isAdmin } from "../access/roles";
import {
  ChangeRoleInput,
  changeUserRole,
  listUsers,
  SORT_ORDERS,
  USER_ROLES,
  USER_SORTS,
  userListQueryOrDefaults,
} from "../admin/users.server";
import { requireRole } from "../auth/guards.server";
import { AdminUsers } from "../components/admin/users-page";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { localizePath } from "../i18n/languages";
import { parseForm } from "../lib/forms.server";
import { formatMoney, toAmountText } from "../lib/money";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { backToPage } from "../lib/same-origin-path";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { ChargeWalletInput, creditWallet, DEFAULT_CREDIT_REASON } from "../wallet/wallet.server";
import type { Route } from "./+types/admin-users";
export const handle = { i18n: ["admin"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const query = userListQueryOrDefaults(url.searchParams);
  const pageNumber = parsePage(url);
  const list = await listUsers(getDb(context), {
    ...query,
    limit: PAGE_SIZE,
    offset: (pageNumber - 1) * PAGE_SIZE,
  });
  const currency = readConfig().currency;
  return {
    meta: page.listMeta(page.t("admin:users.title"), page.t("admin:users.metaDescription"), pageNumber),
    filters: { q: query.q ?? "", role: query.role ?? "", sort: query.sort, order: query.order },
    // The option lists come from server modules the browser bundle cannot import.
    options: { roles: USER_ROLES, sorts: USER_SORTS, orders: SORT_ORDERS },
    users: list.items.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      walletBalance: formatMoney(user.walletBalance, page.locale, currency),
      createdAt: user.createdAt,
      createdAtLabel: page.date(user.createdAt),
    })),
    total: list.total,
    page: pageNumber,
    pageCount: Math.ceil(list.total / PAGE_SIZE),
  };
}

const rowFields = {
  userId: z.guid({ error: "errors.formInvalid" }),
};

/** The two row forms, told apart by their hidden `intent`; the fields are the API's own schemas. */
const UserRowAction = z.discriminatedUnion(
  "intent",
  [
    ChangeRoleInput.extend({ intent: z.literal("changeRole"), ...rowFields }),
    ChargeWalletInput.pick({ amount: true }).extend({ intent: z.literal("chargeWallet"), ...rowFields }),
  ],
  { error: "errors.formInvalid" },
);

export async function action({ request, url, context }: Route.ActionArgs) {
  const admin = requireRole(request, context, isAdmin);
  const { locale } = pageContext(request, context);
  const t = getI18n(context).getFixedT(locale, "admin");
  const backToList = backToPage(url);
  const form = await parseForm(request, UserRowAction, t);
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  const db = getDb(context);

  if (form.data.intent === "changeRole") {
    const outcome = await changeUserRole(db, {
      actorId: admin.id,
      userId: form.data.userId,
      role: form.data.role,
    });
    if (!outcome.ok) {
      const message = outcome.reason === "last_admin" ? t("errors.lastAdmin") : t("errors.userNotFound");
      return toasts().redirectWithError(backToList, message);
    }
    const { user } = outcome;
    // An admin who gave up their own admin role may no longer open this page.
    const leftAdmin = user.id === admin.id && !isAdmin(user);
    return toasts().redirectWithSuccess(
      leftAdmin ? localizePath("/", locale) : backToList,
      t("users.changeRole.done", { name: user.name, role: t(`roles.${user.role}`) }),
    );
  }

  const { userId, amount } = form.data;
  const outcome = await creditWallet(db, {
    userId,
    actorId: admin.id,
    amount,
    reason: DEFAULT_CREDIT_REASON,
  });
  if (!outcome.ok && outcome.reason === "not_found") {
    return toasts().redirectWithError(backToList, t("errors.userNotFound"));
  }
  const currency = readConfig().currency;
  if (!outcome.ok) {
    return data(
      {
        fieldErrors: { amount: t("errors.balanceLimit") },
        // The typed text was parsed away; the same amount in the field's own notation ("10.50") refills it.
        values: { intent: "chargeWallet", userId, amount: toAmountText(amount, currency) },
      },
      { status: 400 },
    );
  }
  return toasts().redirectWithSuccess(
    backToList,
    t("users.chargeWallet.done", {
      name: outcome.user.name,
      amount: formatMoney(amount, locale, currency),
      balance: formatMoney(outcome.balance, locale, currency),
    }),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminUsersRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminUsers loaderData={loaderData} actionData={actionData} />;
}
