/**
 * Builds the embedded demo data set of people:
 *   resources/people.json  jurisdictions (real US cities and counties, invented rules and
 *                          contacts), invented users and their projects (kitchen sizings)
 *
 * Input: resources/geography.json (zip codes, cities, counties, population).
 * Format: src-shared/seed/people-seed.ts (validated before writing).
 *
 * Run: npx tsx scripts/build-people.ts [--report]
 * Deterministic: a seeded PRNG and a fixed "now" (scripts/people/dates.ts), so the same inputs
 * always give a byte-identical file. Every person, company and restaurant is invented; e-mails
 * are on example.com / example.net / example.org and phone numbers in the fictional 555-01xx range.
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { peopleSeed } from '../src-shared/seed/people-seed';
import { day } from './people/dates';
import { Geography } from './people/geo';
import { buildJurisdictions } from './people/jurisdictions';
import { EmailRegistry } from './people/names';
import { buildProjects } from './people/projects';
import { Rng } from './people/random';
import { buildUsers, toSeedUser } from './people/users';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GEOGRAPHY_FILE = path.join(ROOT, 'resources', 'geography.json');
// Gzipped: 6 MB of JSON ships as well under 1 MB (src-main/store/resource-files.ts reads it).
const OUT_FILE = path.join(ROOT, 'resources', 'people.json.gz');

export const PEOPLE_VERSION = '1.0.0';
const SEED = 0x5eed_f00d;
const USER_COUNT = 640;
const PROJECT_TARGET = 6040;

/** The file's content: the schema's input form (defaults such as `uses_typical_dimensions: true` left out). */
export type PeopleSeedInput = z.input<typeof peopleSeed>;

/** Builds the data set and validates it with `peopleSeed`; throws when it does not pass. */
export function buildPeople(geo: Geography): PeopleSeedInput {
  const emails = new EmailRegistry();
  const jurisdictions = buildJurisdictions(geo, emails);
  const rng = new Rng(SEED);
  const users = buildUsers(rng, geo, emails, USER_COUNT, PROJECT_TARGET);
  const { projects, lastActivity } = buildProjects(rng, geo, users, jurisdictions);
  for (const u of users) {
    const latest = lastActivity.get(u.id);
    if (latest !== undefined && latest > u.last_active) u.last_active = latest;
  }
  const data: PeopleSeedInput = {
    version: PEOPLE_VERSION,
    jurisdictions,
    users: users.map((u) => toSeedUser(u, day)),
    projects,
  };
  peopleSeed.parse(data);
  return data;
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return out;
}

function main(): void {
  const started = performance.now();
  const geo = Geography.load(GEOGRAPHY_FILE);
  const seed = buildPeople(geo);
  const json = JSON.stringify(seed);
  writeFileSync(OUT_FILE, gzipSync(Buffer.from(json, 'utf8'), { level: 9 }));
  const ms = Math.round(performance.now() - started);
  const inJurisdiction = seed.projects.filter((p) => p.jurisdiction_id !== null).length;
  console.log(
    `people.json: ${seed.jurisdictions.length} jurisdictions, ${seed.users.length} users, ${seed.projects.length} projects ` +
      `(${inJurisdiction} with a jurisdiction), ${(json.length / 1_048_576).toFixed(2)} MiB, ${ms} ms`,
  );
  if (process.argv.includes('--report')) {
    console.log('status', countBy(seed.projects, (p) => p.status));
    console.log('construction', countBy(seed.projects, (p) => p.construction_type));
    console.log('user type', countBy(seed.users, (u) => u.type ?? 'null'));
    console.log('methods', countBy(seed.jurisdictions, (j) => `${j.rules.sizing_methods.indoor} / ${j.rules.sizing_methods.outdoor}`));
    console.log('zips', seed.jurisdictions.map((j) => `${j.name} (${j.state}) ${j.zip_codes.length}`).join('; '));
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
