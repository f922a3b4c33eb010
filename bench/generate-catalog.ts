/**
 * Grows a store's catalog to N products by cloning the embedded products under new ids and model
 * numbers (with their ratings, options, certifications and links), for benchmarks at scale.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../src-main/store/schema.js';

export async function generateCatalog(db: Kysely<Database>, total: number): Promise<number> {
  const originals = await db.selectFrom('products').selectAll().orderBy('id').execute();
  const [ratings, options, certs, links] = await Promise.all([
    db.selectFrom('product_ratings').selectAll().execute(),
    db.selectFrom('product_options').selectAll().execute(),
    db.selectFrom('product_certifications').selectAll().execute(),
    db.selectFrom('product_links').selectAll().execute(),
  ]);
  const byProduct = <T extends { product_id: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows) map.set(r.product_id, [...(map.get(r.product_id) ?? []), r]);
    return map;
  };
  const ratingsOf = byProduct(ratings);
  const optionsOf = byProduct(options);
  const certsOf = byProduct(certs);
  const linksOf = byProduct(links);
  const maxId = Math.max(...originals.map((p) => p.id));
  const toAdd = total - originals.length;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < toAdd; start += 200) {
      const batch: { source: (typeof originals)[number]; id: number; product: (typeof originals)[number] }[] = [];
      for (let i = start; i < Math.min(toAdd, start + 200); i++) {
        const source = originals[i % originals.length]!;
        const id = maxId + 1 + i;
        batch.push({ source, id, product: { ...source, id, part_number: `G${String(i).padStart(5, '0')}-${source.part_number}`, store_id: `g${id}`, name: `${source.name} G${i}` } });
      }
      await trx.insertInto('products').values(batch.map((b) => b.product)).execute();
      const childRows = <T extends { product_id: number }>(map: Map<number, T[]>) => batch.flatMap((b) => (map.get(b.source.id) ?? []).map((r) => ({ ...r, product_id: b.id })));
      const r = childRows(ratingsOf);
      if (r.length) await trx.insertInto('product_ratings').values(r).execute();
      const o = childRows(optionsOf);
      if (o.length) await trx.insertInto('product_options').values(o).execute();
      const c = childRows(certsOf);
      if (c.length) await trx.insertInto('product_certifications').values(c).execute();
      const l = childRows(linksOf);
      if (l.length) await trx.insertInto('product_links').values(l).execute();
    }
  });
  return originals.length + Math.max(0, toAdd);
}
