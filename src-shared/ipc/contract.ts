/**
 * The one typed contract between the UI and the engine. Each method has a zod schema for its
 * arguments (checked by main before anything runs) and a result type. The same contract is
 * carried by Electron IPC (preload → main) and, where Electron cannot run, by HTTP
 * (POST /bridge/<method> on the local server): only the transport differs.
 *
 * Add a method: its args schema in `methods`, its result type in `MethodResults`, its handler
 * in the domain's file in src-main/ipc/ (`<domain>-handlers.ts`, joined in handlers.ts; the
 * handler map is typed against both, so nothing can be missed).
 *
 * The renderer imports this file with `import type` only, so the method table stays out of its
 * bundle; main parses every call with the schemas below. zod and the write schema are in the
 * bundle all the same, on purpose: the editor checks its fields with that schema as the rep types
 * (src-renderer/src/stores/plain-errors.ts), so it has no second set of rules.
 */
import { z } from 'zod';
import { repProfileSchema } from './rep-profile.js';
import type { ApiErrorBody } from '../api/common.js';
import type { Collection, Product, ProductListItem, ProductType } from '../api/catalog.js';
import type { Jurisdiction, Project, ProjectListItem, User, UserListItem } from '../api/people.js';
import type { Territory, TerritoryListItem, TerritoryLookup } from '../api/territories.js';
import type { Transition } from '../api/project-status.js';
import { FIVE_DIGIT_ZIP } from '../api/zip-code.js';
import { projectCreateBody, projectPatchBody } from '../api/project-write.js';
import { CONSTRUCTION_TYPE_KEYS, PROJECT_STATUSES, USER_TYPE_KEYS, type ProjectStatus } from '../api/vocabulary.js';
import { API_SCOPES, type ApiScope } from '../api/scopes.js';
import type { CandidateEvaluation, MeasurementPair, ProjectSizing, Recommendation, RulesSourceView } from '../sizing/index.js';
import type { ConflictChoice, SyncConflict, SyncSettings, SyncStatus } from '../sync.js';
import { mediaSettingsSchema, type CatalogThumbnails, type MediaItem, type MediaSettings, type ProductMedia } from '../media.js';
import { dataSafetyMethods, type DataSafetyResults, type StartupView } from './data-safety.js';

const id = z.number().int().positive();
const noArgs = z.object({}).strict();
const zip = z.string().trim().regex(FIVE_DIGIT_ZIP, { error: 'A zip code is five digits.' });
const searchText = z.string().trim().min(1, { error: 'Type something to search for.' }).max(500);
/** UI lists page by 1–200 rows; the list screens ask for what fits on screen and more on scroll. */
const page = { limit: z.number().int().min(1).max(200).default(50), offset: z.number().int().min(0).default(0) };

