// The OpenAPI document's zod schemas are written beside the TypeScript types the shop already has
// (decisions/034); these hold each schema equal to its type, so a schema that drifts from the code
// fails to compile instead of describing the API wrongly.
import type * as z from "zod/mini";

/** True only when A and B are the same type (each assignable to the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** A request body's schema, compiling only when what a client sends (`z.input`) is exactly T. */
export function sameInput<T>() {
  return <S extends z.ZodMiniType>(schema: S, _ok: Same<z.input<S>, T>): S => schema;
}

/** An answer's schema, compiling only when what it describes (`z.output`) is exactly T. */
export function sameOutput<T>() {
  return <S extends z.ZodMiniType>(schema: S, _ok: Same<z.output<S>, T>): S => schema;
}
