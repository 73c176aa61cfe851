/** Client-side image checks of the back-office forms (spec §5: only types beginning with "image"). */
import { TEXT, UPLOAD_MAX_BYTES } from "@market/contract";
import { notifyError } from "../../../lib/notify";

/** True when the browser says the file is an image (the server checks the bytes again). */
export function isImageFile(file: File): boolean {
  return file.type.startsWith("image");
}

/** The spec's "File Error" / "File type not supported" alert. */
export function alertFileType(): void {
  notifyError(new Error(TEXT.alerts.fileTypeNotSupported), TEXT.alerts.fileErrorTitle);
}

/** "File Error" for a file over the size limit. */
export function alertFileSize(): void {
  notifyError(new Error(`Each image must be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`), TEXT.alerts.fileErrorTitle);
}
