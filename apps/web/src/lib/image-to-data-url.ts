/**
 * Profile picture as a data URL, for the sign-up payload (spec §3: "profile (image as data URL)") and
 * the profile settings (PUT /api/me; ADR 0084). Only files whose type begins with "image" are
 * accepted (spec §5); big phone photos are scaled down in the browser
 * (longest side 800 px, JPEG) so a phone on mobile data sends a small file, not the camera's original.
 * The server checks the bytes again and re-encodes them.
 */

/** True when the browser says the file is an image (the spec's client check). */
export function isImageFile(file: File): boolean {
  return file.type.startsWith("image");
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the file"));
    reader.readAsDataURL(file);
  });
}

/** The image as a data URL, scaled to at most `max` px when the browser can draw it. */
export async function imageToDataUrl(file: File, max = 800): Promise<string> {
  try {
    if (typeof createImageBitmap !== "function") throw new Error("no canvas");
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, max / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const g = canvas.getContext("2d");
    if (!g) throw new Error("no canvas");
    g.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const url = canvas.toDataURL("image/jpeg", 0.85);
    if (!url.startsWith("data:image/jpeg")) throw new Error("no encoder");
    return url;
  } catch {
    return readAsDataUrl(file);
  }
}