/** Argument schemas, by method name ("area.verb"). */
export const methods = {
  // --- App ----------------------------------------------------------------------------------
  'app.info': noArgs,
  /** The fixed vocabularies the forms offer (menu types by grease tier, fixture library …). */
  'app.vocabulary': noArgs,
  'app.settings': noArgs,
  'app.setSettings': z
    .object({
      api: z
        .object({
          enabled: z.boolean(),
          port: z.number({ error: 'The port is a whole number.' }).int({ error: 'The port is a whole number.' }).min(1024, { error: 'Use a port from 1024 to 65535.' }).max(65535, { error: 'Use a port from 1024 to 65535.' }),
        })
        .strict(),
    })
    .strict(),
  /** The unit system shown, typed and printed (metric mode); kept in the store so the desktop export follows it. */
  'app.setUnits': z.object({ units: z.enum(['standard', 'metric']) }).strict(),

  // --- Projects -----------------------------------------------------------------------------
  'projects.list': z
    .object({
      status: z.array(z.enum(PROJECT_STATUSES)).optional(),
      types: z.array(z.enum(CONSTRUCTION_TYPE_KEYS)).optional(),
      zip: zip.optional(),
      query: z.string().trim().max(500).optional(),
      /** Column to sort by (default: created, newest first) and its direction. */
      sort: z.enum(['created', 'updated', 'name', 'status', 'city', 'construction', 'pump_out']).optional(),
      direction: z.enum(['asc', 'desc']).optional(),
      ...page,
    })
    .strict(),
  'projects.get': z.object({ id }).strict(),
  'projects.create': projectCreateBody,
  /** The changed fields of a Draft, under the project resource's own names (`id` says which). */
  'projects.update': projectPatchBody.extend({ id }),
  'projects.delete': z.object({ id, version: z.number().int().positive().optional() }).strict(),
  /** Undo of a delete: the same project back (kept for an hour after its delete). */
  'projects.restore': z.object({ id }).strict(),
  'projects.changeStatus': z.object({ id, status: z.enum(PROJECT_STATUSES), version: z.number().int().positive().optional() }).strict(),
  'projects.duplicate': z.object({ id }).strict(),
  /** Sizes unsaved inputs (a write body; over a stored project when `project_id` is given). */
  'projects.preview': projectPatchBody.extend({ project_id: id.optional() }),
  /** The full sizing of a stored project with the current catalog. */
  'projects.sizing': z.object({ id }).strict(),

  // --- Users, jurisdictions, search ---------------------------------------------------------
  'users.list': z.object({ types: z.array(z.enum(USER_TYPE_KEYS)).optional(), ...page }).strict(),
  'users.get': z.object({ id }).strict(),
  'users.search': z.object({ query: searchText, limit: z.number().int().min(1).max(100).default(20) }).strict(),
  'jurisdictions.list': z.object({ state: z.string().trim().regex(/^[A-Za-z]{2}$/, { error: 'A state is its two-letter code.' }).optional(), ...page }).strict(),
  'jurisdictions.get': z.object({ id }).strict(),
  'jurisdictions.byZip': z.object({ zip }).strict(),
  'search.global': z.object({ query: searchText, limit: z.number().int().min(1).max(50).default(8) }).strict(),

  // --- Catalog ------------------------------------------------------------------------------
  'catalog.types': noArgs,
  'catalog.collections': noArgs,
  /** Every published product as a summary row, optionally of a type (and its sub-types), a collection or matching words. */
  'catalog.products': z
    .object({
      type: z.string().min(1).max(200).optional(),
      collection: z.string().min(1).max(200).optional(),
      query: z.string().trim().max(200).optional(),
      /** Rated flow (GPM) at least / at most, grease capacity (lb) and liquid capacity (gal) at least. */
      min_flow: z.number({ error: 'Rated flow must be a number of GPM.' }).min(0, { error: "Rated flow can't be negative." }).optional(),
      max_flow: z.number({ error: 'Rated flow must be a number of GPM.' }).min(0, { error: "Rated flow can't be negative." }).optional(),
      min_grease: z.number({ error: 'Grease capacity must be a number of lb.' }).min(0, { error: "Grease capacity can't be negative." }).optional(),
      min_liquid: z.number({ error: 'Liquid capacity must be a number of gallons.' }).min(0, { error: "Liquid capacity can't be negative." }).optional(),
      installation: z.enum(['indoors', 'indoors-buried', 'outdoors', 'outdoors-buried', 'traffic']).optional(),
      sort: z.enum(['relevance', 'part-number', 'flow', 'grease', 'liquid', 'price']).optional(),
      /** Smallest first (the default) or largest first; best match has no direction. Unknown figures go last either way. */
      direction: z.enum(['asc', 'desc']).optional(),
    })
    .strict(),
  'catalog.product': z.object({ modelNumber: z.string().trim().min(1).max(200), storeId: z.string().min(1).max(64).optional() }).strict(),
  /** The variants of a product's family (same parent store id, else same base model) and their options. */
  'catalog.variants': z.object({ modelNumber: z.string().trim().min(1).max(200), storeId: z.string().min(1).max(64).optional() }).strict(),

  // --- Media kept offline (issue 31) -----------------------------------------------------------
  /** A product's pictures and documents: each URL as received, with the local path of its copy or null. */
  'media.product': z.object({ modelNumber: z.string().trim().min(1).max(200), storeId: z.string().min(1).max(64).optional() }).strict(),
  /** Every product type's and collection's thumbnail: its URL as received, with the local path of its copy or null. */
  'media.thumbnails': noArgs,
  /** Fetch one picture or document the catalog names, now (online). */
  'media.fetch': z.object({ url: z.string().min(1).max(2000) }).strict(),
  /** Open a kept document in the system's viewer (desktop); the browser mode opens its /media path itself. */
  'media.open': z.object({ url: z.string().min(1).max(2000) }).strict(),
  'media.settings': noArgs,
  'media.setSettings': mediaSettingsSchema,

  // --- Territories --------------------------------------------------------------------------
  'territories.list': noArgs,
  'territories.get': z.object({ id }).strict(),
  'territories.byZip': z.object({ zip: z.string().trim().min(1, { error: 'Enter a zip code.' }).max(20) }).strict(),
  'territories.byCounty': z
    .object({ state: z.string().trim().min(1, { error: 'Choose a state.' }).max(100), county: z.string().trim().min(1, { error: 'Enter a county.' }).max(100) })
    .strict(),
  'territories.states': noArgs,
  'territories.countySuggestions': z
    .object({ state: z.string().trim().min(1, { error: 'Choose a state.' }).max(100), prefix: z.string().max(100), limit: z.number().int().min(1).max(50).default(10) })
    .strict(),

  // --- Sync ---------------------------------------------------------------------------------
  'sync.status': noArgs,
  /** `allowMassDelete`: the rep confirmed a run that removes more than the guard allows (last_error code mass_delete). */
  'sync.now': z.object({ allowMassDelete: z.boolean().optional() }).strict(),
  'sync.cancel': noArgs,
  /** The address the central service says it moved to, taken as the setting: the same service, so what is known of it is kept. */
  'sync.useMovedAddress': z.object({ upstream_url: z.string().trim().url({ error: 'Enter the full address, e.g. https://sizing.example.com' }) }).strict(),
  'sync.conflicts': noArgs,
  'sync.resolve': z.object({ projectId: id, choice: z.enum(['mine', 'theirs']), confirm: z.boolean().optional() }).strict(),
  'sync.settings': noArgs,
  'sync.setSettings': z
    .object({
      upstream_url: z.string().trim().url({ error: 'Enter the full address, e.g. https://sizing.example.com' }).nullable(),
      interval_minutes: z.number({ error: 'Minutes are a whole number.' }).int({ error: 'Minutes are a whole number.' }).min(0, { error: '0 (on demand) or more minutes.' }).max(24 * 60, { error: 'At most 1440 minutes (a day).' }),
      /** Undefined keeps the stored key, null removes it. */
      key: z.string().trim().min(1, { error: 'The key is empty; clear it with Remove key instead.' }).max(500).nullable().optional(),
    })
    .strict(),

  // --- API keys of the local service ---------------------------------------------------------
  'apiKeys.list': noArgs,
  'apiKeys.create': z
    .object({
      name: z.string().trim().min(1, { error: 'A key needs a name.' }).max(100),
      scopes: z.array(z.enum(API_SCOPES)).min(1, { error: 'Choose at least one scope.' }),
      /** A date (YYYY-MM-DD, UTC) or another form the engine's parseExpiry takes; absent or null: never. */
      expires: z.string().trim().max(40).nullable().optional(),
    })
    .strict(),
  'apiKeys.revoke': z.object({ id }).strict(),

  // --- Report -------------------------------------------------------------------------------
  /** A project's sizing report (the engine's PDF) saved where the user chooses (desktop app only). */
  'report.exportPdf': z.object({ projectId: id, units: z.enum(['standard', 'metric']).optional(), price: z.boolean().optional() }).strict(),
  /** The rep's company and contact printed on reports. */
  'report.profile': noArgs,
  'report.setProfile': repProfileSchema,

  // --- Backups, export / import, logs, start-up (data-safety.ts) ------------------------------
  ...dataSafetyMethods,
} satisfies Record<string, z.ZodType>;

