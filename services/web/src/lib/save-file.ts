/** Saves a text file the server made (a CSV) on the device, under its name: what a download link would do. */
export function saveFile(file: { filename: string; content: string }, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([file.content], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: file.filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
