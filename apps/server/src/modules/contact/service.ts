/** Contact messages (spec §2 contact page): stored for the admins to read and answer by e-mail in the back office inbox (inbox.service.ts). */

import { normalizePhone } from "@market/contract";
import type { Executor } from "../../db/client.js";
import { contactMessages } from "../../db/schema/index.js";

export type ContactInput = { name: string; email: string; phone?: string; subject: string; message: string };

/** Store one validated message (text already trimmed by the shared ContactBody schema). Answers its id. */
export async function saveContactMessage(db: Executor, input: ContactInput): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      // E.164 when it parses (any country), else as typed: the admin still sees what was given.
      phone: input.phone ? (normalizePhone(input.phone, { nigerianOnly: false }) ?? input.phone) : null,
      subject: input.subject,
      message: input.message,
    })
    .returning({ id: contactMessages.id });
  return row!.id;
}
