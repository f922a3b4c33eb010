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

/** An instant with its time of day, for sync times, backups and keys: "11/26/2026, 3:05 PM". */
export function dateTimeText(date: Date | string): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) return String(date);
  const hours = d.getHours();
  return `${dateText(d)}, ${hours % 12 === 0 ? 12 : hours % 12}:${String(d.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}
