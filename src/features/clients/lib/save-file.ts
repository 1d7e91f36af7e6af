/** Saves a blob as a file through a temporary link (the browser's own download). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once the click is handled; free the blob on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
