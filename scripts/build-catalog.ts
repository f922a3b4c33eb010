/**
 * Builds resources/catalog.json, the embedded default product catalog, from the real product
 * figures in scripts/sources/catalog-facts.json plus the demo products and hand-written data in
 * scripts/catalog/. Output is deterministic (no clock, no unseeded randomness) and validated
 * against the seed schema before it is written.
 *
 *   npx tsx scripts/build-catalog.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogSeed, type CatalogSeed, type SeedProduct } from '../src-shared/seed/catalog-seed';
import { buildCollections } from './catalog/collections';
import { buildDemoProducts } from './catalog/demo';
import { describe } from './catalog/descriptions';
import type { Draft } from './catalog/draft';
import { convertFacts, factsFile } from './catalog/facts';
import { productTypes } from './catalog/types';
import { datesFor, hash, imageSet, MEDIA, mediaSlug, noDocuments, unit, type Documents } from './catalog/util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FACTS_PATH = path.resolve(repoRoot, 'scripts/sources/catalog-facts.json');
export const OUTPUT_PATH = path.resolve(repoRoot, 'resources/catalog.json');

const INTERCEPTOR_TYPES = new Set(['hydromechanical-grease-interceptors', 'gravity-grease-interceptors', 'solids-interceptors']);

/** Reference key of a draft: its part number, or "part@store_id" where the part number repeats. */
function refKeys(drafts: Draft[]): Map<Draft, string> {
  const count = new Map<string, number>();
  for (const d of drafts) count.set(d.part_number, (count.get(d.part_number) ?? 0) + 1);
  return new Map(drafts.map((d) => [d, (count.get(d.part_number) ?? 0) > 1 ? `${d.part_number}@${d.store_id ?? ''}` : d.part_number]));
}

function documentsFor(d: Draft, slug: string): Documents {
  const doc = (name: string) => `${MEDIA}/documents/${slug}/${name}`;
  const docs = noDocuments();
  const primary = d.types[0] ?? '';
  if (primary === 'oil-water-separators') return docs; // discontinued: documents withdrawn
  docs.spec_sheet_pdf = doc('spec-sheet.pdf');
  if (INTERCEPTOR_TYPES.has(primary)) {
    docs.spec_sheet_dwg = doc('spec-sheet.dwg');
    docs.installation_guide_pdf = doc('installation-guide.pdf');
    if (!d.demo || d.family === 'csa') docs.installation_guide_pdf_french = doc('installation-guide-fr.pdf');
    if (!d.demo) docs.installation_guide_pdf_spanish = doc('installation-guide-es.pdf');
    if (primary !== 'solids-interceptors' && unit(`${slug}:dwg`) < 0.5) docs.installation_guide_dwg = doc('installation-guide.dwg');
    if (!d.demo || d.family === 'hm' || d.family === 'gg-frp') docs.revit = doc(`${slug}.rfa`);
    if (primary === 'hydromechanical-grease-interceptors') docs.owners_manual = doc('owners-manual.pdf');
    docs.csi_masterspec = doc('csi-masterspec.docx');
  } else if (['risers', 'riser-adapters', 'anchor-kits', 'support-kits', 'sampling-ports', 'flow-splitters', 'flow-controls'].includes(primary)) {
    docs.installation_guide_pdf = doc('installation-guide.pdf');
  }
  // A few accessories have no published spec sheet yet.
  if (!INTERCEPTOR_TYPES.has(primary) && unit(`${slug}:spec`) < 0.15) docs.spec_sheet_pdf = null;
  return docs;
}

function finish(d: Draft, slug: string): void {
  Object.assign(d, describe(d));
  Object.assign(
    d,
    d.types[0] === 'oil-water-separators'
      ? { ...datesFor(slug, '2015-01-05', '2016-12-30', 0), last_updated: '2019-12-02' }
      : datesFor(`${slug}:${d.store_id ?? ''}`),
  );
  const noImage = d.types[0] === 'oil-water-separators' || unit(`${slug}:image`) < (d.demo ? 0.2 : 0.1);
  d.images = {
    primary: noImage ? null : imageSet(`${MEDIA}/products/${slug}/primary`),
    dimension: !noImage && INTERCEPTOR_TYPES.has(d.types[0] ?? '') ? imageSet(`${MEDIA}/products/${slug}/dimension`) : null,
  };
  d.documents = documentsFor(d, slug);
}

