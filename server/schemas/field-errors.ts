import type { core } from "zod/mini";

/** Said when the whole body is of the wrong type (a JSON array, a string): zod would say "Invalid input". */
export const NOT_AN_OBJECT_MESSAGE = "Send the fields as a JSON object";

/** `{ field: firstMessage }` from a zod error, for showing beside each input. */
export function fieldErrors(error: core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const whole = issue.path.length === 0 && issue.code === "invalid_type";
    errors[String(issue.path[0] ?? "_")] ??= whole ? NOT_AN_OBJECT_MESSAGE : issue.message;
  }
  return errors;
}
