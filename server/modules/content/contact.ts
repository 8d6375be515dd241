import type { ContactInput } from "#common/schemas/content.ts";
import type { Database } from "#server/db/client.ts";
import { contactMessages } from "#server/db/schema.ts";

/** Stores a contact-form message for the admin inbox. */
export async function saveContactMessage(db: Database, input: ContactInput) {
  const [saved] = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email.toLowerCase(), message: input.message })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  return saved!;
}
