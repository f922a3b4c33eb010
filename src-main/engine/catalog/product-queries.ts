/**
 * The per-request queries of the catalog, compiled once. Lists of ids travel as one JSON
 * parameter, so one statement serves any number of products.
 */
import type { Kysely } from 'kysely';
import { jsonList, preparedQuery } from '../../store/prepared-query.js';
import type { Database } from '../../store/schema.js';
import type { CertificationRow, LinkRow, OptionRow, ProductChildren, ProductRow, RatingRow } from './render-product.js';

function groupBy<T extends object>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

export class ProductQueries {
  readonly byPartNumber;
  readonly rowsByIds;
  readonly byBasePartNumber;
  readonly familyPatterns;
  private readonly options;
  private readonly certifications;
  private readonly ratings;
  private readonly links;

  constructor(db: Kysely<Database>) {
    const visible = (db: Kysely<Database>, published: string) => db.selectFrom('products').selectAll().where(jsonList('type_id', published)).orderBy('id');
    this.rowsByIds = preparedQuery(db, (db, p: { ids: string }) => db.selectFrom('products').selectAll().where(jsonList('id', p.ids)));
    this.byPartNumber = preparedQuery(db, (db, p: { part: string; published: string }) => visible(db, p.published).where('part_number', '=', p.part));
    this.byBasePartNumber = preparedQuery(db, (db, p: { part: string; published: string }) => visible(db, p.published).where('base_part_number', '=', p.part));
    this.familyPatterns = preparedQuery(db, (db, p: { length: number; published: string }) =>
      visible(db, p.published)
        .where((eb) => eb.or(['X', 'Y', 'Z'].map((c) => eb('part_number', 'like', `%${c}%`))))
        .where((eb) => eb(eb.fn('length', ['part_number']), '=', p.length)),
    );
    this.options = preparedQuery(db, (db, p: { ids: string }) =>
      db
        .selectFrom('product_options')
        .innerJoin('options', 'options.id', 'product_options.option_id')
        .selectAll('options')
        .select('product_options.product_id')
        .where(jsonList('product_options.product_id', p.ids))
        .orderBy('product_options.product_id')
        .orderBy('product_options.position'),
    );
    this.certifications = preparedQuery(db, (db, p: { ids: string }) =>
      db.selectFrom('product_certifications').selectAll().where(jsonList('product_id', p.ids)).orderBy('product_id').orderBy('position'),
    );
    this.ratings = preparedQuery(db, (db, p: { ids: string }) =>
      db.selectFrom('product_ratings').selectAll().where(jsonList('product_id', p.ids)).orderBy('product_id').orderBy('position'),
    );
    // Linked products of every type: the published ones are kept in JS (see children). Filtering
    // by a JSON list in SQL made this, the costliest query of a product look-up, half as slow again.
    this.links = preparedQuery(db, (db, p: { ids: string }) =>
      db
        .selectFrom('product_links')
        .innerJoin('products as linked', 'linked.id', 'product_links.linked_id')
        .selectAll('linked')
        .select(['product_links.product_id as owner_id', 'product_links.kind as link_kind', 'product_links.component as link_component'])
        .where(jsonList('product_links.product_id', p.ids))
        .orderBy('product_links.product_id')
        .orderBy('product_links.kind')
        .orderBy('product_links.position'),
    );
  }

  /** The child rows a list item needs (full: also ratings and linked products, published ones only). */
  async children(rows: ProductRow[], full: boolean, types: { isPublished(typeId: number): boolean }): Promise<ProductChildren> {
    const ids = JSON.stringify(rows.map((r) => r.id));
    const options = (await this.options({ ids })) as OptionRow[];
    const certifications: CertificationRow[] = await this.certifications({ ids });
    const ratings: RatingRow[] = full ? await this.ratings({ ids }) : [];
    const links = full ? ((await this.links({ ids })) as LinkRow[]).filter((l) => types.isPublished(l.type_id)) : [];
    return {
      options: groupBy(options, (r) => r.product_id),
      certifications: groupBy(certifications, (r) => r.product_id),
      ratings: groupBy(ratings, (r) => r.product_id),
      links: groupBy(links, (r) => r.owner_id),
    };
  }
}
