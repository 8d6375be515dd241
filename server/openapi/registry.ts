import * as z from "zod/mini";

/**
 * What the OpenAPI document says about a schema beyond its type: a component name (`id`), a
 * description, examples. Kept apart from zod's global registry, so describing the API changes
 * nothing else that reads schemas.
 */
export const apiDocs = z.registry<{ id?: string; description?: string; examples?: unknown[] }>();
