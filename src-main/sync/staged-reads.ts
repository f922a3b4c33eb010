/**
 * The apply's reads of the records a run staged instead of holding them (sync-answers.ts
 * StagedAnswers: its products and its answers to record), from the staging file attached to the
 * store's connection as `staging`: a few hundred rows at a time, in the order they were staged.
 * Between two chunks the connection is free for the apply's own statements (better-sqlite3 runs
 * one statement at a time on a connection, so an open iterator would block them).
 */
import type SQLite from 'better-sqlite3';
import type { PulledProduct } from './convert.js';
import type { AnswerWrite } from './sync-answers.js';

const CHUNK = 500;

/** Rows of `staging.<table>` (which numbers them in `seq`), `columns` of each, in order. */
function* stagedRows<T>(sqlite: SQLite.Database, table: string, columns: string): Generator<T> {
  const next = sqlite.prepare<[number, number], T & { seq: number }>(`select seq, ${columns} from staging.${table} where seq > ? order by seq limit ?`);
  let after = 0;
  for (;;) {
    const rows = next.all(after, CHUNK);
    if (rows.length === 0) return;
    after = rows.at(-1)!.seq;
    yield* rows;
  }
}

/** The staged products' references and types (what the apply assigns ids and links by), with `seq` to name each. */
export function stagedProductRefs(sqlite: SQLite.Database): { seq: number; ref: PulledProduct['ref']; typeName: string }[] {
  const rows = sqlite.prepare<[], { seq: number; part_number: string; store_id: string | null; type_name: string }>('select seq, part_number, store_id, type_name from staging.catalog_products order by seq').all();
  return rows.map((r) => ({ seq: r.seq, ref: { part_number: r.part_number, store_id: r.store_id }, typeName: r.type_name }));
}

/** One part of every staged product (see STAGED_PRODUCT_PARTS), parsed, with its `seq`. */
export function* stagedProductPart<K extends 'row' | 'ratings' | 'options' | 'certifications' | 'links'>(sqlite: SQLite.Database, part: K): Generator<{ seq: number; value: PulledProduct[K] }> {
  for (const r of stagedRows<Record<K, string> & { seq: number }>(sqlite, 'catalog_products', part)) yield { seq: r.seq, value: JSON.parse(r[part]) as PulledProduct[K] };
}

/** The answers to record, as the pull recorded them. */
export function* stagedAnswerWrites(sqlite: SQLite.Database): Generator<AnswerWrite> {
  type Row = Omit<AnswerWrite, 'refresh' | 'body'> & { refresh: number; body: Buffer | null };
  for (const r of stagedRows<Row>(sqlite, 'answer_writes', 'path, resource, key, etag, stamp, listed, fingerprint, body, refresh, served_at')) {
    yield {
      path: r.path,
      resource: r.resource,
      key: r.key,
      etag: r.etag,
      stamp: r.stamp,
      listed: r.listed,
      fingerprint: r.fingerprint,
      served_at: r.served_at,
      ...(r.body === null ? {} : { body: r.body }),
      ...(r.refresh ? { refresh: true } : {}),
    };
  }
}
