import type { TDownload } from './api-client';

/** Hands a downloaded file to the browser as a download, under the server's name (or `fallbackName`). */
export function saveFile(file: TDownload, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the object before it goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
