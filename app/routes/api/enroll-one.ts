// Placeholder: being written now (commerce issue).
export function loader() {
  return new Response("Not implemented yet", { status: 501 });
}
