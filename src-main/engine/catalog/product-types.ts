/** Product types and which of them are published (spec §2.4). */
import type { Kysely, Selectable } from 'kysely';
import type { ProductType, ProductTypeRef } from '../../../src-shared/api/catalog.js';
import type { Database, ProductTypesTable } from '../../store/schema.js';
import { apiDate, PLACEHOLDER_IMAGE } from '../format.js';

type TypeRow = Selectable<ProductTypesTable>;

/** All product types with their published state worked out: a type is published when it and all its ancestors are active. */
export class TypeTree {
  private constructor(
    private readonly byId: Map<number, TypeRow>,
    private readonly published: Set<number>,
  ) {}

  static async load(db: Kysely<Database>): Promise<TypeTree> {
    const rows = await db.selectFrom('product_types').selectAll().orderBy('name').execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const published = new Set<number>();
    const isPublished = (row: TypeRow, depth = 0): boolean => {
      if (row.active !== 1 || depth > rows.length) return false;
      const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
      return parent === undefined ? true : isPublished(parent, depth + 1);
    };
    for (const row of rows) if (isPublished(row)) published.add(row.id);
    return new TypeTree(byId, published);
  }

  isPublished(id: number): boolean {
    return this.published.has(id);
  }

  publishedIds(): number[] {
    return [...this.published];
  }

  /** The published ids as a JSON array, the form prepared queries take lists in. */
  get publishedJson(): string {
    return (this.publishedJsonText ??= JSON.stringify(this.publishedIds()));
  }
  private publishedJsonText: string | undefined;

  /** Arrow property so it can be handed around as a plain function. */
  readonly name = (id: number): string => this.byId.get(id)?.name ?? '';

  byKey(key: string): TypeRow | undefined {
    for (const row of this.byId.values()) if (row.key === key) return row;
    return undefined;
  }

  /**
   * A published type and its published descendants: what a category holds. A child that is not
   * published hides its own subtree, as it hides its products everywhere else.
   */
  publishedSubtree(id: number): number[] {
    if (!this.published.has(id)) return [];
    const out = [id];
    for (let i = 0; i < out.length; i++) {
      for (const row of this.byId.values()) {
        if (row.parent_id === out[i] && this.published.has(row.id) && !out.includes(row.id)) out.push(row.id);
      }
    }
    return out;
  }

  /** Published types, and those the central service lists although inactive; ordered by name. */
  list(): TypeRow[] {
    return [...this.byId.values()].filter((r) => this.published.has(r.id) || r.listed === 1);
  }

  /**
   * The types came from the central service: they are served as it answered them (its list, in
   * its order, each entry as it showed it; each type's own answer; its product lists), not by
   * this app's rules, which apply to the embedded data set.
   */
  get fromCentralService(): boolean {
    for (const row of this.byId.values()) if (row.origin === 'upstream') return true;
    return false;
  }

  /** The central service's /product-types list as it answered it. */
  listAsReceived(): ProductType[] {
    return [...this.byId.values()]
      .filter((r) => r.served !== null)
      .sort((a, b) => (a.list_position ?? 0) - (b.list_position ?? 0))
      .map((r) => JSON.parse(r.served!) as ProductType);
  }

  ref(row: TypeRow): ProductTypeRef {
    return {
      object: 'product-type',
      url: `/product-types/${encodeURIComponent(row.key)}`,
      name: row.name,
      key: row.key,
      active: row.active === 1,
      image: row.image ?? PLACEHOLDER_IMAGE,
      created: apiDate(row.created),
      last_updated: apiDate(row.last_updated),
    };
  }

  render(row: TypeRow): ProductType {
    const parent = row.parent_id === null ? undefined : this.byId.get(row.parent_id);
    const children = [...this.byId.values()].filter((r) => r.parent_id === row.id && this.published.has(r.id));
    return {
      ...this.ref(row),
      parent: parent ? this.ref(parent) : null,
      types: children.map((c) => this.ref(c)),
    };
  }
}
