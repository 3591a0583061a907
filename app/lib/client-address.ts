// The header server.mjs sets from the socket (or the trusted proxy): the only source of a client's address.
export const CLIENT_ADDRESS_HEADER = "x-manara-client-address";
