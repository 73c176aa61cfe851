/**
 * The address book behind the address helper (spec §3 "Address", §7; POST /api/address).
 * `address_id` is the 0-based position in the caller's own list (oldest first), so a user can only
 * ever reach their own addresses. At most one address is the default (a partial unique index holds
 * it); the first address becomes the default, deleting the default promotes the oldest left, and
 * the default keeps its place when edited without its tick, so a non-empty list always has one (ADR 0014).
 */
import { ACCOUNT_MESSAGES, type AddressBody, type AddressFields, TEXT } from "@market/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Executor } from "../../db/client.js";
import { addresses, users } from "../../db/schema/index.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { addressRows, listAddresses } from "./user-details.js";

/** Most addresses one account keeps. */
export const MAX_ADDRESSES = 20;

type Fields = z.output<typeof AddressFields>;

function columns(f: Fields) {
  return {
    firstName: f.first_name,
    lastName: f.last_name,
    company: f.company,
    address1: f.address1,
    address2: f.address2,
    state: f.state,
    city: f.city,
    country: f.country,
    zip: f.zip,
    phone: f.phone,
  };
}

async function clearDefault(tx: Executor, userId: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

/** Run one address-helper request for `userId`; answers a message and the new list. */
export async function changeAddresses(db: Db, userId: string, body: z.output<typeof AddressBody>) {
  const message = await db.transaction(async (tx) => {
    // Lock the owner so two requests at once cannot both make a default or shift positions.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    const rows = await addressRows(tx, userId);
    if (body.request_type === "create") {
      if (rows.length >= MAX_ADDRESSES) throw badRequest(ACCOUNT_MESSAGES.addressLimit);
      const makeDefault = body.default || rows.length === 0;
      if (makeDefault) await clearDefault(tx, userId);
      await tx.insert(addresses).values({ userId, ...columns(body), isDefault: makeDefault });
      return TEXT.success.addressAdded;
    }
    const row = rows[body.address_id];
    if (!row) throw notFound(ACCOUNT_MESSAGES.addressNotFound);
    if (body.request_type === "update") {
      if (body.default) await clearDefault(tx, userId);
      await tx
        .update(addresses)
        // The default stays the default until another address takes it over (checkout prefills it).
        .set({ ...columns(body), isDefault: body.default || row.isDefault, updatedAt: new Date() })
        .where(eq(addresses.id, row.id));
      return TEXT.success.updated;
    }
    await tx.delete(addresses).where(eq(addresses.id, row.id));
    const next = rows.find((r) => r.id !== row.id);
    if (row.isDefault && next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    return TEXT.success.deleted;
  });
  return { message, data: await listAddresses(db, userId) };
}
