/**
 * Generated product pictures for the demo data: an SVG (gradient, a simple motif and the item's
 * name) rendered by sharp and stored through the normal upload path, so demo pictures are real
 * uploads and nothing is hot-linked from the internet.
 */
import sharp from "sharp";
import { storeImage } from "../../modules/uploads/images.js";
import type { UploadStorage } from "../../modules/uploads/storage.js";
import type { Executor } from "../client.js";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Split a name into at most 3 lines of ~16 characters. */
function wrap(text: string, width = 16): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (`${line} ${word}`.trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

/** SVG for a picture of `label`, coloured by `hue` (0-359); `variant` changes the motif. */
function pictureSvg(label: string, hue: number, variant = 0): string {
  const lines = wrap(label);
  const motif = [
    `<circle cx="400" cy="300" r="150" fill="hsl(${hue},70%,85%)" opacity="0.9"/>`,
    `<rect x="260" y="160" width="280" height="280" rx="40" fill="hsl(${hue},70%,85%)" opacity="0.9"/>`,
    `<polygon points="400,140 560,440 240,440" fill="hsl(${hue},70%,85%)" opacity="0.9"/>`,
  ][variant % 3];
  const text = lines
    .map(
      (l, i) =>
        `<text x="400" y="${560 + i * 64}" font-family="DejaVu Sans, Arial, sans-serif" font-size="54" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,30%)"/></linearGradient></defs>
<rect width="800" height="800" fill="url(#g)"/>${motif}${text}</svg>`;
}

/** Render and store a generated picture; answers its URL (/uploads/<key>.webp). */
export async function generatePicture(
  db: Executor,
  storage: UploadStorage,
  label: string,
  hue: number,
  variant = 0,
  ownerId: string | null = null,
): Promise<string> {
  const png = await sharp(Buffer.from(pictureSvg(label, hue, variant)))
    .png()
    .toBuffer();
  const stored = await storeImage(db, storage, png, ownerId);
  return stored.url;
}

/** SVG of a round profile picture with the person's initials, coloured by `hue`. */
function avatarSvg(names: string, hue: number): string {
  const initials = names
    .split(/\s+/)
    .map((w) => w[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<rect width="400" height="400" fill="hsl(${hue},55%,42%)"/><circle cx="320" cy="80" r="120" fill="hsl(${(hue + 30) % 360},70%,60%)" opacity="0.5"/>
<text x="200" y="248" font-family="DejaVu Sans, Arial, sans-serif" font-size="150" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(initials)}</text></svg>`;
}

/** Render and store a profile picture for `names`; answers its URL. */
export async function generateAvatar(
  db: Executor,
  storage: UploadStorage,
  names: string,
  hue: number,
  ownerId: string | null = null,
): Promise<string> {
  const png = await sharp(Buffer.from(avatarSvg(names, hue)))
    .png()
    .toBuffer();
  return (await storeImage(db, storage, png, ownerId)).url;
}
