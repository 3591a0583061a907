// The leads board (issue 48, item 2): one column per status with its cards. Every card has a plain form (a
// status select and a Move button) that works without JavaScript and from the keyboard; with JavaScript the
// same form goes through a fetcher, and a card can also be dragged onto another column (native HTML drag and
// drop). A move shows at once (the in-flight submissions are applied to the server's columns) and rolls back
// by itself when the answer is a refusal or the request fails; the shell's <FetcherToasts/> says which.
import { type DragEvent, useCallback, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useFetchers } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/admin-leads-board";
import { EnhancedFormMarker } from "../enhanced-form-marker";
import { PageIntro } from "../page-intro";

type LoaderData = Route.ComponentProps["loaderData"];
type Card = LoaderData["columns"][number]["items"][number];
type Status = LoaderData["statuses"][number];

const moveKey = (id: number) => `lead-move-${id}`;

/** The columns to show: the server's, with every move still in flight already made. */
function useOptimisticColumns(columns: LoaderData["columns"]) {
  const fetchers = useFetchers();
  const moved = new Map<number, string>();
  for (const fetcher of fetchers) {
    const form = fetcher.formData;
    if (form?.get("intent") !== "move") continue;
    moved.set(Number(form.get("leadId")), String(form.get("status")));
  }
  if (moved.size === 0) return columns;
  const cards = columns.flatMap((column) => column.items);
  return columns.map((column) => {
    const stays = column.items.filter((card) => (moved.get(card.id) ?? card.status) === column.status);
    const arrives = cards.filter(
      (card) => card.status !== column.status && moved.get(card.id) === column.status,
    );
    const delta = arrives.length - (column.items.length - stays.length);
    return {
      ...column,
      total: column.total + delta,
      items: [...arrives.map((card) => ({ ...card, status: column.status })), ...stays],
    };
  });
}

export function LeadBoard({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation("leads");
  const localize = useLocalizePath();
  const columns = useOptimisticColumns(loaderData.columns);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const submitters = useRef(new Map<number, (status: string) => void>());
  const dragged = useRef<number | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const register = useCallback((id: number, submit: ((status: string) => void) | null) => {
    if (submit) submitters.current.set(id, submit);
    else submitters.current.delete(id);
  }, []);
  const action = localize(`/dashboard/admin/leads/board${loaderData.withSpam ? "?spam=1" : ""}`);

  const dropOn = (status: string) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const id = dragged.current;
    dragged.current = null;
    if (id === null) return;
    const card = columns.flatMap((column) => column.items).find((item) => item.id === id);
    if (!card || card.status === status) return;
    submitters.current.get(id)?.(status);
  };

  return (
    <>
      <PageIntro title={t("board.title")} lead={t("board.lead")} />
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="board-heading">
        <h2 id="board-heading" className="sr-only">
          {t("board.title")}
        </h2>
        <nav aria-label={t("board.views")} className="flex flex-wrap items-center gap-4">
          <Link
            to={localize("/dashboard/admin/leads")}
            className="font-semibold text-coral-700 underline underline-offset-4"
          >
            {t("board.toList")}
          </Link>
          <Link
            to={localize(`/dashboard/admin/leads/board${loaderData.withSpam ? "" : "?spam=1"}`)}
            className="font-semibold text-coral-700 underline underline-offset-4"
            data-testid="board-spam-toggle"
          >
            {loaderData.withSpam ? t("board.hideSpam") : t("board.showSpam")}
          </Link>
        </nav>
        {hydrated ? <p className="mt-4 text-sm text-ink/80">{t("board.dragHint")}</p> : null}
        <div className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-5" data-testid="lead-board">
          {columns.map((column) => (
            <section
              key={column.status}
              aria-labelledby={`board-column-${column.status}`}
              data-testid="board-column"
              data-status={column.status}
              onDragOver={(event) => {
                if (dragged.current === null) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = "move";
                setOver(column.status);
              }}
              onDragLeave={() => setOver((current) => (current === column.status ? null : current))}
              onDrop={dropOn(column.status)}
              className={`min-w-0 rounded-xl border p-3 ${over === column.status ? "border-coral-700 bg-coral-700/5" : "border-ink/15 bg-sand/40"}`}
            >
              <h3 id={`board-column-${column.status}`} className="font-bold">
                {t("board.column", { status: t(`statuses.${column.status}`), count: column.total })}
              </h3>
              {column.items.length === 0 ? (
                <p className="mt-3 text-sm text-ink/80">{t("board.empty")}</p>
              ) : (
                <ul className="mt-3 space-y-3">
                  {column.items.map((card) => (
                    <BoardCard
                      key={card.id}
                      card={card}
                      statuses={loaderData.statuses}
                      action={action}
                      draggable={hydrated}
                      onDragStart={(id) => {
                        dragged.current = id;
                      }}
                      register={register}
                    />
                  ))}
                </ul>
              )}
              {column.total > column.items.length ? (
                <p className="mt-3 text-sm">
                  <Link
                    to={localize(`/dashboard/admin/leads?status=${column.status}`)}
                    className="text-coral-700 underline"
                  >
                    {t("board.more", { count: column.total - column.items.length })}
                  </Link>
                </p>
              ) : null}
            </section>
          ))}
        </div>
      </section>
    </>
  );
}

