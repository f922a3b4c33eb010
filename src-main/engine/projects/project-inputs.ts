/**
 * A project's sizing inputs: how they are stored (one JSON column plus the fixtures table) and
 * how a write body (the project resource's own field names) becomes them.
 */
import { z } from 'zod';
import { seedProjectInputs } from '../../../src-shared/seed/people-seed.js';
import { PROJECT_INPUT_DEFAULTS } from '../../../src-shared/project-inputs.js';
import type { FixtureInput } from '../../../src-shared/sizing/fixtures.js';

export const storedInputs = seedProjectInputs.omit({ fixtures: true });
export type StoredInputs = z.infer<typeof storedInputs>;

/** The defaults live in src-shared/project-inputs.ts, shared with the editor and the sync. */
export const DEFAULT_INPUTS: StoredInputs = PROJECT_INPUT_DEFAULTS;

export function parseStoredFixtures(rows: { input: string }[]): FixtureInput[] {
  return rows.map((r) => JSON.parse(r.input) as FixtureInput);
}
