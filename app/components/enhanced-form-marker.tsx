// Tells an action that the form was sent by JavaScript (a fetcher), which wants data rather than a redirect.
import { useEffect, useState } from "react";

export function EnhancedFormMarker() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <input type="hidden" name="js" value="1" /> : null;
}
