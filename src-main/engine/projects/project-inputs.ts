/**
 * A project's sizing inputs: how they are stored (one JSON column plus the fixtures table) and
 * how a write body (the project resource's own field names) becomes them.
 */
import { z } from 'zod';
import { seedProjectInputs } from '../../../src-shared/seed/people-seed.js';
import { normalizeProjectInputs, PROJECT_INPUT_DEFAULTS } from '../../../src-shared/project-inputs.js';
import type { FixtureInput } from '../../../src-shared/sizing/fixtures.js';
import { damagedProject } from './damaged-record.js';

export const storedInputs = seedProjectInputs.omit({ fixtures: true });
export type StoredInputs = z.infer<typeof storedInputs>;

/** The defaults live in src-shared/project-inputs.ts, shared with the editor and the sync. */
export const DEFAULT_INPUTS: StoredInputs = PROJECT_INPUT_DEFAULTS;

/**
 * A project of the central service keeps the inputs it stated and no others (absent stays absent).
 * The local sizing needs them all: it takes the defaults above for the missing ones (and for a
 * location it cannot read), and says which it assumed.
 */
export function inputsForSizing(stored: Partial<StoredInputs>): { inputs: StoredInputs; assumed: (keyof StoredInputs)[] } {
  const assumed = (Object.keys(DEFAULT_INPUTS) as (keyof StoredInputs)[]).filter((k) => stored[k] === undefined);
  const location = stored.installation_location;
  const knownLocation = location === 'indoors' || location === 'outdoors';
  if (location !== undefined && !knownLocation) assumed.push('installation_location');
  // The same defaults and placement rules as a write here (outdoors: no inside location; not buried: depth 0).
  const inputs = normalizeProjectInputs({ ...stored, installation_location: knownLocation ? location : undefined });
  return { inputs, assumed };
}

/**
 * Where indoors a jurisdiction lets an interceptor go (its `inside_trap_locations`, stored JSON):
 * why the inputs break that, or null. None listed (a jurisdiction known only by what projects
 * embed, which does not say) puts no limit.
 */
export function insideLocationProblem(insideTrapLocations: string | null, inputs: StoredInputs): string | null {
  if (insideTrapLocations === null || inputs.installation_location !== 'indoors' || !inputs.inside_trap_location) return null;
  const allowed = JSON.parse(insideTrapLocations) as string[];
  if (allowed.length === 0 || allowed.includes(inputs.inside_trap_location)) return null;
  return `This jurisdiction allows indoor interceptors only at: ${allowed.join(', ')}.`;
}

/** A fixture kept as the central service sent it, of a kind the sizing library does not know. */
export interface UnmappedFixture {
  unmapped: unknown;
}

const isUnmapped = (f: FixtureInput | UnmappedFixture): f is UnmappedFixture => 'unmapped' in f;

/** A stored fixture, or the damaged_record error naming its project and its place. */
function storedFixture(project: { id: number; name: string }, input: string, index: number): FixtureInput | UnmappedFixture {
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch {
    value = null;
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as FixtureInput | UnmappedFixture;
  throw damagedProject(project, `fixture ${index + 1} data`);
}

/** The fixtures the sizing can use, in order (those kept unmapped are left out). */
export function parseStoredFixtures(rows: { input: string }[], project: { id: number; name: string }): FixtureInput[] {
  return rows.map((r, i) => storedFixture(project, r.input, i)).filter((f): f is FixtureInput => !isUnmapped(f));
}

/** The fixtures kept as received because their kind is unknown here, as received. */
export function unmappedFixtures(rows: { input: string }[], project: { id: number; name: string }): unknown[] {
  return rows.map((r, i) => storedFixture(project, r.input, i)).flatMap((f) => (isUnmapped(f) ? [f.unmapped] : []));
}
