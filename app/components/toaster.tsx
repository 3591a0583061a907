// Toasts at the bottom corner for 3 s: green success, red error, blue loading/info (SPEC §2).
// Server toasts (remix-toast) render in the HTML, so they show without JavaScript; a CSS animation hides
// them after 3 s. Client code adds its own through `useToast()`, e.g. when an optimistic update fails.
// A toast never covers the focused element (WCAG 2.4.11): with JavaScript the stack moves to the top, under the
// header while the focus is where it would be, and fades out (still read out) if it would cover it there too.
// Without JavaScript a toast only comes with a page load, whose focus starts in the header, far from it.
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
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
  const region = useRef<HTMLElement>(null);
  const placement = useClearOfFocus(region, toasts.length);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <section
        ref={region}
        aria-live="polite"
        aria-label={t("toast.region")}
        data-placement={placement}
        className="pointer-events-none fixed bottom-4 end-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 data-[placement=aside]:opacity-0 data-[placement=aside]:*:pointer-events-none data-[placement=top]:top-20 data-[placement=top]:bottom-auto"
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

type Placement = "bottom" | "top" | "aside";

/** Space between the stack and the viewport's bottom edge (bottom-4) and its top edge under the header (top-20). */
const BOTTOM_GAP = 16;
const TOP_OFFSET = 80;

/**
 * Where the stack goes so it does not cover the focused element: its corner at the bottom, else the top under
 * the sticky header, else transparent (hidden, a live region would no longer be read out). Measured a frame
 * after each focus change (once the browser has scrolled the element into view), on scroll and resize, and
 * when toasts come and go.
 */
function useClearOfFocus(region: RefObject<HTMLElement | null>, count: number): Placement {
  const [placement, setPlacement] = useState<Placement>("bottom");
  useEffect(() => {
    if (count === 0) {
      setPlacement("bottom");
      return;
    }
    let frame = 0;
    function place() {
      const stack = region.current;
      const focused = document.activeElement;
      if (!stack || !focused || focused === document.body || stack.contains(focused)) {
        setPlacement("bottom");
        return;
      }
      const target = focused.getBoundingClientRect();
      const { left, right, height } = stack.getBoundingClientRect();
      const covers = (top: number) =>
        target.left < right && target.right > left && target.top < top + height && target.bottom > top;
      const bottomTop = window.innerHeight - BOTTOM_GAP - height;
      setPlacement(!covers(bottomTop) ? "bottom" : !covers(TOP_OFFSET) ? "top" : "aside");
    }
    function schedule() {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    }
    schedule();
    document.addEventListener("focusin", schedule);
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("focusin", schedule);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [region, count]);
  return placement;
}
