/** Saves text as a file the browser downloads (a CSV fetched with the session). */
export function saveTextFile(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  // Reading the answer as text drops the server's byte-order mark; spreadsheet programs need it
  // to read the file as UTF-8 (accented names), so the saved file gets it back.
  const bom = type.startsWith('text/csv') && !text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const url = URL.createObjectURL(new Blob([bom, text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the download has its own copy by then.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
