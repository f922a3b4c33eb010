/**
 * One handler per contract method, calling the engine. The map is typed against the contract:
 * a method without a handler, or a handler returning the wrong type, fails the type check.
 * Arguments arrive parsed by the contract's schemas (dispatcher.ts); engine errors (ApiError)
 * pass through unchanged, so the UI sees the same codes and fields as HTTP clients.
 */
import packageJson from '../../package.json' with { type: 'json' };
import { allowedTransitions, DELETABLE_STATUSES, EDITABLE_STATUSES, type Actor } from '../../src-shared/api/project-status.js';
import type { Project } from '../../src-shared/api/people.js';
import {
  CONSTRUCTION_TYPES,
  INSTALLATION_LOCATIONS,
  PROJECT_STATUSES,
  USER_TYPES,
  INSIDE_TRAP_LOCATIONS,
  INSIDE_TRAP_LOCATION_LABELS,
  type ProjectStatus,
} from '../../src-shared/api/vocabulary.js';
import { API_SCOPES } from '../../src-shared/api/scopes.js';
import type { MethodName, MethodResult, ParsedArgs, ProjectView, SizingView, UserRow, Vocabulary } from '../../src-shared/ipc/contract.js';
import { FIXTURE_KINDS, FIXTURE_LIBRARY, MAX_COMPARTMENTS, measurementPair, MENU_TIERS, MENU_TYPES, PIPE_SIZES_IN, type ProjectSizing } from '../../src-shared/sizing/index.js';
import { DEFAULT_INPUTS } from '../engine/projects/project-inputs.js';
import type { UserListItem } from '../../src-shared/api/people.js';
import type { Engine } from '../engine/engine.js';
import { ApiError, notFound } from '../engine/errors.js';
import { readAppSettings, readUnitSystem, writeAppSettings, writeUnitSystem } from '../engine/app-settings.js';
import { countySuggestions, listStates } from '../engine/territory-suggestions.js';
import { ProductBrowser } from '../engine/catalog/product-browse.js';
import { browseProjects } from '../engine/projects/project-browse.js';
import { duplicateProject } from '../engine/projects/project-duplicate.js';
import type { Viewer } from '../engine/projects/render-project.js';
import { dataSafetyHandlers } from './data-handlers.js';
import type { SizingCatalog } from '../engine/sizing/catalog-candidates.js';
import { isGravityMethod } from '../../src-shared/sizing/jurisdiction-rules.js';
import { readRepProfile, writeRepProfile } from '../engine/report/rep-profile.js';
import path from 'node:path';
import { mediaPath, productMedia } from '../engine/catalog/product-media.js';
import { fetchMediaNow, saveMediaSettings } from '../engine/media-actions.js';
import { readMediaSettings } from '../sync/media-sync.js';

export interface HandlerContext {
  engine: Engine;
  transport: 'ipc' | 'http';
  apiUrl: string | null;
  apiMoved?: 'taken' | 'not-allowed' | null;
  /** Supplied by the Electron shell (printToPDF); absent in the browser. */
  exportPdf?: (projectId: number, units: 'standard' | 'metric') => Promise<{ path: string }>;
  /** The desktop app's save dialog for exported projects: the path written, null if cancelled. */
  saveExport?: (fileName: string, content: string) => Promise<string | null>;
  /** The desktop's system viewer for a file (Electron's shell.openPath: '' or why it failed); absent in the browser. */
  openPath?: (file: string) => Promise<string>;
  /** The host's log file (renderer errors are written there). */
  log?: (level: 'info' | 'warn' | 'error', source: string, message: string) => void;
}

export type Handler<M extends MethodName> = (args: ParsedArgs<M>, context: HandlerContext) => Promise<MethodResult<M>>;
export type Handlers = { [M in MethodName]: Handler<M> };

