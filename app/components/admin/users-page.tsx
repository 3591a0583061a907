// The admin's user list: search, sort, and each user's role, wallet charge and deletion.
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/admin-users";
import { ErrorSummary, useFocusWhenInvalid } from "../error-summary";
import { PageIntro } from "../page-intro";
import { Pagination } from "../pagination";

type LoaderData = Route.ComponentProps["loaderData"];

type RowFailure = { fieldErrors: Record<string, string>; values: Record<string, string> };
type UserRowData = Route.ComponentProps["loaderData"]["users"][number];

const controlClass = "rounded-md border bg-white px-2 py-1.5 text-sm focus:border-coral-500";
const borderFor = (error: string | undefined) => (error ? "border-red-600" : "border-ink/20");
const smallButtonClass =
  "rounded-md bg-ink px-3 py-1.5 text-sm font-semibold text-white hover:bg-ink/85 disabled:opacity-60";

export function AdminUsers({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation("admin");
  const localize = useLocalizePath();
  const location = useLocation();
  const { filters, options, users, total, page, pageCount } = loaderData;
  const failure: RowFailure | undefined = actionData;
  // A refusal for a row that is not on this page (or a tampered form) is shown above the table.
  const orphanError =
    failure && !users.some((user) => user.id === failure.values.userId)
      ? Object.values(failure.fieldErrors)[0]
      : undefined;

  return (
    <>
      <PageIntro title={t("users.title")} lead={t("users.lead")}>
        <p className="mt-4 text-sm font-semibold text-ink/70">{t("users.count", { count: total })}</p>
      </PageIntro>
      <div className="mx-auto max-w-7xl px-4 py-12">
        <Link
          to={localize("/dashboard/admin")}
          className="text-sm font-semibold text-coral-700 hover:underline"
        >
          {t("users.backToDashboard")}
        </Link>

        <Form
          // Remounted when the URL changes (back button, pagination), so the fields show the URL's filters.
          key={location.search}
          method="get"
          role="search"
          aria-label={t("users.filters.label")}
          className="mt-6 grid gap-4 rounded-xl bg-sand p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
        >
          <div>
            <label htmlFor="users-q" className="block text-sm font-semibold">
              {t("users.filters.q")}
            </label>
            <input
              id="users-q"
              name="q"
              type="search"
              maxLength={100}
              defaultValue={filters.q}
              placeholder={t("users.filters.qPlaceholder")}
              className={`mt-1 block w-full ${controlClass} ${borderFor(undefined)}`}
            />
          </div>
          <div>
            <label htmlFor="users-role" className="block text-sm font-semibold">
              {t("users.filters.role")}
            </label>
            <select
              id="users-role"
              name="role"
              defaultValue={filters.role}
              className={`mt-1 block w-full ${controlClass} ${borderFor(undefined)}`}
            >
              <option value="">{t("users.filters.allRoles")}</option>
              {options.roles.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="users-sort" className="block text-sm font-semibold">
              {t("users.filters.sort")}
            </label>
            <select
              id="users-sort"
              name="sort"
              defaultValue={filters.sort}
              className={`mt-1 block w-full ${controlClass} ${borderFor(undefined)}`}
            >
              {options.sorts.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`users.sort.${sort}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="users-order" className="block text-sm font-semibold">
              {t("users.filters.order")}
            </label>
            <select
              id="users-order"
              name="order"
              defaultValue={filters.order}
              className={`mt-1 block w-full ${controlClass} ${borderFor(undefined)}`}
            >
              {options.orders.map((order) => (
                <option key={order} value={order}>
                  {t(`users.order.${order}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="submit"
              className="rounded-md bg-coral-600 px-5 py-2 font-semibold text-white hover:bg-coral-700"
            >
              {t("users.filters.apply")}
            </button>
            <Link to={location.pathname} className="text-sm font-semibold text-ink/70 hover:underline">
              {t("users.filters.clear")}
            </Link>
          </div>
        </Form>

        {orphanError ? (
          <div className="mt-6">
            <ErrorSummary answer={failure} message={orphanError} />
          </div>
        ) : null}

        {users.length === 0 ? (
          <p className="mt-8 rounded-xl border border-dashed border-ink/20 p-10 text-center text-ink/70">
            {t("users.empty")}
          </p>
        ) : (
          // The table keeps its columns and scrolls sideways on narrow screens instead of squeezing them.
          // `relative`: the screen-reader-only labels (absolutely positioned) stay inside the scrolling box
          // instead of widening the page.
          <div className="relative mt-8 overflow-x-auto rounded-xl border border-ink/10">
            <table className="w-full min-w-[64rem] text-start text-sm" data-testid="user-table">
              <caption className="sr-only">{t("users.tableCaption")}</caption>
              <thead className="bg-sand">
                <tr>
                  {(["name", "email", "role", "walletBalance", "createdAt", "actions"] as const).map(
                    (column) => (
                      <th key={column} scope="col" className="px-4 py-3 text-start font-semibold">
                        {t(`users.columns.${column}`)}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-ink/10">
                {users.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    roles={options.roles}
                    failure={failure?.values.userId === user.id ? failure : undefined}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={page} pageCount={pageCount} />
      </div>
    </>
  );
}

function UserRow({
  user,
  roles,
  failure,
}: {
  user: UserRowData;
  roles: readonly UserRowData["role"][];
  failure: RowFailure | undefined;
}) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const navigation = useNavigation();
  const submitting = (intent: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("userId") === user.id &&
    navigation.formData.get("intent") === intent;
  const failedIntent = failure?.values.intent;
  const roleError =
    failedIntent === "changeRole" ? (failure?.fieldErrors.role ?? failure?.fieldErrors.form) : undefined;
  const amountError =
    failedIntent === "chargeWallet" ? (failure?.fieldErrors.amount ?? failure?.fieldErrors.form) : undefined;
  const roleFocus = useFocusWhenInvalid<HTMLSelectElement>(Boolean(roleError), failure);
  const amountFocus = useFocusWhenInvalid<HTMLInputElement>(Boolean(amountError), failure);
  const roleId = `role-${user.id}`;
  const amountId = `amount-${user.id}`;

  return (
    <tr className="align-top">
      <th scope="row" className="px-4 py-3 text-start font-semibold">
        {user.name}
      </th>
      <td className="px-4 py-3">
        <bdi dir="ltr">{user.email}</bdi>
      </td>
      <td className="px-4 py-3">{t(`roles.${user.role}`)}</td>
      <td className="px-4 py-3 tabular-nums">{user.walletBalance}</td>
      <td className="px-4 py-3">
        <time dateTime={user.createdAt}>{user.createdAtLabel}</time>
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-col gap-3">
          {/* Keyed by location so a successful change (a redirect) resets the fields to the saved values. */}
          <Form key={`role-${location.key}`} method="post" className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="intent" value="changeRole" />
            <input type="hidden" name="userId" value={user.id} />
            <label htmlFor={roleId} className="sr-only">
              {t("users.changeRole.label", { name: user.name })}
            </label>
            <select
              {...roleFocus}
              id={roleId}
              name="role"
              defaultValue={user.role}
              aria-invalid={roleError ? true : undefined}
              aria-describedby={roleError ? `${roleId}-error` : undefined}
              className={`${controlClass} ${borderFor(roleError)}`}
            >
              {roles.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
            <button type="submit" disabled={submitting("changeRole")} className={smallButtonClass}>
              {submitting("changeRole") ? t("users.changeRole.submitting") : t("users.changeRole.submit")}
            </button>
            {roleError ? (
              <p id={`${roleId}-error`} role="alert" className="w-full text-sm text-red-700">
                {roleError}
              </p>
            ) : null}
          </Form>
          <Form key={`amount-${location.key}`} method="post" className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="intent" value="chargeWallet" />
            <input type="hidden" name="userId" value={user.id} />
            <label htmlFor={amountId} className="sr-only">
              {t("users.chargeWallet.label", { name: user.name })}
            </label>
            <input
              {...amountFocus}
              id={amountId}
              name="amount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              dir="ltr"
              placeholder={t("users.chargeWallet.placeholder")}
              defaultValue={amountError ? failure?.values.amount : undefined}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={amountError ? `${amountId}-error` : undefined}
              className={`w-28 ${controlClass} ${borderFor(amountError)}`}
            />
            <button type="submit" disabled={submitting("chargeWallet")} className={smallButtonClass}>
              {submitting("chargeWallet")
                ? t("users.chargeWallet.submitting")
                : t("users.chargeWallet.submit")}
            </button>
            {amountError ? (
              <p id={`${amountId}-error`} role="alert" className="w-full text-sm text-red-700">
                {amountError}
              </p>
            ) : null}
          </Form>
        </div>
      </td>
    </tr>
  );
}
