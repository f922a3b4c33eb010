/** A fixture as the project resource shows it (and a write sends it back) → the sizing engine's input. */
import type { FixtureWrite } from '../../../src-shared/api/project-write.js';
import type { FixtureInput } from '../../../src-shared/sizing/fixtures.js';

export function fixtureFromWrite(f: FixtureWrite): FixtureInput {
  const input: FixtureInput = { kind: f.type, uses_typical_dimensions: f.uses_typical_dimensions };
  if (f.name !== undefined) input.name = f.name;
  if (f.compartments !== undefined && f.compartments !== null) input.compartments = f.compartments;
  if (f.gpm !== undefined && f.gpm !== null) input.gpm = f.gpm;
  // Entered dimensions matter only when the typical ones are not used (else they are the library's).
  if (!f.uses_typical_dimensions && f.dimensions) {
    input.length = f.dimensions.standard.length.value;
    input.width = f.dimensions.standard.width.value;
    input.depth = f.dimensions.standard.height.value;
  }
  return input;
}
