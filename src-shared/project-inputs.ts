/**
 * A project's sizing inputs: the defaults a new project starts with, and the normalisation every
 * writer applies (the engine on a write, the sync's converter on a project from the central
 * service, the editor before it sends a body), so the three never disagree:
 * - outdoors means no inside location; indoors without one means the kitchen;
 * - not buried means a burial depth of 0;
 * - an input not given takes its default (menu type, pump-out target, pipe size …).
 * Pure and zod-free (types only), so the renderer bundles it without the schemas.
 */
import type { z } from 'zod';
import type { seedProjectInputs } from './seed/people-seed.js';
import type { InsideTrapLocation } from './api/vocabulary.js';

/** Inputs as the store keeps them (the seed's form, fixtures apart). */
export type ProjectInputValues = Omit<z.infer<typeof seedProjectInputs>, 'fixtures'>;

/**
 * What a new project starts with. casual-dining is the most common kind of place in the demo
 * data; 30 days is the usual shortest pump-out (research §6); 4 in is the default pipe
 * (service-api 2.3, research §2).
 */
export const PROJECT_INPUT_DEFAULTS: Readonly<ProjectInputValues> = Object.freeze({
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
});

/** Outdoors has no inside location; indoors without one is the kitchen. */
export function insideTrapLocationFor(location: 'indoors' | 'outdoors', chosen: InsideTrapLocation | null | undefined): InsideTrapLocation | null {
  if (location === 'outdoors') return null;
  return chosen ?? PROJECT_INPUT_DEFAULTS.inside_trap_location;
}

/** A unit not buried has a burial depth of 0. */
export function burialDepthFor(buried: boolean, depthIn: number | null | undefined): number {
  return buried ? (depthIn ?? 0) : 0;
}

/** Fills what is not given with the defaults, then applies the placement rules above. */
export function normalizeProjectInputs(given: Partial<ProjectInputValues>): ProjectInputValues {
  const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as Partial<ProjectInputValues>;
  const inputs: ProjectInputValues = { ...PROJECT_INPUT_DEFAULTS, ...defined };
  inputs.inside_trap_location = insideTrapLocationFor(inputs.installation_location, given.inside_trap_location);
  inputs.burial_depth_in = burialDepthFor(inputs.buried, inputs.burial_depth_in);
  return inputs;
}
