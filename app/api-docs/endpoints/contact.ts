// The contact form (app/routes/api/contact.ts).
import { z } from "zod";
import { ContactInput } from "../../leads/inputs";
import { type EndpointDoc, json, ok } from "../registry";

export const contactEndpoints: EndpointDoc[] = [
  {
    method: "post",
    route: "api/contact",
    tag: "Contact",
    summary: "Send a message",
    auth: "public",
    body: json(ContactInput),
    responses: {
      201: ok("Sent", z.strictObject({ ok: z.literal(true), message: z.string() })),
    },
    errors: [[429, "rate_limited"]],
  },
];
