/**
 * Query-string rules shared by every route: arrays come as `name=v` or `name[]=v1&name[]=v2`
 * (spec §4), paging is `limit` / `offset`, unknown parameters are refused so a typo
 * (`limt=5`) is reported instead of silently ignored.
 */
import { parse } from 'node:querystring';
import { z } from 'zod';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../engine/paging.js';

/** Folds `name[]` into `name`; a name given several times, in either form, becomes an array. */
export function parseQueryString(text: string): Record<string, string | string[]> {
  const raw = parse(text);
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const values = Array.isArray(value) ? value : [value];
    const known = out[key];
    if (known === undefined && !rawKey.endsWith('[]') && values.length === 1) out[key] = values[0]!;
    else out[key] = [...(known === undefined ? [] : Array.isArray(known) ? known : [known]), ...values];
  }
  return out;
}

/** One value or many; always served to handlers as an array. */
export const arrayParam = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(item).min(1));

const integer = (name: string, min: number, max: number) =>
  z
    .string({ error: `"${name}" must be given once, as a whole number.` })
    .regex(/^\d+$/, { error: `"${name}" must be a whole number from ${min} to ${max}.` })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: `"${name}" must be at least ${min}.` }).max(max, { error: `"${name}" must be at most ${max}.` }));

export const limitParam = integer('limit', 1, MAX_LIMIT).meta({ description: `Items per page, 1–${MAX_LIMIT}` });
export const offsetParam = integer('offset', 0, Number.MAX_SAFE_INTEGER).meta({ description: 'Items to skip' });

/** Paging with the spec's defaults (limit 25, offset 0). */
export const pagingQuery = {
  limit: limitParam.default(DEFAULT_LIMIT),
  offset: offsetParam.default(0),
};

/** Paging for lists the spec returns whole: no page unless limit or offset is given. */
export const optionalPagingQuery = {
  limit: limitParam.optional(),
  offset: offsetParam.optional(),
};

export function optionalPage(q: { limit?: number | undefined; offset?: number | undefined }) {
  return q.limit === undefined && q.offset === undefined ? null : { limit: q.limit ?? Number.MAX_SAFE_INTEGER, offset: q.offset ?? 0 };
}

export const noQuery = z.object({}).strict();
