/**
 * A count with its noun, singular for one: "1 day", "30 days", "1,204 projects". The one helper
 * for every count the app and the report PDF print, so none says "1 days".
 */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${n === 1 ? one : many}`;
}

/** "1 day", "30 days"; "—" when there is no figure. */
export const days = (n: number | null | undefined): string => (n === null || n === undefined ? '—' : count(n, 'day'));
