// Shows a fetcher's refusal as a red toast once; the optimistic UI rolls back by itself because it only
// overrides the server's state while the request is in flight. A request that failed outright (network,
// server error) carries no message of its own, so it gets the generic one.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "./toaster";

export function useFetcherErrorToast(data: unknown) {
  const show = useToast();
  const { t } = useTranslation();
  const last = useRef<unknown>(undefined);
  useEffect(() => {
    if (data === last.current) return;
    last.current = data;
    if (data && typeof data === "object" && "ok" in data && data.ok === false && "error" in data) {
      show({ kind: "error", message: String(data.error) || t("errors.requestFailed") });
    }
  }, [data, show, t]);
}