/** The UI is the owner of the data: it sees personal data and may take every step of a review. */
const VIEWER: Viewer = { personal: true };
const ACTORS: readonly Actor[] = ['user', 'administrator'];
/** Failed candidates sent to the screen; the rest are counted. */
const FAILED_SHOWN = 40;

const browsers = new WeakMap<Engine, ProductBrowser>();
function productBrowser(engine: Engine): ProductBrowser {
  let browser = browsers.get(engine);
  if (!browser) {
    browser = new ProductBrowser(engine.store.db, engine.store.dataVersion, engine.catalog);
    browsers.set(engine, browser);
  }
  return browser;
}

function projectView(project: Project): ProjectView {
  const status = project.status as ProjectStatus;
  return {
    project,
    transitions: allowedTransitions(status, ACTORS),
    editable: EDITABLE_STATUSES.includes(status),
    deletable: DELETABLE_STATUSES.includes(status),
  };
}

const fullProject = (engine: Engine, id: number) => engine.projects.get(id, { fixtures: true, notes: true, accessories: true }, VIEWER);

/**
 * Units that do not fit, nearest to the need first (by rated flow, or liquid volume for gravity
 * sizing), so the rep sees the next size up or down before the far ones.
 */
function nearestFirst(failed: ProjectSizing['recommendation']['failed'], design: ProjectSizing['recommendation']['design']) {
  const gravity = isGravityMethod(design.method);
  const size = (e: (typeof failed)[number]) => (gravity ? (e.totals.liquid_capacity_gal ?? Infinity) : e.totals.flow_gpm);
  const need = gravity ? (design.required_volume_gal ?? 0) : design.required_rating_gpm;
  return [...failed].sort((a, b) => Math.abs(size(a) - need) - Math.abs(size(b) - need) || a.units - b.units);
}

function sizingView(sizing: ProjectSizing, catalog: SizingCatalog): SizingView {
  const { raw: _raw, ...rest } = sizing;
  const failed = nearestFirst(rest.recommendation.failed, rest.recommendation.design);
  const rating = rest.recommendation.rating;
  const shown = [rest.recommendation.chosen, ...rest.recommendation.alternatives].filter((e) => e !== null);
  const price = new Map(catalog.candidates.map((c) => [String(c.id), c.price ?? null] as const));
  return {
    sizing: { ...rest, recommendation: { ...rest.recommendation, failed: failed.slice(0, FAILED_SHOWN) } },
    failed_total: failed.length,
    prices: Object.fromEntries(shown.map((e) => [String(e.id), price.get(String(e.id)) ?? null])),
    recommended_rating: rating
      ? { label: rating.label, flow: measurementPair('flow', rating.flow_gpm), grease_weight: measurementPair('weight', rating.grease_lbs), grease_volume: measurementPair('volume', rating.grease_gal) }
      : null,
  };
}

/** List items carry only a url (spec §2.2); the screens need the id to open a user. */
function withUserId(item: UserListItem): UserRow {
  const id = Number(/\/api\/users\/(\d+)/.exec(item.url)?.[1]);
  return { ...item, id };
}

const TIER_LABELS: Record<string, string> = { low: 'Low grease', medium: 'Medium grease', high: 'High grease', 'very-high': 'Very high grease' };
const INSIDE_LABELS: Record<string, string> = INSIDE_TRAP_LOCATION_LABELS;

