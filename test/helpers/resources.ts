/** The shipped data set and the research facts, read directly, as independent expectations for API tests. */
import fs from 'node:fs';
import path from 'node:path';
import type { CatalogSeed } from '../../src-shared/seed/catalog-seed.js';
import { readResourceJson } from '../../src-main/store/resource-files.js';
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

export const facts = (): FactProduct[] => readJson(path.join(root, 'scripts/sources/catalog-facts.json'));

// --- Users, projects and jurisdictions (resources/people.json) ---------------------------------

import type { PeopleSeed, SeedJurisdiction, SeedProject, SeedUser } from '../../src-shared/seed/people-seed.js';

export const peopleSeed = (): PeopleSeed => readResourceJson(path.join(root, 'resources'), 'people.json') as PeopleSeed;

/** ISO date or timestamp → MM/DD/YYYY, as the API serves dates (UTC). */
export const usDate = (iso: string): string => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
export const usDateOrNull = (iso: string | null): string | null => (iso === null ? null : usDate(iso));

/** Today as MM/DD/YYYY in UTC. */
export const todayUs = (): string => usDate(new Date().toISOString());

/** The people data set with the lookups the API tests need, all worked out from the file. */
export function peopleIndex(seed: PeopleSeed = peopleSeed()) {
  const userById = new Map<number, SeedUser>(seed.users.map((u) => [u.id, u]));
  const projectById = new Map<number, SeedProject>(seed.projects.map((p) => [p.id, p]));
  const jurisdictionById = new Map<number, SeedJurisdiction>(seed.jurisdictions.map((j) => [j.id, j]));
  const jurisdictionByZip = new Map<string, SeedJurisdiction>(seed.jurisdictions.flatMap((j) => j.zip_codes.map((z) => [z, j] as const)));
  const projectsOfUser = new Map<number, SeedProject[]>();
  for (const p of seed.projects) projectsOfUser.set(p.user_id, [...(projectsOfUser.get(p.user_id) ?? []), p]);
  return {
    seed,
    userById,
    projectById,
    jurisdictionById,
    jurisdictionByZip,
    projectsOfUser: (userId: number): SeedProject[] => projectsOfUser.get(userId) ?? [],
    /** Projects the user created, and those submitted for pre-approval (`submitted` set). */
    countsOf: (userId: number) => {
      const mine = projectsOfUser.get(userId) ?? [];
      return { number_of_projects: mine.length, number_of_pre_approval_projects: mine.filter((p) => p.submitted !== null).length };
    },
  };
}

/** The id at the end of a url such as `/api/users/12?limit=5`. */
export const idOfUrl = (url: string): number => Number(/\/(\d+)(?:\?|$)/.exec(url)?.[1]);

/**
 * Words as the search index splits them (unicode61, diacritics removed, any case): lets a test
 * say which records a query must find without asking the code under test.
 */
export function searchTokens(...fields: (string | null | undefined)[]): string[] {
  return fields
    .filter((f): f is string => typeof f === 'string')
    .flatMap((f) => fold(f).split(/[^\p{L}\p{N}]+/u))
    .filter((w) => w.length > 0);
}
export const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
