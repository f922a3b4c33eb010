/**
 * The typed shape of the SQLite store, for Kysely. Column names follow the API where they can.
 * Every synced table carries `origin` (embedded | upstream | local) and `extra` (JSON of fields
 * the upstream sent that this version does not know, served back unchanged).
 */
import type { Generated } from 'kysely';

export type Origin = 'embedded' | 'upstream' | 'local';
/** SQLite booleans. */
export type Bool = 0 | 1;

interface SyncColumns {
  origin: Origin;
  extra: string;
}

export interface MetaTable {
  key: string;
  value: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  /** First characters of the key, shown in listings so a key can be recognised. */
  prefix: string;
  /** SHA-256 of the whole key; the key itself is never stored. */
  secret_hash: string;
  /** JSON array of scopes. */
  scopes: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** ISO 8601 (UTC); null: the key does not expire. */
  expires_at: string | null;
}

export interface ProductTypesTable extends SyncColumns {
  id: Generated<number>;
  key: string;
  name: string;
  active: Bool;
  image: string | null;
  parent_id: number | null;
  /** ISO dates (YYYY-MM-DD); the API formats them. */
  created: string;
  last_updated: string | null;
  /** 1: the upstream lists it, inactive or not (migration 0010); null: listed when published. */
  listed: Generated<number | null>;
  /** As the central service answered (migration 0028): its /product-types entry (JSON) and place there. */
  served: Generated<string | null>;
  list_position: Generated<number | null>;
  /** Its own answer (JSON, without `products`), null when it answered 404. */
  detail_served: Generated<string | null>;
  /** The ids of the products its /product-types/:type/products listed, in order (JSON), null when none was answered. */
  products_served: Generated<string | null>;
}

export interface ProductsTable extends SyncColumns {
  id: number;
  part_number: string;
  store_id: string | null;
  parent_store_id: string | null;
  name: string;
  short_name: string;
  /** Primary type; the product is visible when this type is published. */
  type_id: number;
  is_base_model: Bool;
  base_part_number: string;
  description: string;
  short_description: string | null;
  market_specific_description: string | null;
  created: string;
  last_updated: string | null;
  list_price: number;
  retail_multiplier: number;
  wholesale_multiplier: number;
  processing_lead_time: number | null;
  processing_threshold: number | null;
  /** JSON of the seed's installation_options, or null. */
  installation_options: string | null;
  solids_gal: number | null;
  solids_l: number | null;
  liquid_gal: number | null;
  liquid_l: number | null;
  /** JSON {standard:{length,width,height,weight}, metric:{…}} in in/lbs and cm/kg, or null. */
  base_dimensions: string | null;
  shipping_dimensions: string | null;
  /** JSON {primary, dimension}: image sets or null. */
  images: string;
  /** JSON of the document links. */
  documents: string;
  /** Figures invented for the demo data set rather than taken from manufacturer data. */
  is_demo: Bool;
  /** JSON of manufacturer facts the API has no field for (e.g. manway_access_ports); not served. */
  details: string;
  /** JSON of the price object as the upstream stated it (migration 0010); null: computed. */
  price_served: Generated<string | null>;
}

export interface ProductTypeLinksTable {
  product_id: number;
  type_id: number;
}

export interface ProductRatingsTable {
  product_id: number;
  position: number;
  flow_gpm: number;
  flow_lps: number;
  grease_lbs: number;
  grease_kg: number;
  grease_gal: number;
  grease_l: number;
  label: string | null;
  efficiency_99: Bool;
}

export interface OptionsTable {
  id: number;
  name: string;
  price: number | null;
  option_type: string;
  description: string | null;
  store_id: string | null;
}

/** The options whose combination defines a product variant. */
export interface ProductOptionsTable {
  product_id: number;
  option_id: number;
  position: number;
}

export type ProductLinkKind = 'accessory' | 'related' | 'compatible';

export interface ProductLinksTable {
  product_id: number;
  linked_id: number;
  kind: ProductLinkKind;
  component: Bool;
  position: number;
}

export interface ProductCertificationsTable {
  product_id: number;
  position: number;
  name: string;
  link: string | null;
  type: string;
}

