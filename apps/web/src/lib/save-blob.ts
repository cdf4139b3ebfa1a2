/**
 * Saves a Blob as a file: an object URL clicked through a temporary <a download>. The URL is
 * revoked a little later (revoking at once can cancel the download in some browsers). Used by
 * the QR downloads and the CSV exports.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
