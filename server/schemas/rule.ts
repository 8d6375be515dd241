import * as z from "zod/mini";
import type { Checked, Problem } from "#common/forms.ts";

/**
 * A zod check from one of the shared rules in `common/` (decisions/016): the rule's message
 * becomes the issue, so the browser's check and the server's say the same thing.
 */
export function rule<T>(problem: (value: T) => Problem) {
  return z.superRefine<T>((value, ctx) => {
    const message = problem(value);
    if (message !== undefined) ctx.issues.push({ code: "custom", message, input: value });
  });
}

/**
 * A zod schema from a whole-input check in `common/` (the product's): the same function decides
 * in the browser and on the server; each field's message becomes an issue at that field.
 */
export function fromCheck<T>(check: (input: unknown) => Checked<T>) {
  return z.pipe(
    z.unknown(),
    z.transform((input: unknown, ctx): T => {
      const result = check(input);
      if (result.ok) return result.data;
      for (const [field, message] of Object.entries(result.errors)) {
        ctx.issues.push({ code: "custom", message, input, path: field === "_" ? [] : [field] });
      }
      return z.NEVER;
    }),
  );
}
