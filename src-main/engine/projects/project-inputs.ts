/**
 * A project's sizing inputs: how they are stored (one JSON column plus the fixtures table) and
 * how a write body (the project resource's own field names) becomes them.
 */
import { z } from 'zod';
import { seedProjectInputs } from '../../../src-shared/seed/people-seed.js';
import type { FixtureInput } from '../../../src-shared/sizing/fixtures.js';

export const storedInputs = seedProjectInputs.omit({ fixtures: true });
export type StoredInputs = z.infer<typeof storedInputs>;

export const DEFAULT_INPUTS: StoredInputs = {
  menu_type: 'casual-dining',
  servings_per_day: 0,
  pump_out_target_days: 30,
  fryer: false,
  flatware: false,
  food_waste_disposer: false,
  pipe_size_in: 4,
  installation_location: 'indoors',
  inside_trap_location: 'kitchen',
  buried: false,
  burial_depth_in: 0,
  installed_in_traffic_area: false,
  installed_in_high_water_area: false,
};

/**
 * A project of the central service keeps the inputs it stated and no others (absent stays absent).
 * The local sizing needs them all: it takes the defaults above for the missing ones (and for a
 * location it cannot read), and says which it assumed.
 */
export function inputsForSizing(stored: Partial<StoredInputs>): { inputs: StoredInputs; assumed: (keyof StoredInputs)[] } {
  const inputs = { ...DEFAULT_INPUTS, ...stored } as StoredInputs;
  const assumed = (Object.keys(DEFAULT_INPUTS) as (keyof StoredInputs)[]).filter((k) => stored[k] === undefined);
  if (inputs.installation_location !== 'indoors' && inputs.installation_location !== 'outdoors') {
    inputs.installation_location = DEFAULT_INPUTS.installation_location;
    assumed.push('installation_location');
  }
  return { inputs, assumed };
}

/** A fixture kept as the central service sent it, of a kind the sizing library does not know. */
export interface UnmappedFixture {
  unmapped: unknown;
}

const isUnmapped = (f: FixtureInput | UnmappedFixture): f is UnmappedFixture => 'unmapped' in f;

/** The fixtures the sizing can use, in order (those kept unmapped are left out). */
export function parseStoredFixtures(rows: { input: string }[]): FixtureInput[] {
  return rows.map((r) => JSON.parse(r.input) as FixtureInput | UnmappedFixture).filter((f): f is FixtureInput => !isUnmapped(f));
}

/** The fixtures kept as received because their kind is unknown here, as received. */
export function unmappedFixtures(rows: { input: string }[]): unknown[] {
  return rows.map((r) => JSON.parse(r.input) as FixtureInput | UnmappedFixture).flatMap((f) => (isUnmapped(f) ? [f.unmapped] : []));
}
