/** The shipped data set and the research facts, read directly, as independent expectations for API tests. */
import fs from 'node:fs';
import path from 'node:path';
import type { CatalogSeed } from '../../src-shared/seed/catalog-seed.js';
import type { GeographySeed, TerritoriesSeed } from '../../src-shared/seed/geography-seed.js';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

export const geography = (): GeographySeed => readJson(path.join(root, 'resources/geography.json'));
export const territoriesSeed = (): TerritoriesSeed => readJson(path.join(root, 'resources/territories.json'));
export const catalogSeed = (): CatalogSeed => readJson(path.join(root, 'resources/catalog.json'));

export interface FactProduct {
  part_number: string;
  name: string;
  store_id: string;
  list_price: string;
  retail_multiplier: number;
  wholesale_multiplier: number;
  ratings: { flow: { standard: [number, string]; metric: [number, string] }; grease_weight: { standard: [number, string]; metric: [number, string] }; grease_volume: { standard: [number, string]; metric: [number, string] }; label: string | null }[];
  liquid_capacity: { standard: [number, string]; metric: [number, string] } | null;
  solids_capacity: { standard: [number, string]; metric: [number, string] } | null;
  base_dimensions: { standard: Record<string, [number, string]>; metric: Record<string, [number, string]> } | null;
  base_model: { is_base_model: boolean; base_part_number: string };
  options: { name: string; price: string | null; option_type: string }[];
  processing: { lead_time: number; threshold: number } | null;
}

export const facts = (): FactProduct[] => readJson(path.join(root, '../shared/research/catalog-facts.json'));
