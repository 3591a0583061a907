// A tus 1.0.0 PATCH as the tests send it by hand (tus-js-client is used where the client's behaviour is the
// point): `bytes` appended at `offset`, with the caller's credentials.
export function tusPatch(bytes: Uint8Array, offset: number, headers: Record<string, string>): RequestInit {
  return {
    method: "PATCH",
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
      ...headers,
    },
    // A copy: the request owns its body, and a Buffer's subarray may share a larger pool.
    body: new Uint8Array(bytes),
  };
}
