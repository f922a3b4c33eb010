/**
 * The one date format a rep and a plan reviewer read, on screen and on paper: MM/DD/YYYY, the
 * format the service's API (and so every project list) already uses. Dates kept as ISO
 * (YYYY-MM-DD, the authorities' "date read") and instants (a Date) are shown the same way.
 */
export function dateText(date: Date | string): string {
  if (typeof date === 'string') {
    const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
    return iso ? `${iso[2]}/${iso[3]}/${iso[1]}` : date;
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}
