/** A CSV cell; text a spreadsheet would run as a formula is quoted with a leading apostrophe. */
export function csvCell(value: string): string {
  const v = /^[=+\-@\t\r]/.test(value) && !/^\+\d+$/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}
