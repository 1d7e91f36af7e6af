/** Saves `blob` as a file named `fileName` through a temporary `<a download>` (the browser's own download). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is ample to start it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
