/**
 * Hand bytes to the browser as a downloaded file: a temporary object URL on a link with `download`.
 * Used after `apiBlob` (the API's files need the bearer token, which a plain link cannot send).
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
