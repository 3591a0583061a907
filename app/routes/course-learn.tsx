// Placeholder: being written now (commerce issue).
export function loader() {
  throw new Response("Not implemented yet", { status: 501 });
}

export default function Placeholder() {
  return null;
}
