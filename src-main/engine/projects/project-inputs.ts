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

export function parseStoredFixtures(rows: { input: string }[]): FixtureInput[] {
  return rows.map((r) => JSON.parse(r.input) as FixtureInput);
}
