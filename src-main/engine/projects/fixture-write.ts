/** A fixture as the project resource shows it (and a write sends it back) → the sizing engine's input. */
import { fixtureInputOf, type FixtureWrite } from '../../../src-shared/api/project-write.js';
import type { FixtureInput } from '../../../src-shared/sizing/fixtures.js';

export function fixtureFromWrite(f: FixtureWrite): FixtureInput {
  return fixtureInputOf(f);
}
