/**
 * Checks the generated resources/people.json (built by scripts/build-people.ts) against its seed
 * schema, against resources/geography.json, and for internal consistency; then runs the sizing
 * engine on a sample of projects to show the inputs are usable.
 */
import { readResourceJson } from '../src-main/store/resource-files.js';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSTRUCTION_TYPE_KEYS, PROJECT_STATUSES, USER_TYPE_KEYS } from '../src-shared/api/vocabulary';
import { geographySeed, type GeographySeed } from '../src-shared/seed/geography-seed';
import { peopleSeed, type PeopleSeed, type SeedJurisdiction, type SeedProject } from '../src-shared/seed/people-seed';
import {
  DEFAULT_JURISDICTION_RULES,
  FIXTURE_LIBRARY,
  jurisdictionRulesSchema,
  MENU_TYPES,
  PIPE_SIZE_TABLE,
  sizeProject,
  type JurisdictionRules,
} from '../src-shared/sizing/index';

const RESOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'resources');
const PEOPLE_FILE = path.join(RESOURCES, 'people.json.gz');
const GEOGRAPHY_FILE = path.join(RESOURCES, 'geography.json');

let seed: PeopleSeed;
let geo: GeographySeed;
/** zip -> [state, city, main county FIPS] */
let zips: Map<string, { state: string; city: string; county: string }>;
let jurisdictionById: Map<number, SeedJurisdiction>;
let ownerOfZip: Map<string, SeedJurisdiction>;

beforeAll(() => {
  seed = peopleSeed.parse(readResourceJson(RESOURCES, 'people.json'));
  geo = geographySeed.parse(JSON.parse(readFileSync(GEOGRAPHY_FILE, 'utf8')));
  zips = new Map(geo.zips.map(([zip, state, city, , weights]) => [zip, { state, city, county: weights[0]?.[0] ?? '' }]));
  jurisdictionById = new Map(seed.jurisdictions.map((j) => [j.id, j]));
  ownerOfZip = new Map();
  for (const j of seed.jurisdictions) for (const z of j.zip_codes) ownerOfZip.set(z, j);
});

const DAY = /^\d{4}-\d{2}-\d{2}/;
const FICTIONAL_PHONE = /^\(\d{3}\) 555-01\d{2}$/;
const inDataRange = (date: string): boolean => date >= '2016-01-01' && date <= '2026-12-31';

/**
 * What is wrong across thousands of rows, asserted once at the end: an expect per row and rule
 * (5,000 projects × 20 rules) took seconds; the failure lists every row that breaks a rule.
 */
function wrongList(): { check(ok: boolean, what: string): void; wrong: string[] } {
  const wrong: string[] = [];
  return { check: (ok, what) => void (ok || wrong.push(what)), wrong };
}

function rulesOf(p: SeedProject): JurisdictionRules {
  return p.jurisdiction_id === null ? DEFAULT_JURISDICTION_RULES : (jurisdictionById.get(p.jurisdiction_id)?.rules ?? DEFAULT_JURISDICTION_RULES);
}

