// Toasts at the bottom corner for 3 s: green success, red error, blue loading/info (SPEC §2).
// Server toasts (remix-toast) render in the HTML, so they show without JavaScript; a CSS animation hides
// them after 3 s. Client code adds its own through `useToast()`, e.g. when an optimistic update fails.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useTranslation } from "../i18n/use-translation";

export type ToastKind = "success" | "error" | "info" | "warning" | "loading";
export type ToastItem = { id: string; kind: ToastKind; message: string };

export const TOAST_DURATION_MS = 3000;

const ToastContext = createContext<(toast: Omit<ToastItem, "id">) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

const styles: Record<ToastKind, string> = {
  success: "bg-green-700",
  error: "bg-red-600",
  info: "bg-blue-600",
  loading: "bg-blue-600",
  warning: "bg-amber-700",
};

let sequence = 0;
const nextId = () => `toast-${++sequence}`;

export function ToastProvider({
  serverToast,
  children,
}: {
  serverToast: { type: ToastKind; message: string } | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<ToastItem[]>(() =>
    serverToast ? [{ id: "server-initial", kind: serverToast.type, message: serverToast.message }] : [],
  );

  const dismiss = useCallback((id: string) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);

  const show = useCallback(
    (toast: Omit<ToastItem, "id">) => {
      const id = nextId();
      setToasts((all) => [...all, { ...toast, id }]);
      window.setTimeout(() => dismiss(id), TOAST_DURATION_MS + 200);
    },
    [dismiss],
  );

  // A toast that arrives with later loader data (after a client-side submission) joins the list.
  const [lastServerToast, setLastServerToast] = useState(serverToast);
  useEffect(() => {
    if (serverToast && serverToast !== lastServerToast)
      show({ kind: serverToast.type, message: serverToast.message });
    setLastServerToast(serverToast);
  }, [serverToast, lastServerToast, show]);

  // The server-rendered toast also leaves after its lifetime once JavaScript runs.
  useEffect(() => {
    const timer = window.setTimeout(() => dismiss("server-initial"), TOAST_DURATION_MS + 200);
    return () => window.clearTimeout(timer);
  }, [dismiss]);

  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <section
        aria-live="polite"
        aria-label={t("toast.region")}
        className="pointer-events-none fixed bottom-4 end-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.kind === "error" ? "alert" : "status"}
            data-testid={`toast-${toast.kind}`}
            className={`toast pointer-events-auto flex items-start gap-3 rounded-lg px-4 py-3 text-sm font-medium text-white shadow-lg ${styles[toast.kind]}`}
          >
            <p className="flex-1">{toast.message}</p>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              aria-label={t("toast.dismiss")}
              className="-m-1 rounded p-1 leading-none hover:bg-white/20"
            >
              ×
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}
