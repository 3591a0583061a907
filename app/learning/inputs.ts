// What a progress report may carry, for the JSON API and for the learn page's beacon (a form body). Messages
// are keys of the `learning` namespace. The bounds of a position depend on the lesson (policy.ts); here only
// its shape is checked.
import { z } from "zod";
import { UNBOUNDED_POSITION_LIMIT } from "./policy";

const position = z
  .number({ error: "api.positionInvalid" })
  .finite({ error: "api.positionInvalid" })
  .min(0, { error: "api.positionInvalid" })
  .describe(
    `Seconds from the lesson's start, at most its length (${UNBOUNDED_POSITION_LIMIT} when unknown); past it is 422`,
  );

export const ProgressJson = z
  .strictObject(
    {
      positionSeconds: position.optional(),
      completed: z.boolean({ error: "api.completedInvalid" }).optional(),
    },
    { error: "api.bodyInvalid" },
  )
  .refine((value) => value.positionSeconds !== undefined || value.completed !== undefined, {
    error: "api.bodyEmpty",
    path: ["positionSeconds"],
  });

/** The beacon's urlencoded fields: numbers and booleans as text. */
export const ProgressForm = z
  .object({
    positionSeconds: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,6})?$/, { error: "api.positionInvalid" })
      .transform(Number)
      .optional(),
    completed: z.enum(["true", "false"], { error: "api.completedInvalid" }).optional(),
  })
  .refine((value) => value.positionSeconds !== undefined || value.completed !== undefined, {
    error: "api.bodyEmpty",
    path: ["positionSeconds"],
  });