export interface CollectionsTable extends SyncColumns {
  id: Generated<number>;
  key: string;
  name: string;
  image: string | null;
}

export interface CollectionItemsTable {
  collection_id: number;
  product_id: number;
  position: number;
}

export interface StatesTable {
  code: string;
  name: string;
  fips: string;
  /** Normalised name for matching (see text-match.ts). */
  match_name: string;
}

export interface CountiesTable {
  fips: string;
  state_code: string;
  name: string;
  base_name: string;
  population: number;
  match_name: string;
  match_base: string;
  /** 1 when the full name is "<base> County", so "Baltimore" means Baltimore County, not Baltimore city. */
  is_county: Bool;
}

export interface ZipCodesTable {
  zip: string;
  state_code: string;
  city: string;
  population: number | null;
  /** The county holding most of the zip's addresses; it decides the zip's territory. */
  main_county_fips: string;
}

export interface ZipCountiesTable {
  zip: string;
  county_fips: string;
  weight: number;
}

export interface TerritoriesTable extends SyncColumns {
  id: number;
  code: string;
  name: string | null;
  rep_firm: string;
  manager_name: string;
  manager_email: string | null;
  /** As the upstream stated them (migration 0010); null: computed from the counties. */
  population: Generated<number | null>;
  /** JSON array of the county texts as received; null: from territory_counties. */
  counties_served: Generated<string | null>;
  /** JSON array of the zip codes as received; null: from the counties' zips. */
  zip_codes_served: Generated<string | null>;
}

/** A zip's territory as the upstream assigns it (migration 0010). */
export interface TerritoryZipCodesTable {
  zip: string;
  territory_id: number;
}

export interface TerritoryCountiesTable {
  county_fips: string;
  territory_id: number;
}

export interface UsersTable extends SyncColumns {
  id: number;
  service_user: Bool;
  name: string;
  /** Null: a contact made here known only by name so far (served as ""; migration 0032). */
  email: string | null;
  phone_number: string | null;
  position: string | null;
  company: string | null;
  postal_code: string;
  /** A user type key (vocabulary.ts), or null. */
  type: string | null;
  registered: string;
  last_active: string;
  updated: string;
}

export interface JurisdictionsTable extends SyncColumns {
  id: number;
  name: string;
  kind: string;
  state: string;
  county_fips: string | null;
  /** JSON array of inside-trap location keys the jurisdiction allows. */
  inside_trap_locations: string;
  /** JSON of the sizing rules (src-shared/sizing/jurisdiction-rules.ts). */
  rules: string;
  updated: string;
  /** JSON {indoor, outdoor}: the sizing method labels as received (migration 0010); null: from the rules. */
  sizing_labels: Generated<string | null>;
  /** 'projects': built from what the upstream's projects embed (it has no jurisdiction endpoints). */
  source: Generated<string | null>;
}

export interface JurisdictionZipCodesTable {
  zip: string;
  jurisdiction_id: number;
}

export interface ContactsTable {
  id: number;
  jurisdiction_id: number;
  first_name: string;
  last_name: string;
  title: string;
  email: string;
  primary_phone_number: string;
  department: string;
  /** JSON {name, address, city, state, postal_code, county}. */
  facility: string;
  position: number;
  /** As received (migration 0010); null: first + last name, and the jurisdiction's name. */
  name_served: Generated<string | null>;
  jurisdictions_served: Generated<string | null>;
}

export interface ProjectsTable extends SyncColumns {
  id: number;
  user_id: number;
  name: string;
  status: string;
  created: string;
  submitted: string | null;
  approved: string | null;
  updated: string;
  construction_type: string;
  street: string | null;
  street_2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  jurisdiction_id: number | null;
  /** JSON of the sizing inputs other than fixtures (project-inputs.ts). */
  inputs: string;
  /** JSON of what the sizing engine computed from the inputs (project-sizing.ts). */
  sizing: string;
  pump_out_cycle: number | null;
  recommended_product: string | null;
  unique_local_requirements: Bool;
  version: number;
  dirty: Bool;
  /** Upstream version at the last sync (null: never synced). */
  base_version: Generated<number | null>;
}

export interface ProjectFixturesTable {
  project_id: number;
  position: number;
  /** JSON of one fixture input. */
  input: string;
}