/** A page of a list, with the number of items of the whole list. */
export interface Paged<T> {
  total: number;
  data: T[];
}

/** A user list item with its id (the API's list items carry only a url). */
export type UserRow = UserListItem & { id: number };

/** A project as the editor needs it: the resource, and what may be done with it now. */
export interface ProjectView {
  project: Project;
  /** Status changes open from the current status (src-shared/api/project-status.ts). */
  transitions: Transition[];
  editable: boolean;
  deletable: boolean;
}

/**
 * An alternative or a unit that does not fit, as the screen lists it: its failures, not every
 * check it passed (those were two thirds of the answer the editor asks for at each keystroke).
 */
export type ListedCandidate = Omit<CandidateEvaluation, 'checks'>;

/**
 * A sizing for the screen: `raw` left out, failed candidates capped (a large catalog fails
 * thousands), and the alternatives and failed candidates without their checks (ListedCandidate).
 */
export interface SizingView {
  sizing: Omit<ProjectSizing, 'raw' | 'recommendation'> & {
    recommendation: Omit<ProjectSizing['recommendation'], 'alternatives' | 'failed'> & { alternatives: ListedCandidate[]; failed: ListedCandidate[] };
  };
  failed_total: number;
  /** List prices (USD) of the recommended unit and the alternatives, by product id; null: no price. */
  prices: Record<string, number | null>;
  /** The recommended unit's rating in both unit systems (the sizing keeps it in standard units). */
  recommended_rating: { label: string | null; flow: MeasurementPair; grease_weight: MeasurementPair; grease_volume: MeasurementPair } | null;
}

