// Shows a fetcher's refusal as a red toast once; the optimistic UI rolls back by itself because it only
// overrides the server's state while the request is in flight.
import { useEffect, useRef } from "react";
import { useToast } from "./toaster";

export function useFetcherErrorToast(data: unknown) {
  const show = useToast();
  const last = useRef<unknown>(undefined);
  useEffect(() => {
    if (data === last.current) return;
    last.current = data;
    if (data && typeof data === "object" && "ok" in data && data.ok === false && "error" in data) {
      show({ kind: "error", message: String(data.error) });
    }
  }, [data, show]);
}