export interface ProjectNotesTable {
  id: number;
  project_id: number;
  author: string;
  text: string;
  created: string;
}

/** See migration 0007. */
export interface SyncAnswersTable {
  path: string;
  resource: string;
  key: string;
  etag: string | null;
  stamp: string | null;
  /** Deflated JSON, where a later sync needs the body; null where the store's rows are the body. */
  body: Buffer | null;
  fetched_at: string;
  /** Fingerprint of the list entry the record was last seen with (migration 0009). */
  listed: Generated<string | null>;
  /** Fingerprint of the detail as received. */
  fingerprint: Generated<string | null>;
}

/** The sync's bookkeeping (migration 0009), owned by src-main/sync/sync-state.ts. */
export interface SyncStateTable {
  id: number;
  last_success: string | null;
  /** JSON {code, message, at}. */
  last_error: string | null;
  /** Why local changes wait (the upstream takes no writes), or null. */
  queued_reason: string | null;
  full_check: string | null;
  /** 'absent' once the upstream answered 404 for /api/jurisdictions; null: ask. */
  jurisdictions_endpoint: string | null;
}

export interface SyncTombstonesTable {
  project_id: number;
  /** The upstream version last synced, when the upstream shows versions. */
  version: number | null;
  deleted_at: string;
}

export interface SyncConflictsTable {
  project_id: number;
  /** JSON of the SyncConflict. */
  record: string;
  detected_at: string;
  /** decide.ts fingerprintOfBytes of the answer the upstream copy came in (0019). */
  theirs_fingerprint: Generated<string | null>;
}

export interface SyncPushedTable {
  local_id: number;
  upstream_id: number;
}

export interface SyncIssuesTable {
  id: Generated<number>;
  /** 'rejected' (set aside) or 'warning' (kept, but worth knowing). */
  kind: string;
  resource: string;
  key: string;
  reason: string;
}

/** A deleted draft kept for Undo (migration 0018, project-undo.ts); `content` is JSON. */
export interface DeletedProjectsTable {
  project_id: number;
  deleted_at: string;
  content: string;
}

/** The counter of ids for records made here, per table (see local-ids.ts). */
export interface LocalIdsTable {
  table_name: string;
  last_id: number;
}

/** The media store's rows (migration 0031; src-main/store/media-store.ts owns them). */
export interface MediaFilesTable {
  url: string;
  kind: string;
  document_kind: string | null;
  sha256: string | null;
  size: number | null;
  content_type: string | null;
  etag: string | null;
  last_modified: string | null;
  fetched_at: string | null;
  last_used: string | null;
  evicted: Generated<number>;
  failures: Generated<number>;
  last_error: string | null;
}

export interface Database {
  meta: MetaTable;
  local_ids: LocalIdsTable;
  api_keys: ApiKeysTable;
  product_types: ProductTypesTable;
  products: ProductsTable;
  product_type_links: ProductTypeLinksTable;
  product_ratings: ProductRatingsTable;
  options: OptionsTable;
  product_options: ProductOptionsTable;
  product_links: ProductLinksTable;
  product_certifications: ProductCertificationsTable;
  collections: CollectionsTable;
  collection_items: CollectionItemsTable;
  states: StatesTable;
  counties: CountiesTable;
  zip_codes: ZipCodesTable;
  zip_counties: ZipCountiesTable;
  territories: TerritoriesTable;
  territory_counties: TerritoryCountiesTable;
  territory_zip_codes: TerritoryZipCodesTable;
  users: UsersTable;
  jurisdictions: JurisdictionsTable;
  jurisdiction_zip_codes: JurisdictionZipCodesTable;
  contacts: ContactsTable;
  projects: ProjectsTable;
  deleted_projects: DeletedProjectsTable;
  project_fixtures: ProjectFixturesTable;
  project_notes: ProjectNotesTable;
  sync_answers: SyncAnswersTable;
  sync_state: SyncStateTable;
  sync_tombstones: SyncTombstonesTable;
  sync_conflicts: SyncConflictsTable;
  sync_pushed: SyncPushedTable;
  sync_issues: SyncIssuesTable;
  media_files: MediaFilesTable;
}
