/** Paging rules shared by every list (spec §4, §8): defaults 25 / 0, at most 100 a page. */
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;

export interface Page {
  limit: number;
  offset: number;
}

/** A page, or null for lists the spec returns whole unless the caller asks for a page. */
export type OptionalPage = Page | null;
