/**
 * How `/products/:model-number` finds a product. Model numbers are not unique (a legacy and a
 * current product can share one) and configurable families carry placeholders (X, Y, Z) for the
 * digits their options fix, so a request is resolved in tiers, stopping at the first that matches:
 *   1. a product whose part number is exactly the model number;
 *   2. a product whose base model number is the model number;
 *   3. a family whose part number pattern matches (4080-XXX-01 matches 4080-015-01).
 * `store_id` narrows the tier; when more than one product is left the request is ambiguous (409).
 */
import { ApiError, notFound } from '../errors.js';
import type { TypeTree } from './product-types.js';
import type { ProductRow } from './render-product.js';
import type { ProductQueries } from './product-queries.js';

const PLACEHOLDER = /[XYZ]/;

/**
 * A family pattern: a dash-separated part with a run of placeholders ("4080-XXX-01", "8062-0XX-03",
 * "4055-BXX-02"); a lone trailing letter ("HM-50X") is taken as part of a real model number.
 */
export const isFamilyPattern = (partNumber: string): boolean => /(^|-)[0-9A-Z]*[XYZ]{2,}[0-9A-Z]*(-|$)/.test(partNumber);

/**
 * The model number a rep can order for a product: its part number, or for a family pattern the
 * base model number (which resolves back to it, tier 2 above); null when neither is concrete.
 */
export function orderablePartNumber(partNumber: string, basePartNumber: string | null): string | null {
  if (!isFamilyPattern(partNumber)) return partNumber;
  return basePartNumber && !isFamilyPattern(basePartNumber) ? basePartNumber : null;
}

export function matchesFamilyPattern(pattern: string, modelNumber: string): boolean {
  if (pattern.length !== modelNumber.length || !PLACEHOLDER.test(pattern)) return false;
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const m = modelNumber[i]!;
    if (p === 'X' || p === 'Y' || p === 'Z') {
      if (!/[0-9A-Z]/.test(m)) return false;
    } else if (p !== m) return false;
  }
  return true;
}

export async function resolveModelNumber(queries: ProductQueries, types: TypeTree, modelNumber: string, storeId: string | undefined): Promise<ProductRow> {
  const published = types.publishedJson;
  const tiers: Array<() => Promise<ProductRow[]>> = [
    () => queries.byPartNumber({ part: modelNumber, published }),
    () => queries.byBasePartNumber({ part: modelNumber, published }),
    async () => (await queries.familyPatterns({ length: modelNumber.length, published })).filter((p) => matchesFamilyPattern(p.part_number, modelNumber)),
  ];
  for (const tier of tiers) {
    const found = await tier();
    if (found.length === 0) continue;
    const candidates = storeId === undefined ? found : found.filter((p) => p.store_id === storeId);
    if (candidates.length === 1) return candidates[0]!;
    if (candidates.length === 0) {
      throw notFound(`No product with model number "${modelNumber}" has store_id "${storeId}".`, 'store_id');
    }
    const list = candidates.map((p) => `${p.name} (store_id ${p.store_id ?? 'none'})`).join(', ');
    throw new ApiError(409, 'ambiguous_model_number', `Model number "${modelNumber}" matches ${candidates.length} products: ${list}. Add store_id to choose one.`, 'store_id');
  }
  throw notFound(`No product with model number "${modelNumber}".`, 'modelNumber');
}
