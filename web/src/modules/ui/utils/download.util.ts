/** Saves a blob under a file name: a temporary link the browser follows, removed at once. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name a Content-Disposition header gives (`attachment; filename="…"`), if any. */
export function dispositionFileName(disposition: string | null): string | null {
  return (disposition ? /filename="([^"]+)"/.exec(disposition)?.[1] : undefined) ?? null;
}
