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
  | 'engineerWithoutEmail'
  | 'nullPumpOutCycle'
  | 'inactiveChildUnderParent';

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
  /** A project whose `pump_out_cycle` is null (the service states no cycle; the spec says integer). */
  nullPumpOutCycle: boolean;
  /** An inactive child type listed only in its parent's `types`, not in /product-types itself; its detail answers 404. */
  inactiveChildUnderParent: boolean;
  /** Every page holds at most this many items whatever `limit` asks (a page shorter than `limit` mid-list); null = honour limit. */
  pageCap: number | null;
  /** Paged lists (path prefixes, e.g. "/api/users") that ignore limit/offset and answer everything. */
  unpaged: string[];
  /** Answer an HTML 502 page to requests whose path matches, `times` times. */
  html502: { match: RegExp; times: number }[];
  /** Wait `ms` before answering requests whose path matches, `times` times. */
  slow: { match: RegExp; ms: number; times: number }[];
  /**
   * The status a write (POST/PATCH/DELETE on a project path) gets: the service has no write
   * endpoints (404, 405, 501), or the key may not write (401, 403: a read-only key).
   */
  writeStatus: 401 | 403 | 404 | 405 | 501;

  // --- The networks and servers reps meet (faults; all off by default) --------------------------

  /** Every list answers valid but empty (a misconfigured or half-restored service); details still answer. */
  emptyLists: boolean;
  /**
   * The service moved: every request not under `prefix` is redirected with `status`. To the same
   * host under `prefix` (where it answers as before), or, with `elsewhere`, to that other origin
   * (same path).
   */
  redirect: { status: 301 | 302 | 303 | 307 | 308; prefix: string; elsewhere?: string } | null;
  /** Bodies compressed with this coding: when the client accepts it, or `anyway` (a proxy or CDN that compresses whatever was asked). */
  compress: { coding: 'gzip' | 'br' | 'deflate'; anyway: boolean } | null;
  /**
   * A rate limiter: more than `burst` requests within `windowMs` and every request gets 429 with
   * `Retry-After: retryAfterS` until that time has passed (the 429s are counted in `limited`).
   */
  rateLimit: { burst: number; windowMs: number; retryAfterS: number } | null;
  /** Every request is answered 200 with an HTML sign-in page (a hotel's or airport's captive portal). */
  captivePortal: boolean;
  /** The service's clock is this far off (ms, negative = behind): its Date header and the dates it stamps. */
  clockOffsetMs: number;
  /** Headers and the first bytes of the body are sent, then nothing more, for requests whose path matches, `times` times. */
  stallAfterHeaders: { match: RegExp; times: number }[];
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
  'nullPumpOutCycle',
  'inactiveChildUnderParent',
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
    nullPumpOutCycle: true,
    inactiveChildUnderParent: true,
    pageCap: null,
    unpaged: [],
    html502: [],
    slow: [],
    writeStatus: 405,
    emptyLists: false,
    redirect: null,
    compress: null,
    rateLimit: null,
    captivePortal: false,
    clockOffsetMs: 0,
    stallAfterHeaders: [],
  };
}
