/** How long a saved file's object URL is kept: Firefox reads it after the click returns. */
const KEEP_OBJECT_URL_MS = 30_000;

/**
 * Saves bytes fetched with headers a link cannot send (a manage token) as a file named `filename`:
 * handed to the browser through an object URL and a temporary download link.
 */
export function saveFile(file: Blob, filename: string): void {
  const href = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), KEEP_OBJECT_URL_MS);
}