/** The recommended unit or an alternative as the editor lists it: which unit, how many, how long it holds. */
export type PreviewUnit = Pick<CandidateEvaluation, 'id' | 'part_number' | 'name' | 'units' | 'pump_out_days'>;
/** A unit that does not fit, as the editor lists it: which unit, how many, and what it fails. */
export type PreviewFailedUnit = Pick<CandidateEvaluation, 'id' | 'part_number' | 'name' | 'units' | 'failures'>;

/**
 * The editor's live sizing (`projects.preview`, asked for as the rep types): the fields the
 * results panel and the editor's notes show, and no more. Every figure and sentence is the
 * engine's as HTTP answers it; left out are what the panel does not show (the fixtures' own
 * figures, the rule documents' list, the design figures, every candidate's checks and ratings).
 */
export interface SizingPreview {
  sizing: Pick<
    ProjectSizing,
    | 'sizing_method'
    | 'jurisdiction'
    | 'flow_rate'
    | 'flow_rate_metric'
    | 'grease'
    | 'grease_metric'
    | 'pump_out_cycle'
    | 'recommended_product'
    | 'unique_local_requirements'
    | 'unique_local_requirements_reason'
    | 'recommended_accessories'
    | 'required_volume'
    | 'excluded_fixtures'
    | 'warnings'
    | 'derivation'
  > & {
    rules_source: Pick<RulesSourceView, 'status' | 'verified' | 'authority' | 'summary'>;
    recommendation: Pick<Recommendation, 'status' | 'product' | 'units' | 'arrangement' | 'reasons' | 'no_recommendation' | 'no_fit'> & {
      chosen: PreviewUnit | null;
      alternatives: PreviewUnit[];
      /** The first of the failed units, nearest the need first (the count of all: `failed_total`). */
      failed: PreviewFailedUnit[];
    };
  };
  failed_total: number;
  /** List prices (USD) of the recommended unit and the alternatives, by product id; null: no price. */
  prices: Record<string, number | null>;
  /** The recommended unit's rating in both unit systems (the sizing keeps it in standard units). */
  recommended_rating: SizingView['recommended_rating'];
}

/** One row of the product list: enough to show, filter and open it. */
export type ProductSummary = Pick<
  ProductListItem,
  'part_number' | 'name' | 'short_name' | 'type' | 'short_description' | 'store_id' | 'parent_store_id'
> & {
  id: number;
  is_base_model: boolean;
  list_price: string;
  image: string;
  /** The highest rating's flow (GPM) and grease capacity (lb); null for products without a rating. */
  rated_flow_gpm: number | null;
  grease_capacity_lbs: number | null;
  liquid_capacity_gal: number | null;
};

export interface ProductVariant {
  part_number: string;
  store_id: string | null;
  name: string;
  is_base_model: boolean;
  options: Product['options']['data'];
}

export interface ProductFamily {
  /** The option types that tell the variants apart, in the order the options are listed. */
  option_types: string[];
  variants: ProductVariant[];
}

export interface CountySuggestion {
  name: string;
  state_code: string;
  /** The territory's code, null when the county is in none. */
  territory: string | null;
}

export interface ApiKeyView {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** ISO 8601; null: never expires. */
  expires_at: string | null;
}

export interface AppSettings {
  api: { enabled: boolean; port: number };
}

export interface Vocabulary {
  menu_tiers: { tier: string; label: string; menu_types: { key: string; label: string }[] }[];
  fixture_kinds: {
    key: string;
    label: string;
    /** Typical basin per compartment (in); null for fixtures with a fixed or entered flow. */
    basin: { length: number; width: number; depth: number; compartments: number } | null;
    /** The rep enters this fixture's GPM (dishwasher, disposer, custom); the default when fixed. */
    flow_input: boolean;
    typical_gpm: number | null;
  }[];
  max_compartments: number;
  pipe_sizes: number[];
  construction_types: { key: string; label: string }[];
  installation_locations: { key: string; label: string }[];
  inside_trap_locations: { key: string; label: string }[];
  user_types: { key: string; label: string }[];
  statuses: ProjectStatus[];
  scopes: ApiScope[];
  /** What a new project starts with (the engine's defaults). */
  project_defaults: {
    construction_type: string;
    menu_type: string;
    servings_per_day: number;
    pump_out_target: number;
    pipe_size: number;
    installation_location: string;
    inside_trap_location: string | null;
  };
}

