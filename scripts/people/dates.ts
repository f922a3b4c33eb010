/** Dates for the people build: computed in UTC milliseconds, written as "YYYY-MM-DD" like the catalog. */

export const DAY_MS = 86_400_000;

/** The data set's "now": nothing happens after it. */
export const DATA_END = Date.UTC(2026, 2, 31, 23, 0, 0);
/** The first registrations. */
export const DATA_START = Date.UTC(2016, 0, 4, 14, 0, 0);

/** The UTC calendar day. Truncation keeps order: a ≤ b implies day(a) ≤ day(b). */
export const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Rounds to the minute (times stay whole so runs on any machine agree). */
export const minute = (ms: number): number => Math.floor(ms / 60_000) * 60_000;
