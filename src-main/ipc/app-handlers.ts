/**
 * Handlers of the app's own methods: version and addresses, the vocabulary the screens offer, the
 * app's settings and units, and the local API's keys.
 */
import packageJson from '../../package.json' with { type: 'json' };
import {
  CONSTRUCTION_TYPES,
  INSTALLATION_LOCATIONS,
  PROJECT_STATUSES,
  USER_TYPES,
  INSIDE_TRAP_LOCATIONS,
  INSIDE_TRAP_LOCATION_LABELS,
} from '../../src-shared/api/vocabulary.js';
import { API_SCOPES } from '../../src-shared/api/scopes.js';
import type { Vocabulary } from '../../src-shared/ipc/contract.js';
import { FIXTURE_KINDS, FIXTURE_LIBRARY, MAX_COMPARTMENTS, MENU_TIER_LABELS, MENU_TIERS, MENU_TYPES, PIPE_SIZES_IN } from '../../src-shared/sizing/index.js';
import { DEFAULT_INPUTS } from '../engine/projects/project-inputs.js';
import { readAppSettings, readUnitSystem, writeAppSettings, writeUnitSystem } from '../engine/app-settings.js';
import type { DomainHandlers } from './handler.js';

const INSIDE_LABELS: Record<string, string> = INSIDE_TRAP_LOCATION_LABELS;

const vocabulary: Vocabulary = {
  menu_tiers: MENU_TIERS.map((tier) => ({
    tier,
    label: MENU_TIER_LABELS[tier],
    menu_types: MENU_TYPES.filter((m) => m.tier === tier).map((m) => ({ key: m.key, label: m.label })),
  })),
  fixture_kinds: FIXTURE_KINDS.map((key) => {
    const spec = FIXTURE_LIBRARY[key];
    return {
      key,
      label: spec.label,
      basin: spec.basin ? { length: spec.basin.length_in, width: spec.basin.width_in, depth: spec.basin.depth_in, compartments: spec.basin.compartments } : null,
      flow_input: spec.flow_input,
      typical_gpm: spec.fixed_flow_gpm,
    };
  }),
  max_compartments: MAX_COMPARTMENTS,
  pipe_sizes: [...PIPE_SIZES_IN],
  construction_types: CONSTRUCTION_TYPES.map((c) => ({ key: c.key, label: c.label })),
  installation_locations: INSTALLATION_LOCATIONS.map((c) => ({ key: c.key, label: c.label })),
  inside_trap_locations: INSIDE_TRAP_LOCATIONS.map((key) => ({ key, label: INSIDE_LABELS[key] ?? key })),
  user_types: USER_TYPES.map((c) => ({ key: c.key, label: c.label })),
  statuses: [...PROJECT_STATUSES],
  scopes: [...API_SCOPES],
  project_defaults: {
    construction_type: 'newConstruction',
    menu_type: DEFAULT_INPUTS.menu_type,
    servings_per_day: DEFAULT_INPUTS.servings_per_day,
    pump_out_target: DEFAULT_INPUTS.pump_out_target_days,
    pipe_size: DEFAULT_INPUTS.pipe_size_in,
    installation_location: DEFAULT_INPUTS.installation_location,
    inside_trap_location: DEFAULT_INPUTS.inside_trap_location,
  },
};

export const appHandlers: DomainHandlers<'app'> & DomainHandlers<'apiKeys'> = {
  'app.info': async (_args, { engine, transport, apiUrl, apiMoved }) => ({
    version: packageJson.version,
    dataDir: engine.dataDir,
    apiUrl,
    apiMoved: apiMoved ?? null,
    transport,
    units: await readUnitSystem(engine.store.db),
  }),
  'app.vocabulary': async () => vocabulary,
  'app.settings': async (_args, { engine }) => readAppSettings(engine.store.db),
  'app.setSettings': async (args, { engine }) => writeAppSettings(engine.store.db, args),
  'app.setUnits': async ({ units }, { engine }) => ({ units: await writeUnitSystem(engine.store.db, units) }),

  'apiKeys.list': async (_args, { engine }) => engine.apiKeys.list(),
  'apiKeys.create': async ({ name, scopes, expires }, { engine }) => engine.apiKeys.create(name, scopes, expires),
  'apiKeys.revoke': async ({ id }, { engine }) => {
    await engine.apiKeys.revoke(id);
    return engine.apiKeys.list();
  },
};
