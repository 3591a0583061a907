// Adding a request header to an answer's `Vary`, keeping the names already there.

/** `response` with `header` in its Vary; the same object, or a copy when its headers are immutable. */
export function withVary(response: Response, header: string): Response {
  try {
    response.headers.append("Vary", header);
    return response;
  } catch {
    // Headers of Response.redirect() and the like are immutable: answer with a copy.
    const copy = new Response(response.body, response);
    copy.headers.append("Vary", header);
    return copy;
  }
}