export interface GlobalSearchResult {
  users: UserRow[];
  jurisdictions: Jurisdiction[];
  projects: ProjectListItem[];
}

/** Result types, by method name. */
export interface MethodResults extends DataSafetyResults {
  /** `units`: the unit system chosen in the app, null when never chosen. */
  'app.info': {
    version: string;
    dataDir: string;
    apiUrl: string | null;
    /** Why the desktop app's API serves on another port than its setting this session (null: it does not, or the browser mode's server chose its port at start). */
    apiMoved: 'taken' | 'not-allowed' | null;
    transport: 'ipc' | 'http';
    units: 'standard' | 'metric' | null;
  };
  'app.vocabulary': Vocabulary;
  'app.settings': AppSettings;
  'app.setSettings': AppSettings;
  'app.setUnits': { units: 'standard' | 'metric' };

  'projects.list': Paged<ProjectListItem>;
  'projects.get': ProjectView;
  'projects.create': ProjectView;
  'projects.update': ProjectView;
  'projects.delete': { id: number };
  'projects.restore': ProjectView;
  'projects.changeStatus': ProjectView;
  'projects.duplicate': ProjectView;
  'projects.preview': SizingPreview;
  'projects.sizing': SizingView;

  'users.list': Paged<UserRow>;
  'users.get': User;
  'users.search': Paged<UserRow>;
  'jurisdictions.list': Paged<Jurisdiction>;
  'jurisdictions.get': Jurisdiction;
  'jurisdictions.byZip': Jurisdiction | null;
  'search.global': GlobalSearchResult;

  'catalog.types': ProductType[];
  'catalog.collections': Collection[];
  'catalog.products': Paged<ProductSummary>;
  'catalog.product': Product;
  'catalog.variants': ProductFamily;
  'media.product': ProductMedia;
  'media.thumbnails': CatalogThumbnails;
  'media.fetch': MediaItem;
  /** `opened`: handed to the system's viewer; false in the browser mode (open `path` instead). */
  'media.open': { opened: boolean; path: string | null };
  'media.settings': MediaSettings;
  'media.setSettings': MediaSettings;

  'territories.list': TerritoryListItem[];
  'territories.get': Territory;
  'territories.byZip': TerritoryLookup;
  'territories.byCounty': TerritoryLookup;
  'territories.states': { code: string; name: string }[];
  'territories.countySuggestions': CountySuggestion[];

  'sync.status': SyncStatus;
  'sync.now': SyncStatus;
  'sync.cancel': SyncStatus;
  'sync.useMovedAddress': SyncStatus;
  'sync.conflicts': SyncConflict[];
  'sync.resolve': SyncStatus;
  'sync.settings': SyncSettings & { has_key: boolean };
  'sync.setSettings': SyncSettings & { has_key: boolean };

  'apiKeys.list': ApiKeyView[];
  /** `key` is the secret: shown once, never readable again. */
  'apiKeys.create': ApiKeyView & { key: string };
  'apiKeys.revoke': ApiKeyView[];

  'report.exportPdf': { path: string };
  'report.profile': RepProfile;
  'report.setProfile': RepProfile;
}

export interface RepProfile {
  company: string;
  name: string;
  email: string;
  phone: string;
}

export type MethodName = keyof typeof methods & keyof MethodResults;
export type MethodArgs<M extends MethodName> = z.input<(typeof methods)[M]>;
export type ParsedArgs<M extends MethodName> = z.output<(typeof methods)[M]>;
export type MethodResult<M extends MethodName> = MethodResults[M];

export const METHOD_NAMES = Object.keys(methods) as MethodName[];

export function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(methods, name);
}

/** Every call answers with an envelope, so an engine error reaches the UI with its code and field. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ApiErrorBody };

/** Electron channels: one for calls, one for events pushed from main (sync progress …). */
export const INVOKE_CHANNEL = 'fieldsizer:invoke';
export const EVENT_CHANNEL = 'fieldsizer:event';

/** Events main pushes to the UI. */
export interface EventPayloads {
  'sync.status': SyncStatus;
  'app.startup': StartupView;
}
export type EventName = keyof EventPayloads;
export const EVENT_NAMES: EventName[] = ['sync.status', 'app.startup'];

/** What the UI talks to: `window.api` in Electron, an HTTP client in the browser. */
export interface Bridge {
  invoke<M extends MethodName>(method: M, args: MethodArgs<M>): Promise<Envelope<MethodResult<M>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
}

export type { ConflictChoice };
