/**
 * Compares what the local API serves with what the central service answered, field by field:
 * every field the upstream sent is there with the same value (recursively, lists item by item);
 * besides them the local answer may carry only Fieldsizer's documented extensions (docs/api.md),
 * and an extension for an input the upstream did not state must be null (nothing made up).
 */
import { expect } from 'vitest';

/** Fields Fieldsizer serves beyond the spec (docs/api.md), allowed in a local answer only. */
export const EXTENSION_FIELDS = new Set([
  // Projects: bookkeeping, and the inputs the sizing needs beyond the spec (null when not stated).
  'version', 'updated', 'menu_type', 'pump_out_target', 'burial_depth', 'meals', 'size_by_pipe_only', 'unique_local_requirements_reason',
  // What the pump-out cycle is based on, why no product is recommended (null when one is), and whose figures they are.
  'pump_out_cycle_basis', 'no_recommendation', 'figures_from',
  // The reduced project (list items, search results) also shows where it is installed.
  'installation_location',
  // Fixtures: the entered figures.
  'compartments', 'gpm', 'dfu',
  // Ids and urls on what a project embeds (engineer, jurisdiction), and kinds on every object.
  'id', 'url', 'object',
  // The standalone jurisdiction record (search results).
  'kind', 'state', 'county', 'inside_trap_locations', 'rules', 'rules_source', 'zip_codes', 'unique_local_requirements',
  // A product type's products.
  'products',
  // How a territory look-up matched (the county it resolved to, a note).
  'match',
]);

/** Extensions that hold an input: null when the upstream did not state it. */
const INPUT_EXTENSIONS = new Set(['menu_type', 'pump_out_target', 'burial_depth', 'meals', 'size_by_pipe_only']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A project's engineer is served from the user it is linked to (docs/api.md): where the upstream
 * shows the engineer without an e-mail, the local answer has the user's. Nothing else differs.
 */
const linkedEngineerEmail = (at: string, local: unknown, upstream: unknown) => /\.engineer\.email$/.test(at) && upstream === null && typeof local === 'string';

export function expectServedAs(local: unknown, upstream: unknown, at: string): void {
  if (Array.isArray(upstream)) {
    expect(Array.isArray(local), `${at}: a list`).toBe(true);
    const items = local as unknown[];
    expect(items.length, `${at}: items`).toBe(upstream.length);
    upstream.forEach((u, i) => expectServedAs(items[i], u, `${at}[${i}]`));
    return;
  }
  if (linkedEngineerEmail(at, local, upstream)) return;
  if (!isObject(upstream)) {
    expect(local, at).toEqual(upstream);
    return;
  }
  expect(isObject(local), `${at}: an object`).toBe(true);
  const mine = local as Record<string, unknown>;
  for (const [key, value] of Object.entries(upstream)) {
    expect(key in mine, `${at}.${key}: present`).toBe(true);
    expectServedAs(mine[key], value, `${at}.${key}`);
  }
  for (const key of Object.keys(mine)) {
    if (key in upstream) continue;
    expect(EXTENSION_FIELDS.has(key), `${at}.${key}: only Fieldsizer's documented extensions are added`).toBe(true);
    if (INPUT_EXTENSIONS.has(key)) expect(mine[key], `${at}.${key}: not stated upstream, so null`).toBeNull();
  }
}

/** Lists whose order the spec leaves open (whole lists): compared item by item after sorting by `by`. */
export function sortedBy<T>(items: T[], by: (item: T) => string): T[] {
  return [...items].sort((a, b) => (by(a) < by(b) ? -1 : by(a) > by(b) ? 1 : 0));
}

/**
 * A Fieldsizer upstream's answer as a downstream of it serves it: the same JSON, except that the
 * projects' figures are the central service's there (`figures_from`), whoever sized them upstream.
 */
export function asSyncedFrom(upstream: unknown): unknown {
  if (Array.isArray(upstream)) return upstream.map(asSyncedFrom);
  if (!isObject(upstream)) return upstream;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(upstream)) out[k] = k === 'figures_from' ? 'central_service' : asSyncedFrom(v);
  return out;
}