const vocabulary: Vocabulary = {
  menu_tiers: MENU_TIERS.map((tier) => ({
    tier,
    label: TIER_LABELS[tier] ?? tier,
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

export const handlers: Handlers = {
  // --- App ----------------------------------------------------------------------------------
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

  // --- Projects -----------------------------------------------------------------------------
  'projects.list': async ({ limit, offset, ...filters }, { engine }) => browseProjects(engine.store.db, engine.projects, filters, { limit, offset }, VIEWER),
  'projects.get': async ({ id }, { engine }) => projectView(await fullProject(engine, id)),
  'projects.create': async (body, { engine }) => projectView(await engine.projects.create(body, VIEWER)),
  'projects.update': async ({ id, ...body }, { engine }) => projectView(await engine.projects.update(id, body, VIEWER)),
  'projects.delete': async ({ id, version }, { engine }) => {
    await engine.projects.delete(id, version);
    return { id };
  },
  'projects.restore': async ({ id }, { engine }) => {
    await engine.projects.restore(id, VIEWER);
    return projectView(await fullProject(engine, id));
  },
  'projects.changeStatus': async ({ id, status, version }, { engine }) => {
    await engine.projects.changeStatus(id, status, ACTORS, version, VIEWER);
    return projectView(await fullProject(engine, id));
  },
  'projects.duplicate': async ({ id }, { engine }) => {
    const copy = await duplicateProject(engine.projects, id, VIEWER);
    return projectView(await fullProject(engine, copy.id));
  },
  'projects.preview': async ({ project_id, ...body }, { engine }) => sizingView(await engine.projects.preview(body, project_id), await engine.sizing.candidates()),
  'projects.sizing': async ({ id }, { engine }) => sizingView(await engine.projects.sizingDetails(id), await engine.sizing.candidates()),

  // --- Users, jurisdictions, search ---------------------------------------------------------
  'users.list': async ({ types, limit, offset }, { engine }) => {
    const { data, total } = await engine.users.list(types, { limit, offset }, '');
    return { total, data: data.map(withUserId) };
  },
  'users.get': async ({ id }, { engine }) => engine.users.byId(id, { projects: true, contacts: false, page: { limit: 100, offset: 0 } }, VIEWER),
  'users.search': async ({ query, limit }, { engine }) => {
    const { ids, total } = await engine.search.ids('user', query, { limit, offset: 0 });
    return { total, data: (await engine.users.listByIds(ids, '')).map(withUserId) };
  },
  'jurisdictions.list': async ({ state, limit, offset }, { engine }) => engine.jurisdictions.list({ state: state?.toUpperCase() }, { limit, offset }, VIEWER),
  'jurisdictions.get': async ({ id }, { engine }) => engine.jurisdictions.get(id, true, VIEWER),
  'jurisdictions.byZip': async ({ zip }, { engine }) => (await engine.jurisdictions.list({ zip_code: zip }, { limit: 1, offset: 0 }, VIEWER)).data[0] ?? null,
  'search.global': async ({ query, limit }, { engine }) => {
    const page = { limit, offset: 0 };
    const [users, jurisdictions, projects] = await Promise.all([
      engine.search.ids('user', query, page),
      engine.search.ids('jurisdiction', query, page),
      engine.search.ids('project', query, page),
    ]);
    return {
      users: (await engine.users.listByIds(users.ids, '')).map(withUserId),
      jurisdictions: await engine.jurisdictions.listByIds(jurisdictions.ids, VIEWER),
      projects: await engine.projects.listByIds(projects.ids, VIEWER),
    };
  },

  // --- Catalog ------------------------------------------------------------------------------
  'catalog.types': async (_args, { engine }) => (await engine.catalog.listProductTypes()).data,
  'catalog.collections': async (_args, { engine }) => (await engine.catalog.listCollections(undefined, undefined)).data,
  'catalog.products': async (filter, { engine }) => productBrowser(engine).list(filter),
  'catalog.product': async ({ modelNumber, storeId }, { engine }) => engine.catalog.getProduct(modelNumber, storeId),
  'media.product': async ({ modelNumber, storeId }, { engine }) => productMedia(await engine.catalog.getProduct(modelNumber, storeId), engine.media.media),
  'media.fetch': async ({ url }, { engine }) => fetchMediaNow(engine, url),
  'media.open': async ({ url }, { engine, openPath }) => {
    const file = engine.media.media.cachedFile(url);
    if (!file) throw notFound('No copy of this document is kept on this computer: fetch it while online first.', 'url');
    const sha = path.basename(file);
    engine.media.media.touch(sha);
    if (!openPath) return { opened: false, path: mediaPath(sha) };
    const problem = await openPath(file);
    if (problem) throw new ApiError(500, 'open_failed', `The system could not open the document: ${problem}`);
    return { opened: true, path: mediaPath(sha) };
  },
  'media.settings': async (_args, { engine }) => readMediaSettings(engine.store.db),
  'media.setSettings': async (settings, { engine }) => saveMediaSettings(engine, settings),
  'catalog.variants': async ({ modelNumber, storeId }, { engine }) => productBrowser(engine).family(modelNumber, storeId),

  // --- Territories --------------------------------------------------------------------------
  'territories.list': async (_args, { engine }) => (await engine.territories.list(null)).data,
  'territories.get': async ({ id }, { engine }) => engine.territories.get(id),
  'territories.byZip': async ({ zip }, { engine }) => engine.territories.byZip(zip),
  'territories.byCounty': async ({ state, county }, { engine }) => engine.territories.byStateAndCounty(state, county),
  'territories.states': async (_args, { engine }) => listStates(engine.store.db),
  'territories.countySuggestions': async ({ state, prefix, limit }, { engine }) => countySuggestions(engine.store.db, state, prefix, limit),

  // --- Sync ---------------------------------------------------------------------------------
  'sync.status': async (_args, { engine }) => engine.sync.status(),
  'sync.now': async ({ allowMassDelete }, { engine }) => {
    // Started, not awaited: progress and the outcome arrive as 'sync.status' events. A sync that
    // cannot start (not configured) throws here and reaches the UI as an error envelope.
    engine.sync.syncNow({ allowMassDelete: allowMassDelete === true }).catch(() => undefined);
    return engine.sync.status();
  },
  'sync.useMovedAddress': async ({ upstream_url }, { engine }) => {
    await engine.sync.useMovedAddress(upstream_url);
    return engine.sync.status();
  },
  'sync.cancel': async (_args, { engine }) => {
    engine.sync.cancel();
    return engine.sync.status();
  },
  'sync.conflicts': async (_args, { engine }) => engine.sync.conflicts(),
  'sync.resolve': async ({ projectId, choice, confirm }, { engine }) => {
    await engine.sync.resolve(projectId, choice, confirm ?? false);
    return engine.sync.status();
  },
  'sync.settings': async (_args, { engine }) => engine.sync.settings(),
  'sync.setSettings': async ({ key, ...settings }, { engine }) => {
    await engine.sync.saveSettings(settings, key);
    return engine.sync.settings();
  },

  // --- API keys -----------------------------------------------------------------------------
  'apiKeys.list': async (_args, { engine }) => engine.apiKeys.list(),
  'apiKeys.create': async ({ name, scopes, expires }, { engine }) => engine.apiKeys.create(name, scopes, expires),
  'apiKeys.revoke': async ({ id }, { engine }) => {
    await engine.apiKeys.revoke(id);
    return engine.apiKeys.list();
  },

  // --- Report -------------------------------------------------------------------------------
  'report.exportPdf': async ({ projectId, units }, { engine, exportPdf }) => {
    if (!exportPdf) throw new ApiError(501, 'not_available', 'PDF export needs the desktop app; use Print in the browser.');
    // A missing project is a 404 before the shell opens a window for it.
    await engine.projects.get(projectId, {}, VIEWER).catch((error: unknown) => {
      throw error instanceof ApiError ? error : notFound(`No project with id ${projectId}.`, 'projectId');
    });
    // The unit system of the app (Settings) unless the call names one.
    return exportPdf(projectId, units ?? (await readUnitSystem(engine.store.db)) ?? 'standard');
  },
  'report.profile': async (_args, { engine }) => readRepProfile(engine.store.db),
  'report.setProfile': async (args, { engine }) => writeRepProfile(engine.store.db, args),
  ...dataSafetyHandlers,
};