function BoardCard({
  card,
  statuses,
  action,
  draggable,
  onDragStart,
  register,
}: {
  card: Card;
  statuses: readonly Status[];
  action: string;
  draggable: boolean;
  onDragStart: (id: number) => void;
  register: (id: number, submit: ((status: string) => void) | null) => void;
}) {
  const { t } = useTranslation("leads");
  const localize = useLocalizePath();
  const fetcher = useFetcher({ key: moveKey(card.id) });
  const submit = fetcher.submit;
  useEffect(() => {
    register(card.id, (status) =>
      submit({ intent: "move", leadId: String(card.id), status, js: "1" }, { method: "post", action }),
    );
    return () => register(card.id, null);
  }, [card.id, submit, register, action]);
  const selectId = `board-status-${card.id}`;
  return (
    // break-words: a name or campaign typed as one long word (spam does) wraps inside its column.
    <li
      className={`break-words rounded-lg border border-ink/15 bg-white p-3 ${draggable ? "cursor-grab" : ""}`}
      data-testid="board-card"
      data-lead={card.id}
      draggable={draggable || undefined}
      onDragStart={(event) => {
        onDragStart(card.id);
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", String(card.id));
      }}
    >
      <p className="min-w-0">
        <Link
          to={localize(`/dashboard/admin/leads/${card.id}`)}
          className="font-bold text-coral-700 underline underline-offset-4"
        >
          <bdi>{card.name}</bdi>
        </Link>
      </p>
      <p className="text-sm text-ink/80 break-all" dir="ltr">
        {card.email}
      </p>
      <p className="mt-1 text-sm text-ink/80">
        {t(`sources.${card.source}`)}
        {card.service ? ` · ${card.service}` : ""}
        {card.campaign ? (
          <>
            {" · "}
            <bdi dir="auto">{card.campaign}</bdi>
          </>
        ) : null}
      </p>
      <p className="text-sm text-ink/80">
        {t("inbox.lastMessage")}: {card.lastMessage}
        {card.ownerName ? (
          <>
            {" · "}
            <bdi>{card.ownerName}</bdi>
          </>
        ) : null}
      </p>
      <fetcher.Form method="post" action={action} className="mt-2 flex flex-wrap items-end gap-2">
        <EnhancedFormMarker />
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="leadId" value={card.id} />
        <div className="min-w-0 flex-1">
          <label htmlFor={selectId} className="block text-xs font-semibold">
            {t("board.moveTo")}
          </label>
          <select
            id={selectId}
            name="status"
            defaultValue={card.status}
            key={card.status}
            className="mt-0.5 block w-full rounded-md border border-ink/20 px-2 py-1 text-sm"
          >
            {statuses.map((status) => (
              <option key={status} value={status}>
                {t(`statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded-md border border-coral-700 px-3 py-1 text-sm font-semibold text-coral-700 hover:bg-coral-700/5"
          aria-label={t("board.moveLabel", { name: card.name })}
        >
          {t("board.move")}
        </button>
      </fetcher.Form>
    </li>
  );
}
