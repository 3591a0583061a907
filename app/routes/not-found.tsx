// Catch-all for unknown paths: answers 404 so the root error boundary renders the localized page.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function action() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
