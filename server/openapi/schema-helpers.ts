// What the OpenAPI document's zod schemas (bodies.ts, responses.ts; decisions/034) build with:
// each schema is written beside the TypeScript type the shop already has and held equal to it, so
// a schema that drifts from the code fails to compile instead of describing the API wrongly; the
// runs of fields both files describe alike are built here once.
import type * as z from "zod/mini";
import { MEDICINE_FIELDS, type MedicineField } from "#common/medicine-information.ts";
import { TRANSLATABLE_PRODUCT_FIELDS, type TranslatableProductField } from "#common/language.ts";

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

/** A product's medicine information fields (common/medicine-information.ts), in their order, each described by `schema`. */
export function medicineFields<S extends z.ZodMiniType>(schema: S): Record<MedicineField, S> {
  return Object.fromEntries(MEDICINE_FIELDS.map((field) => [field.name, schema])) as Record<MedicineField, S>;
}

/** A product's translatable fields (common/language.ts), in their order, each described by `schema`. */
export function translatedFields<S extends z.ZodMiniType>(schema: S): Record<TranslatableProductField, S> {
  return Object.fromEntries(TRANSLATABLE_PRODUCT_FIELDS.map((field) => [field, schema])) as Record<TranslatableProductField, S>;
}
