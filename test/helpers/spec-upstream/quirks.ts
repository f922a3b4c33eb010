/**
 * What the spec-only service does that a client must survive, each switchable. The spec itself
 * already leaves out what Fieldsizer serves beyond it: no jurisdiction endpoints, no ids on a
 * project's engineer or jurisdiction, no id in user list items, no `updated` or `version` on
 * projects, no ETag, no totals, no write endpoints. Those are not quirks: this service never has
 * them.
 */

/** Quirks of the data: records or values served only while the quirk is on. */
export type QuirkName =
  | 'inactiveTypeListed'
  | 'productDetail404'
  | 'oddFixtures'
  | 'oddAccessories'
  | 'retailNotMultiplied'
  | 'zipElsewhere'
  | 'countyFreeText'
  | 'engineerWithoutEmail';

export interface Quirks {
  /** An inactive product type is listed in /product-types; its detail answers 404. */
  inactiveTypeListed: boolean;
  /** A product listed in /products whose detail answers 404. */
  productDetail404: boolean;
  /** Fixture `type` values no client knows (wokRange, "Floor Drain"). */
  oddFixtures: boolean;
  /** Recommended accessories in a shape other than a simple-product. */
  oddAccessories: boolean;
  /** A retail price that is not list × multiplier. */
  retailNotMultiplied: boolean;
  /** A zip assigned to a territory other than its county's. */
  zipElsewhere: boolean;
  /** A territory county not in "Name, ST" form. */
  countyFreeText: boolean;
  /** A project whose engineer comes without an e-mail. */
  engineerWithoutEmail: boolean;
  /** Every page holds at most this many items whatever `limit` asks (a page shorter than `limit` mid-list); null = honour limit. */
  pageCap: number | null;
  /** Paged lists (path prefixes, e.g. "/api/users") that ignore limit/offset and answer everything. */
  unpaged: string[];
  /** Answer an HTML 502 page to requests whose path matches, `times` times. */
  html502: { match: RegExp; times: number }[];
  /** Wait `ms` before answering requests whose path matches, `times` times. */
  slow: { match: RegExp; ms: number; times: number }[];
  /** The status a write (POST/PATCH/DELETE on a project path) gets: the service has no write endpoints. */
  writeStatus: 404 | 405;
}

export const DATA_QUIRKS: QuirkName[] = [
  'inactiveTypeListed',
  'productDetail404',
  'oddFixtures',
  'oddAccessories',
  'retailNotMultiplied',
  'zipElsewhere',
  'countyFreeText',
  'engineerWithoutEmail',
];

/** Every data quirk on; no faults. */
export function defaultQuirks(): Quirks {
  return {
    inactiveTypeListed: true,
    productDetail404: true,
    oddFixtures: true,
    oddAccessories: true,
    retailNotMultiplied: true,
    zipElsewhere: true,
    countyFreeText: true,
    engineerWithoutEmail: true,
    pageCap: null,
    unpaged: [],
    html502: [],
    slow: [],
    writeStatus: 405,
  };
}
