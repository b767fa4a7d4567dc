/** How long a saved file's object URL lives: long enough for the browser to start the download, then its memory goes. */
const REVOKE_AFTER_MS = 10_000;

/** Hands `href` to the browser's downloads, as a link with `download` would (an empty name: the server's). */
export function download(href: string, fileName = '') {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Hands a file made in the page to the browser's downloads. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  download(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
