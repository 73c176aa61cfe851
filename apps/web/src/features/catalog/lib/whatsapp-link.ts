/**
 * WhatsApp chat link from a phone number: https://wa.me/<digits> (WhatsApp's click-to-chat form),
 * or null when fewer than 7 digits are left. Shared by the item page and the lazily loaded seller
 * card, so neither imports the other's module.
 */
export function whatsappLink(whatsapp: string | null | undefined): string | null {
  const digits = (whatsapp ?? "").replace(/\D/g, "");
  return digits.length >= 7 ? `https://wa.me/${digits}` : null;
}
