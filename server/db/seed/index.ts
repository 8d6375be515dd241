import type { ShopContext } from "#server/context.ts";

/** Demo catalogue, research articles and the first admin; idempotent. */
export async function seedDatabase(_shop: ShopContext): Promise<void> {}