export function buildCatalog(factsText: string): CatalogSeed {
  const facts = factsFile.parse(JSON.parse(factsText));
  const factsDrafts = facts.map((f, i) => convertFacts(f, 1001 + i));
  const drafts = [...factsDrafts, ...buildDemoProducts(factsDrafts)];

  // Identity checks: ids unique; (part number, store id) unique.
  const ids = new Set<number>();
  const identities = new Set<string>();
  for (const d of drafts) {
    if (ids.has(d.id)) throw new Error(`duplicate id ${d.id}`);
    ids.add(d.id);
    const identity = `${d.part_number}@${d.store_id ?? ''}`;
    if (identities.has(identity)) throw new Error(`duplicate product ${identity}`);
    identities.add(identity);
  }

  const keys = refKeys(drafts);
  const byKey = new Map([...keys].map(([d, k]) => [k, d]));
  const partCount = new Map<string, number>();
  for (const d of drafts) partCount.set(d.part_number, (partCount.get(d.part_number) ?? 0) + 1);
  for (const d of drafts) finish(d, mediaSlug(d.part_number, d.store_id, (partCount.get(d.part_number) ?? 0) > 1));

  // Demo accessories list, as compatible products, the products that list them as accessories
  // (the facts products keep exactly the compatible lists of the facts).
  const accessoryTypes = new Set(productTypes.filter((t) => t.parent === 'accessories').map((t) => t.key));
  for (const d of drafts) {
    if (!d.demo || !accessoryTypes.has(d.types[0] ?? '') || d.compatibleRefs.length > 0) continue;
    const key = keys.get(d);
    d.compatibleRefs = drafts.filter((o) => o.accessoryRefs.some((a) => a.ref === key)).map((o) => keys.get(o) ?? '');
  }

  const resolve = (ref: string, from: Draft): number => {
    const target = byKey.get(ref);
    if (!target) throw new Error(`${from.part_number} (${from.name}) references ${ref}, which is not in the catalog`);
    return target.id;
  };
  const products: SeedProduct[] = drafts.map((d) => {
    const { family: _family, accessoryRefs, relatedRefs, compatibleRefs, ...rest } = d;
    return {
      ...rest,
      accessories: accessoryRefs.map((a) => ({ product: resolve(a.ref, d), component: a.component })),
      related_products: relatedRefs.map((r) => resolve(r, d)),
      compatible_products: compatibleRefs.map((r) => resolve(r, d)),
    };
  });

  const typeKeys = new Set(productTypes.map((t) => t.key));
  for (const t of productTypes) if (t.parent && !typeKeys.has(t.parent)) throw new Error(`type ${t.key}: unknown parent ${t.parent}`);
  for (const p of products) for (const t of p.types) if (!typeKeys.has(t)) throw new Error(`${p.part_number}: unknown type ${t}`);

  const seed: CatalogSeed = {
    version: `1.0.0+facts.${hash(factsText).toString(16).padStart(8, '0')}`,
    productTypes,
    products,
    collections: buildCollections(products, productTypes),
  };
  return catalogSeed.parse(seed);
}

function main(): void {
  const seed = buildCatalog(readFileSync(FACTS_PATH, 'utf8'));
  mkdirSync(path.dirname(OUTPUT_PATH), { recursive: true });
  const text = `${JSON.stringify(seed)}\n`;
  writeFileSync(OUTPUT_PATH, text);
  const demo = seed.products.filter((p) => p.demo).length;
  console.log(
    `wrote ${path.relative(repoRoot, OUTPUT_PATH)}: ${seed.products.length} products (${seed.products.length - demo} from facts, ${demo} demo), ` +
      `${seed.productTypes.length} product types, ${seed.collections.length} collections, ${(Buffer.byteLength(text) / 1024).toFixed(1)} KiB`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
