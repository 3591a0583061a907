// The contact form (app/routes/api/contact.ts).
import { ContactInput } from "../../leads/inputs";
import { type EndpointDoc, json, ok } from "../registry";
import { SentEnquiry } from "./leads";

export const contactEndpoints: EndpointDoc[] = [
  {
    method: "post",
    route: "api/contact",
    tag: "Contact",
    summary: "Send a message",
    description:
      "Every message becomes a lead or adds to the address's lead of the last 90 days; the answer is the same either way. A filled `website` (the honeypot) is kept as spam.",
    auth: "public",
    body: json(ContactInput),
    responses: {
      201: ok("Sent: the receipt of the lead it made or added to", SentEnquiry),
    },
    errors: [[429, "rate_limited"]],
  },
];
