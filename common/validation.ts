import type { core } from "zod/mini";

/** `{ field: firstMessage }` from a zod error, for showing beside each input. */
export function fieldErrors(error: core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "_");
    errors[field] ??= issue.message;
  }
  return errors;
}
