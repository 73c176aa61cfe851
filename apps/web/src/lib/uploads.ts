/** POST /api/uploads: send image files as multipart `file` parts; answers their stored URLs (ADR 0042): product pictures, a buyer's photos of a problem (ADR 0195). */
import type { UploadAnswer, UploadedImage } from "@market/contract";
import { api } from "./api";

export async function uploadImages(files: File[]): Promise<UploadedImage[]> {
  const form = new FormData();
  for (const f of files) form.append("file", f, f.name);
  return (await api<UploadAnswer>("/api/uploads", { method: "POST", body: form })).data;
}
