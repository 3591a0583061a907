// This document itself (app/routes/api/openapi.ts).
import { z } from "zod";
import { type EndpointDoc, ok } from "../registry";

export const referenceEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/openapi.json",
    tag: "Reference",
    summary: "This OpenAPI 3.1 document",
    auth: "public",
    responses: {
      200: ok(
        "The document",
        z.looseObject({ openapi: z.literal("3.1.0"), info: z.looseObject({}), paths: z.looseObject({}) }),
      ),
    },
  },
];
