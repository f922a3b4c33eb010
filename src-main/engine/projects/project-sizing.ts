/**
 * Runs the sizing engine for stored projects: the catalog's candidates (read once per data
 * version) and the jurisdiction's rules (or the defaults). What the store keeps of the result is
 * store/projects.ts compactSizing. The full result, with every failed candidate, is recomputed on
 * request (it is large and depends on the current catalog).
 */
import type { Kysely } from 'kysely';
import { DEFAULT_JURISDICTION_RULES, jurisdictionRulesSchema, sizeProject, type JurisdictionRules, type ProjectSizing, type RecommendDetail } from '../../../src-shared/sizing/index.js';
import type { Database } from '../../store/schema.js';
import { TypeTree } from '../catalog/product-types.js';
import { loadSizingCatalog, type SizingCatalog } from '../sizing/catalog-candidates.js';
import type { StoredInputs } from './project-inputs.js';
import type { FixtureInput } from '../../../src-shared/sizing/fixtures.js';

/** Parsed rules by their stored JSON text: the same jurisdiction's rules are parsed once. */
const rulesCache = new Map<string, JurisdictionRules>();
export function parseRules(json: string | null): JurisdictionRules {
  if (json === null) return DEFAULT_JURISDICTION_RULES;
  let rules = rulesCache.get(json);
  if (!rules) {
    rules = jurisdictionRulesSchema.parse(JSON.parse(json));
    if (rulesCache.size > 1000) rulesCache.clear();
    rulesCache.set(json, rules);
  }
  return rules;
}

export class SizingContext {
  private catalog: { version: string; value: Promise<SizingCatalog> } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dataVersion: () => string,
  ) {}

  /**
   * The catalog's candidates, read once per data version: project writes and previews never
   * change the catalog, so a live preview reuses them. `db` is the connection to read with when
   * they must be read (a transaction in progress holds the one connection; reading through the
   * pool would wait for it). Only the sync changes the catalog, and it commits on a connection of
   * its own, which moves the data version.
   */
  candidates(db: Kysely<Database> = this.db): Promise<SizingCatalog> {
    const version = this.dataVersion();
    if (this.catalog?.version !== version) {
      const value = TypeTree.load(db).then((types) => loadSizingCatalog(db, types));
      this.catalog = { version, value };
      value.catch(() => (this.catalog = undefined));
    }
    return this.catalog.value;
  }

  async size(inputs: StoredInputs, fixtures: FixtureInput[], rulesJson: string | null, db?: Kysely<Database>, detail: RecommendDetail = 'full'): Promise<ProjectSizing> {
    const catalog = await this.candidates(db);
    return sizeWith(catalog, inputs, fixtures, parseRules(rulesJson), detail);
  }
}

export function sizeWith(catalog: SizingCatalog, inputs: StoredInputs, fixtures: FixtureInput[], rules: JurisdictionRules, detail: RecommendDetail = 'full'): ProjectSizing {
  const { inside_trap_location: _where, meals, ...rest } = inputs;
  return sizeProject({ ...rest, ...(meals ? { meals } : {}), fixtures }, catalog.candidates, rules, catalog.accessories, detail);
}