describe('people.json', () => {
  it('passes the schema, has the expected size and version', () => {
    expect(seed.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(seed.jurisdictions.length).toBeGreaterThanOrEqual(100);
    expect(seed.users.length).toBeGreaterThanOrEqual(500);
    expect(seed.projects.length).toBeGreaterThanOrEqual(5000);
    expect(statSync(PEOPLE_FILE).size).toBeLessThan(1.5 * 1_000_000);
  });

  it('numbers jurisdictions, users and projects 1..N; contact and note ids are unique', () => {
    expect(seed.jurisdictions.map((j) => j.id)).toEqual(seed.jurisdictions.map((_, i) => i + 1));
    expect(seed.users.map((u) => u.id)).toEqual(seed.users.map((_, i) => i + 1));
    expect(seed.projects.map((p) => p.id)).toEqual(seed.projects.map((_, i) => i + 1));
    const contactIds = seed.jurisdictions.flatMap((j) => j.contacts.map((c) => c.id));
    expect(new Set(contactIds).size).toBe(contactIds.length);
    const noteIds = seed.projects.flatMap((p) => p.notes.map((n) => n.id));
    expect(new Set(noteIds).size).toBe(noteIds.length);
    expect(noteIds.length).toBeGreaterThan(0);
  });

  it('uses every user type, status and construction type', () => {
    const types = new Map<string | null, number>();
    for (const u of seed.users) types.set(u.type, (types.get(u.type) ?? 0) + 1);
    for (const t of USER_TYPE_KEYS) expect(types.get(t) ?? 0, t).toBeGreaterThanOrEqual(3);
    expect(types.get(null) ?? 0).toBeGreaterThan(0);
    for (const s of PROJECT_STATUSES) expect(seed.projects.filter((p) => p.status === s).length, s).toBeGreaterThanOrEqual(200);
    for (const c of CONSTRUCTION_TYPE_KEYS) {
      expect(seed.projects.filter((p) => p.construction_type === c).length, c).toBeGreaterThanOrEqual(200);
    }
  });

  it('links every project to an existing user and jurisdiction; users have 0 to 60 projects', () => {
    const userIds = new Set(seed.users.map((u) => u.id));
    const perUser = new Map<number, number>();
    const { check, wrong } = wrongList();
    for (const p of seed.projects) {
      check(userIds.has(p.user_id), `project ${p.id}: no user ${p.user_id}`);
      if (p.jurisdiction_id !== null) check(jurisdictionById.has(p.jurisdiction_id), `project ${p.id}: no jurisdiction ${p.jurisdiction_id}`);
      perUser.set(p.user_id, (perUser.get(p.user_id) ?? 0) + 1);
    }
    expect(wrong).toEqual([]);
    expect(Math.max(...perUser.values())).toBeLessThanOrEqual(60);
    expect(seed.users.some((u) => !perUser.has(u.id))).toBe(true);
  });
});

describe('jurisdictions', () => {
  it('are real places: county FIPS from geography.json, zips real, cities by name, counties by main county', () => {
    const counties = new Map(geo.counties.map((c) => [c[0], c]));
    for (const j of seed.jurisdictions) {
      const county = counties.get(j.county_fips);
      expect(county, j.name).toBeDefined();
      expect(county?.[1]).toBe(j.state);
      expect(j.rules.name).toBe(j.name);
      for (const z of j.zip_codes) {
        const info = zips.get(z);
        expect(info, `${j.name} ${z}`).toBeDefined();
        expect(info?.state).toBe(j.state);
        if (j.kind === 'county') expect(info?.county, `${j.name} ${z}`).toBe(j.county_fips);
      }
    }
    expect(new Set(seed.jurisdictions.map((j) => j.state)).size).toBeGreaterThanOrEqual(30);
    expect(seed.jurisdictions.filter((j) => j.kind === 'city').length).toBeGreaterThanOrEqual(20);
    expect(seed.jurisdictions.filter((j) => j.kind === 'county').length).toBeGreaterThanOrEqual(20);
    // Names repeat across states (two Orange Counties), never within one.
    const keys = seed.jurisdictions.map((j) => `${j.name}|${j.state}`);
    expect(new Set(keys).size).toBe(keys.length);
    const chicago = seed.jurisdictions.find((j) => j.name === 'City of Chicago');
    expect(chicago?.zip_codes).toContain('60614');
    expect(chicago?.county_fips).toBe('17031');
  });

  it('own each zip code at most once', () => {
    const all = seed.jurisdictions.flatMap((j) => j.zip_codes);
    expect(new Set(all).size).toBe(all.length);
  });

  it('carry their code family\'s rules, labelled as not read from the authority (issue 29)', () => {
    const rules = seed.jurisdictions.map((j) => jurisdictionRulesSchema.parse(j.rules));
    // Nothing invented: the sizing methods vary (what a central service would state), the rest is the code's.
    expect(new Set(rules.map((r) => `${r.sizing_methods.indoor}/${r.sizing_methods.outdoor}`)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(rules.map((r) => r.plumbing_code)).size).toBeGreaterThanOrEqual(5);
    for (const r of rules) {
      expect(r.source).toEqual({ status: 'code-family', authority: null, documents: [], not_read: [] });
      expect(r.unique_local_requirements.flagged, r.name).toBe(false);
      expect(r.drainage_period, r.name).toBe('two-minute');
      expect(r.fixture_flow_combination, r.name).toBe('sum');
      expect(r.required_accessories, r.name).toEqual([]);
      expect(r.pump_out_days, r.name).toEqual(DEFAULT_JURISDICTION_RULES.pump_out_days);
      expect(r.pump_out_accumulation_limit, r.name).toBeNull();
    }
    expect(new Set(seed.jurisdictions.map((j) => j.inside_trap_locations.join(','))).size).toBeGreaterThanOrEqual(3);
  });

  it('follow their real code family', () => {
    for (const j of seed.jurisdictions) {
      const code = j.rules.plumbing_code ?? '';
      // The 2.5 × cap is a UPC rule (UPC 1014.2.1): never in an IPC rule set; the IPC ladder only there.
      if (/\bIPC\b/.test(code)) {
        expect(j.rules.fixture_capacity_cap_factor, j.name).toBeNull();
        expect(j.rules.hgi_size_ladder, j.name).toBe('ipc');
      }
      if (/\bUPC\b|California Plumbing Code/.test(code)) {
        expect(j.rules.fixture_capacity_cap_factor, j.name).toBe(2.5);
        expect(j.rules.hgi_size_ladder, j.name).toBe('pdi');
      }
      // The meals method is UPC Appendix H: only UPC-family rule sets use it.
      if (Object.values(j.rules.sizing_methods).includes('gravity-by-meals')) expect(code, j.name).not.toMatch(/\bIPC\b/);
    }
  });

  it('have 1–4 invented contacts with example e-mails, fictional phones and a real office zip', () => {
    for (const j of seed.jurisdictions) {
      expect(j.contacts.length, j.name).toBeGreaterThanOrEqual(1);
      expect(j.contacts.length, j.name).toBeLessThanOrEqual(4);
      for (const c of j.contacts) {
        expect(c.email).toMatch(/^[a-z0-9._-]+@example\.(com|org)$/);
        expect(c.primary_phone_number).toMatch(FICTIONAL_PHONE);
        const office = zips.get(c.facility.postal_code);
        expect(office?.state).toBe(c.facility.state);
        expect(office?.city).toBe(c.facility.city);
        expect(j.zip_codes).toContain(c.facility.postal_code);
      }
    }
  });
});

describe('users', () => {
  it('have unique lower-case e-mails on example domains (unique across contacts too) and fictional phones', () => {
    const emails = seed.users.map((u) => u.email);
    for (const e of emails) expect(e).toMatch(/^[a-z0-9._-]+@example\.(com|net|org)$/);
    const contacts = seed.jurisdictions.flatMap((j) => j.contacts.map((c) => c.email));
    const all = [...emails, ...contacts];
    expect(new Set(all).size).toBe(all.length);
    for (const u of seed.users) if (u.phone_number !== null) expect(u.phone_number).toMatch(FICTIONAL_PHONE);
    expect(seed.users.filter((u) => u.phone_number === null).length).toBeGreaterThan(0);
    expect(seed.users.filter((u) => u.service_user).length / seed.users.length).toBeGreaterThan(0.8);
  });

  it('live at real zips and have consistent dates', () => {
    for (const u of seed.users) {
      expect(zips.has(u.postal_code), u.postal_code).toBe(true);
      for (const d of [u.registered, u.last_active, u.updated]) {
        expect(d).toMatch(DAY);
        expect(inDataRange(d), d).toBe(true);
      }
      expect(u.registered <= u.last_active).toBe(true);
      expect(u.registered <= u.updated).toBe(true);
    }
  });
});

describe('projects', () => {
  it('have real addresses (city, state and zip agree with geography.json) or none before pre-approval', () => {
    const { check, wrong } = wrongList();
    let withAddress = 0;
    for (const p of seed.projects) {
      const a = p.address;
      const label = `project ${p.id}`;
      if (a.postal_code === null) {
        check(a.street === null && a.street_2 === null && a.city === null && a.state === null, `${label}: part of an address`);
        check(p.submitted === null, `${label}: submitted without an address`);
        continue;
      }
      withAddress++;
      const info = zips.get(a.postal_code);
      check(info !== undefined, `${label}: no zip ${a.postal_code}`);
      check(a.city === info?.city && a.state === info?.state, `${label}: ${a.city}, ${a.state} is not ${a.postal_code}`);
      check(/^\d+ /.test(a.street ?? ''), `${label}: street ${a.street}`);
    }
    expect(wrong).toEqual([]);
    expect(withAddress / seed.projects.length).toBeGreaterThan(0.7);
  });

  it('fall under the jurisdiction that owns their zip', () => {
    const { check, wrong } = wrongList();
    let governed = 0;
    for (const p of seed.projects) {
      if (p.jurisdiction_id !== null) governed++;
      const zip = p.address.postal_code;
      if (zip === null) continue;
      check(p.jurisdiction_id === (ownerOfZip.get(zip)?.id ?? null), `project ${p.id} at ${zip}: jurisdiction ${p.jurisdiction_id}`);
    }
    expect(wrong).toEqual([]);
    expect(governed / seed.projects.length).toBeGreaterThan(0.4);
    expect(new Set(seed.projects.map((p) => p.jurisdiction_id)).size).toBeGreaterThan(100);
  });

  it('have dates consistent with their status', () => {
    const users = new Map(seed.users.map((u) => [u.id, u]));
    const { check, wrong } = wrongList();
    for (const p of seed.projects) {
      const label = `project ${p.id} (${p.status})`;
      for (const d of [p.created, p.submitted, p.approved, p.updated]) if (d !== null) check(inDataRange(d), `${label}: ${d} out of range`);
      check(p.updated >= p.created, `${label}: updated before created`);
      switch (p.status) {
        case 'Draft':
          check(p.submitted === null && p.approved === null, `${label}: submitted or approved`);
          break;
        case 'Submitted':
        case 'Pending':
          check(p.submitted !== null && p.approved === null, `${label}: not submitted, or approved`);
          break;
        case 'Closed':
          check(p.approved === null, `${label}: approved`);
          break;
        case 'Closed/Approved':
          check(p.submitted !== null && p.approved !== null, `${label}: not submitted or not approved`);
          check((p.approved ?? '') >= (p.submitted ?? ''), `${label}: approved before submitted`);
          break;
      }
      if (p.submitted !== null) {
        check(p.submitted >= p.created, `${label}: submitted before created`);
        check(p.updated >= p.submitted, `${label}: updated before submitted`);
      }
      if (p.approved !== null) check(p.updated >= p.approved, `${label}: updated before approved`);
      for (const n of p.notes) {
        check(p.submitted !== null, `${label}: a note before submission`);
        check(n.created >= (p.submitted ?? ''), `${label}: note ${n.id} before submitted`);
        check(n.created <= p.updated, `${label}: note ${n.id} after updated`);
      }
      const user = users.get(p.user_id);
      check(p.created >= (user?.registered ?? ''), `${label}: created before its user registered`);
      check(p.created <= (user?.last_active ?? ''), `${label}: created after its user was last active`);
      if (p.submitted !== null) check(p.submitted <= (user?.last_active ?? ''), `${label}: submitted after its user was last active`);
      if (p.status === 'Draft') check(p.updated <= (user?.last_active ?? ''), `${label}: updated after its user was last active`);
    }
    expect(wrong).toEqual([]);
    const closed = seed.projects.filter((p) => p.status === 'Closed');
    expect(closed.some((p) => p.submitted === null)).toBe(true);
    expect(closed.some((p) => p.submitted !== null)).toBe(true);
  });

  it('carry notes on about a fifth of the projects an administrator has seen', () => {
    const seen = seed.projects.filter((p) => p.submitted !== null && p.status !== 'Submitted');
    const share = seen.filter((p) => p.notes.length > 0).length / seen.length;
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.3);
    expect(Math.max(...seed.projects.map((p) => p.notes.length))).toBeLessThanOrEqual(3);
  });

  it('have realistic kitchen inputs', () => {
    const menus = new Set(MENU_TYPES.map((m) => m.key));
    const pipes = new Set(PIPE_SIZE_TABLE.map((r) => r.pipe_in));
    const { check, wrong } = wrongList();
    for (const p of seed.projects) {
      const i = p.inputs;
      const label = `project ${p.id}`;
      check(menus.has(i.menu_type), `${label}: menu ${i.menu_type}`);
      check(i.servings_per_day >= 50 && i.servings_per_day <= 2500, `${label}: ${i.servings_per_day} servings`);
      check(pipes.has(i.pipe_size_in), `${label}: pipe ${i.pipe_size_in}`);
      check(i.fixtures.length >= 2 && i.fixtures.length <= 10, `${label}: ${i.fixtures.length} fixtures`);
      for (const f of i.fixtures) check(FIXTURE_LIBRARY[f.kind] !== undefined, `${label}: fixture kind ${f.kind}`);
      if (i.installation_location === 'outdoors') check(i.inside_trap_location === null, `${label}: inside trap outdoors`);
      else {
        const j = p.jurisdiction_id === null ? undefined : jurisdictionById.get(p.jurisdiction_id);
        const allowed: (string | null)[] = j?.inside_trap_locations ?? ['kitchen', 'otherLocation'];
        check(i.inside_trap_location !== null && allowed.includes(i.inside_trap_location), `${label}: inside trap ${i.inside_trap_location}`);
      }
      check(i.buried ? i.burial_depth_in > 0 : i.burial_depth_in === 0, `${label}: buried ${i.buried} at ${i.burial_depth_in} in`);
      const methods = Object.values(rulesOf(p).sizing_methods);
      check((i.meals !== undefined) === (p.jurisdiction_id !== null && methods.includes('gravity-by-meals')), `${label}: meals given or missing`);
    }
    expect(wrong).toEqual([]);
    const all = seed.projects.map((p) => p.inputs);
    expect(all.filter((i) => i.pipe_size_in === 4).length / all.length).toBeGreaterThan(0.6);
    const pumpOut = new Set(all.map((i) => i.pump_out_target_days));
    for (const days of [30, 60, 90]) expect(pumpOut.has(days)).toBe(true);
    expect(all.filter((i) => i.installation_location === 'outdoors').length).toBeGreaterThan(1000);
    expect(all.filter((i) => i.meals !== undefined).length).toBeGreaterThan(100);
    const fixtures = all.flatMap((i) => i.fixtures);
    expect(fixtures.filter((f) => f.uses_typical_dimensions).length / fixtures.length).toBeGreaterThan(0.8);
    expect(fixtures.some((f) => !f.uses_typical_dimensions)).toBe(true);
    expect(all.filter((i) => i.fixtures.some((f) => f.kind === 'three-compartment-sink')).length / all.length).toBeGreaterThan(0.6);
  });
});

describe('sizing engine on the demo projects', () => {
  it('sizes a sample of 50 projects with their jurisdiction rules without throwing', () => {
    const step = Math.floor(seed.projects.length / 50);
    const sample = seed.projects.filter((_, i) => i % step === 0).slice(0, 50);
    expect(sample).toHaveLength(50);
    for (const p of sample) {
      const sizing = sizeProject(p.inputs, [], rulesOf(p));
      const label = `project ${p.id}`;
      expect(Number.isFinite(sizing.flow_rate.sized_by.value), label).toBe(true);
      expect(sizing.flow_rate.sized_by.value, label).toBeGreaterThan(0);
      expect(sizing.flow_rate.pipe.value, label).toBeGreaterThan(0);
      expect(sizing.grease.per_day.weight.value, label).toBeGreaterThan(0);
      expect(sizing.grease.per_30_days.weight.value, label).toBeGreaterThanOrEqual(sizing.grease.per_day.weight.value);
      expect(sizing.fixtures, label).toHaveLength(p.inputs.fixtures.length);
      expect(sizing.recommended_product, label).toBeNull();
    }
  });
});
