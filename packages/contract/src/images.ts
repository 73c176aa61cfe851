/**
 * Image URL helpers shared by server and web. Kept out of the schema modules (which import Zod) so
 * that a page using them does not download Zod (ADR 0051).
 */

/** Thumbnail URL of a stored image (`/uploads/x.webp` -> `/uploads/x-thumb.webp`); other URLs unchanged. */
export function imageThumbUrl(url: string | null | undefined): string {
  if (!url) return "";
  return url.startsWith("/uploads/") && url.endsWith(".webp") && !url.endsWith("-thumb.webp") ? url.replace(/\.webp$/, "-thumb.webp") : url;
}
