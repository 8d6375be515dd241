import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { contactMessages } from "#server/db/schema.ts";
import { countRequests, type Throttled } from "#server/modules/limits/limiter.ts";
import { contactSchema } from "#server/schemas/content.ts";
import { type InvalidInput, readInput } from "#server/schemas/input.ts";

export type ContactResult = { ok: true; id: string; createdAt: Date } | Throttled | InvalidInput;

/**
 * Stores a contact-form message (`{ name, email, message }`, the raw body either door received,
 * read here with its schema) for the admin inbox; each message counts against the sender's email
 * (tight) and address (generous) limits.
 */
export async function sendContactMessage(
  context: { db: Database; config: Pick<Config, "rateLimitScale"> },
  body: unknown,
  clientIp: string,
): Promise<ContactResult> {
  const read = readInput(contactSchema, body);
  if (!read.ok) return read;
  const { input } = read;
  const refused = await countRequests(context, [
    ["contactMessagesPerEmail", input.email],
    ["contactMessagesPerAddress", clientIp],
  ]);
  if (refused) return refused;
  const [saved] = await context.db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email.toLowerCase(), message: input.message })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  return { ok: true, ...saved! };
}
