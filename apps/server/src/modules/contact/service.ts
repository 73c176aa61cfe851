/** Contact messages (spec §2 contact page): stored for the store's staff to read and answer by e-mail. */
import type { Executor } from "../../db/client.js";
import { contactMessages } from "../../db/schema/index.js";

export type ContactInput = { name: string; email: string; subject: string; message: string };

/** Store one validated message (text already trimmed by the shared ContactBody schema). Answers its id. */
export async function saveContactMessage(db: Executor, input: ContactInput): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email.toLowerCase(), subject: input.subject, message: input.message })
    .returning({ id: contactMessages.id });
  return row!.id;
}
