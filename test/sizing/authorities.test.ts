/**
 * The authority library (resources/authorities/): each authority's rules as its own published
 * page or ordinance states them, run through the engine. Every expected figure is the source's
 * (a minimum volume, a retention time, a fixture-unit value, a pump-out interval), cited in the
 * test's name; none of the pages read prints a worked example of its own (docs/sizing.md).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAuthorityLibrary } from '../../src-main/store/authority-library';
import {
  EXAMPLE_JURISDICTION_RULES as RULES,
  authorityNameKey,
  authorityRules,
  codeFamilyRules,
  describeRulesSource,
  effectiveRules,
  jurisdictionRulesSchema,
  matchAuthority,
  maxUnits,
  sizeProject,
  type AuthorityFile,
  type FixtureInput,
  type JurisdictionRules,
  type ProjectInputs,
  type SizingCandidateInput,
} from '../../src-shared/sizing';
import { peopleSeed } from '../helpers/resources';
import { GRAVITY_TANKS, STANDARD_HGIS, gravityTank, standardHgi } from './sample-catalog';

const library = loadAuthorityLibrary(path.resolve(import.meta.dirname, '../../resources'));
const byKey = (key: string): AuthorityFile => {
  const a = library.find((x) => x.key === key);
  if (!a) throw new Error(`no authority ${key}`);
  return a;
};
/** The authority's rules for a jurisdiction stating only its name, plumbing code and methods. */
const rulesOf = (key: string, stated: { name: string; plumbing_code: string | null; sizing_methods?: JurisdictionRules['sizing_methods'] }) =>
  authorityRules(byKey(key), codeFamilyRules(stated));

const kitchen: ProjectInputs = { menu_type: 'casual-dining', servings_per_day: 0 };
const buried = { installation_location: 'outdoors', buried: true } as const;

describe('the library', () => {
  it('every authority names its documents with their address, section and the date read, and what was not read', () => {
    expect(library.length).toBeGreaterThanOrEqual(30);
    for (const a of library) {
      expect(a.documents.length, a.key).toBeGreaterThan(0);
      for (const d of a.documents) {
        expect(d.url, a.key).toMatch(/^https?:\/\//);
        expect(d.read, a.key).toBe('2026-11-26');
        expect(d.read_from, a.key).toContain(d.url.replace(/^https?:\/\//, '').split('/')[0]!);
      }
      const rules = authorityRules(a, codeFamilyRules({ name: 'x', plumbing_code: null }));
      expect(rules.source.status).toBe('authority');
      expect(rules.name).toBe(a.authority);
    }
  });

  it('each authority attaches to a jurisdiction of the embedded data set by name and state', () => {
    const seed = peopleSeed().jurisdictions;
    for (const a of library) {
      const attached = seed.filter((j) => matchAuthority(library, { name: j.name, state: j.state }) === a);
      expect(attached.length, a.key).toBeGreaterThan(0);
    }
    // Pima County's department serves Tucson too.
    expect(seed.filter((j) => matchAuthority(library, { name: j.name, state: j.state })?.key === 'pima-county-rwrd').map((j) => j.name).sort()).toEqual(['City of Tucson', 'Pima County']);
  });

  it('attaches by who the jurisdiction is, however it is written, and never across states', () => {
    expect(matchAuthority(library, { name: 'AUSTIN, CITY OF', state: 'tx' })?.key).toBe('austin-water');
    expect(matchAuthority(library, { name: 'City of Austin', state: 'MN' })).toBeNull();
    expect(matchAuthority(library, { name: 'City of Austin', state: null })).toBeNull();
    expect(matchAuthority(library, { name: 'Orange County', state: 'FL' })?.key).toBe('orange-county-fl-utilities');
    expect(matchAuthority(library, { name: 'Orange County', state: 'CA' })).toBeNull();
    expect(authorityNameKey('City and County of Denver')).toBe(authorityNameKey('Denver'));
  });

  it('or by the zip codes it governs: most of them in the places the authority serves', () => {
    const austin = { city: 'Austin', county_fips: '48453' };
    const lakeway = { city: 'Lakeway', county_fips: '48453' };
    expect(matchAuthority(library, { name: 'Austin Water Utility District', state: 'TX', zips: [austin, austin, lakeway] })?.key).toBe('austin-water');
    expect(matchAuthority(library, { name: 'Travis County', state: 'TX', zips: [austin, lakeway, lakeway] })).toBeNull();
  });

  it('a jurisdiction no authority matches keeps its code family\'s rules, labelled as not read', () => {
    // Rules stored before issue 29 varied per jurisdiction; they were not read, so they go.
    const varied = jurisdictionRulesSchema.parse({ ...RULES.ipcStrict, name: 'City of Springfield', plumbing_code: 'IPC', pump_out_days: { min: 14, max: 60 }, max_identical_units: 6 });
    const rules = effectiveRules(varied, null);
    expect(rules).toMatchObject({ name: 'City of Springfield', plumbing_code: 'IPC', hgi_size_ladder: 'ipc', drainage_period: 'two-minute', pump_out_days: { min: 30, max: 90 }, max_identical_units: 4 });
    expect(rules.sizing_methods).toEqual(varied.sizing_methods);
    const said = describeRulesSource(rules);
    expect(said).toMatchObject({ status: 'code-family', verified: false, documents: [] });
    expect(said.summary).toMatch(/City of Springfield's own rules have not been read: these are the rules of its plumbing code \(IPC/);
  });
});

describe('Austin Water, Grease Trap Sizing Criteria (austintexas.gov, read 2026-11-26)', () => {
  const austin = rulesOf('austin-water', { name: 'City of Austin', plumbing_code: 'UPC' });

  it('one 2 in floor drain: 2 FU × 3 GPM × 12 min = 72 gal, below the 100 gal Austin approves: 100 gal', () => {
    const r = sizeProject({ ...kitchen, fixtures: [{ kind: 'floor-drain' }] }, GRAVITY_TANKS, austin);
    expect(r.flow_rate.dfu).toBe(2);
    expect(r.derivation.find((s) => s.key === 'volume.formula')?.result.value).toBe(72);
    expect(r.required_volume?.volume.standard.value).toBe(100);
  });

  it('3-compartment sink 4 + dishwasher 6 (3 in) + 2 floor drains × 2 + directly connected hand sink 0 = 14 FU → 42 GPM → 504 gal', () => {
    const fixtures: FixtureInput[] = [{ kind: 'three-compartment-sink' }, { kind: 'dishwasher' }, { kind: 'floor-drain' }, { kind: 'floor-drain' }, { kind: 'hand-sink' }];
    const r = sizeProject({ ...kitchen, ...buried, fixtures }, GRAVITY_TANKS, austin);
    expect(r.flow_rate.dfu).toBe(14);
    expect(r.required_volume?.volume.standard.value).toBe(14 * 3 * 12);
    expect(r.sizing_method).toBe('gravity-by-formula');
  });

  it('a fixture drained through a 3 in floor sink counts its entered 6 FU', () => {
    const r = sizeProject({ ...kitchen, fixtures: [{ kind: 'three-compartment-sink', dfu: 6 }] }, GRAVITY_TANKS, austin);
    expect(r.required_volume?.volume.standard.value).toBe(6 * 3 * 12);
  });

  it('garbage disposals and grinders are prohibited: nothing is recommended while one is connected', () => {
    const r = sizeProject({ ...kitchen, ...buried, fixtures: [{ kind: 'floor-drain' }, { kind: 'food-waste-disposer' }] }, GRAVITY_TANKS, austin);
    expect(r.recommendation.no_recommendation?.code).toBe('fixture_not_permitted');
  });

  it('City Code § 15-10-197: pumped at least every 90 days, sooner when grease and solids reach 50 % of the wetted height', () => {
    expect(austin.pump_out_days.max).toBe(90);
    const tank = { ...gravityTank(1000, 0), ratings: [] };
    // 25 lb a day; the 1,000 gal tank may fill half its volume: 1,000 × 0.5 × 7.3 lb/gal = 3,650 lb → 146 days, held to 90.
    const r = sizeProject({ ...kitchen, ...buried, servings_per_day: 1000, fixtures: [{ kind: 'floor-drain' }] }, [tank], austin);
    expect(r.recommendation.rating?.storage_lbs).toBeCloseTo(1000 * 0.5 * 7.3, 6);
    expect(r.pump_out_cycle).toBe(90);
  });

  it('the rules say where they come from, in plain words', () => {
    const said = describeRulesSource(austin);
    expect(said.verified).toBe(true);
    expect(said.summary).toMatch(/^Rules read from Austin Water \(City of Austin\)'s own published rules: Austin Water, Grease Trap Sizing Criteria \(/);
    expect(said.documents[0]?.url).toBe('https://austintexas.gov/department/grease-trap-sizing-criteria');
  });
});

describe('Chicago Municipal Code 18-29-1003.3 (codelibrary.amlegal.com, read 2026-11-26)', () => {
  const chicago = rulesOf('chicago-water-management', { name: 'City of Chicago', plumbing_code: 'Chicago Plumbing Code' });
  it('18-29-1003.3.7: a gravity interceptor holds the peak drain flow × 30 minutes: 50 GPM → 1,500 gal', () => {
    const r = sizeProject({ ...kitchen, ...buried, pipe_size_in: 6, fixtures: [{ kind: 'custom', gpm: 50 }] }, GRAVITY_TANKS, chicago);
    expect(r.required_volume?.volume.standard.value).toBe(1500);
  });
  it('18-29-1003.3.1: dishwashers (without prerinse sinks) drain to the interceptor', () => {
    const r = sizeProject({ ...kitchen, fixtures: [{ kind: 'dishwasher' }] }, STANDARD_HGIS, chicago);
    expect(r.excluded_fixtures).toEqual([]);
    expect(r.warnings.map((w) => w.code)).not.toContain('dishwasher_needs_permission');
  });
});

describe('Pima County Code 13.36.420 (codelibrary.amlegal.com, read 2026-11-26)', () => {
  const pima = rulesOf('pima-county-rwrd', { name: 'City of Tucson', plumbing_code: 'IPC' });
  const hgi25 = standardHgi(25, 900);
  const catalog: SizingCandidateInput[] = [standardHgi(10, 500), standardHgi(20, 700), hgi25, ...GRAVITY_TANKS.map((t) => ({ ...t, installation_options: { ...t.installation_options, indoors_buried: true } }))];

  it('A: four or fewer fixtures may drain to a hydromechanical interceptor rated at least 25 GPM (50 lb), with a sampling port', () => {
    const r = sizeProject({ ...kitchen, fixtures: [{ kind: 'hand-sink' }, { kind: 'floor-drain' }] }, catalog, pima);
    expect(r.sizing_method).toBe('hydromechanical-by-flow');
    expect(r.flow_rate.sized_by.value).toBeLessThan(10);
    expect(r.recommendation.design.required_rating_gpm).toBe(25);
    expect(r.recommendation.product?.id).toBe(hgi25.id);
    expect(r.recommended_accessories.map((a) => a.kind)).toContain('sampling-port');
  });

  it('A: five fixtures, or a dishwasher, need a gravity interceptor, of at least 300 gallons (B)', () => {
    const five: FixtureInput[] = Array.from({ length: 5 }, () => ({ kind: 'floor-drain' as const }));
    const r = sizeProject({ ...kitchen, ...buried, fixtures: five }, catalog, pima);
    expect(r.sizing_method).not.toBe('hydromechanical-by-flow');
    expect(r.warnings.find((w) => w.code === 'hydromechanical_not_allowed')?.message).toMatch(/5 fixtures drain to it \(a hydromechanical interceptor is allowed for 4 or fewer\)/);
    expect(r.required_volume?.volume.standard.value).toBeGreaterThanOrEqual(300);
    const dishwasher = sizeProject({ ...kitchen, ...buried, fixtures: [{ kind: 'dishwasher' }] }, catalog, pima);
    expect(dishwasher.warnings.find((w) => w.code === 'hydromechanical_not_allowed')?.message).toMatch(/a dishwasher is connected/);
    expect(dishwasher.warnings.find((w) => w.code === 'hydromechanical_not_allowed')?.source).toBe('Pima County Code 13.36.420 A');
  });
});

describe('pump-out and the 25 % rule', () => {
  const tank = { ...gravityTank(1000, 0), ratings: [] };
  const busy = { ...kitchen, ...buried, servings_per_day: 400, fixtures: [{ kind: 'floor-drain' as const }] };
  it.each([
    ['dallas-water-utilities', 'City of Dallas', 90],
    ['houston-public-works', 'City of Houston', 90],
  ])('%s: pumped out at least every 90 days, sooner at 25 %% of the wetted height', (key, name, days) => {
    const rules = rulesOf(key, { name, plumbing_code: 'IPC', sizing_methods: { indoor: 'gravity-by-peak-flow', outdoor: 'gravity-by-peak-flow' } });
    expect(rules.pump_out_days.max).toBe(days);
    const r = sizeProject(busy, [tank], rules);
    expect(r.recommendation.rating?.storage_lbs).toBeCloseTo(1000 * 0.25 * 7.3, 6);
  });
  it.each([
    ['san-antonio-water-system', 'City of San Antonio'],
    ['seattle-public-utilities', 'City of Seattle'],
  ])('%s: a device holding 25 %% of its volume (wetted height) in grease and food waste is due', (key, name) => {
    const rules = rulesOf(key, { name, plumbing_code: 'UPC', sizing_methods: { indoor: 'gravity-by-dfu', outdoor: 'gravity-by-dfu' } });
    expect(sizeProject(busy, [tank], rules).recommendation.rating?.storage_lbs).toBeCloseTo(1000 * 0.25 * 7.3, 6);
  });
  it('Orange County, FL: pumped out at least once every 90 days; an exterior gravity interceptor, indoors too', () => {
    const rules = rulesOf('orange-county-fl-utilities', { name: 'Orange County', plumbing_code: 'Florida Building Code – Plumbing' });
    expect(rules.pump_out_days.max).toBe(90);
    expect(sizeProject({ ...kitchen, fixtures: [{ kind: 'floor-drain' }] }, GRAVITY_TANKS, rules).sizing_method).toBe('gravity-by-peak-flow');
  });
});

describe('Sewerage and Water Board of New Orleans (nola.gov Grease Trap and/or Interceptor Discharge Permit; the Board\'s "Grease Traps 101" leaflet as posted on docslib.org, read 2026-11-26)', () => {
  const nola = rulesOf('sewerage-and-water-board-new-orleans', { name: 'City of New Orleans', plumbing_code: 'Louisiana State Plumbing Code', sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'gravity-by-dfu' } });
  it('Section 16.5: maintained at 25 % of the design capacity or a minimum of quarterly; the engine\'s 90-day bound is the stricter', () => {
    expect(nola.pump_out_days.max).toBe(91);
    const tank = { ...gravityTank(1000, 0), ratings: [] };
    const idle = sizeProject({ ...kitchen, ...buried, fixtures: [{ kind: 'floor-drain' }] }, [tank], nola);
    expect(idle.pump_out_cycle).toBe(90);
    const busy = sizeProject({ ...kitchen, ...buried, servings_per_day: 400, fixtures: [{ kind: 'floor-drain' }] }, [tank], nola);
    expect(busy.recommendation.rating?.storage_lbs).toBeCloseTo(1000 * 0.25 * 7.3, 6);
  });
  it('all new FSEs install a grease interceptor: a gravity interceptor, indoors too', () => {
    expect(sizeProject({ ...kitchen, fixtures: [{ kind: 'three-compartment-sink' }] }, GRAVITY_TANKS, nola).sizing_method).toBe('gravity-by-dfu');
  });
});

describe('Jefferson Parish Code § 27-152 (jeffersonparish-la.elaws.us; (2) as quoted by a hauler, neworleansgreasetrapcleaning.com, read 2026-11-26)', () => {
  const jp = rulesOf('jefferson-parish-environmental-affairs', { name: 'Jefferson Parish', plumbing_code: 'Louisiana State Plumbing Code', sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'gravity-by-dfu' } });
  const sinks: FixtureInput[] = [{ kind: 'three-compartment-sink' }];
  it('(2): grease traps emptied at intervals of not longer than thirty days; gravity interceptors keep the 90-day bound', () => {
    const trap = sizeProject({ ...kitchen, fixtures: sinks }, STANDARD_HGIS, jp);
    expect(trap.sizing_method).toBe('hydromechanical-by-flow');
    expect(trap.pump_out_cycle).toBe(30);
    expect(sizeProject({ ...kitchen, ...buried, fixtures: sinks }, GRAVITY_TANKS, jp).pump_out_cycle).toBe(90);
  });
});

describe('Anne Arundel County DPW, Pretreatment Program: Commercial Establishments (aacounty.org, read 2026-11-26)', () => {
  const aa = rulesOf('anne-arundel-county-public-works', { name: 'Anne Arundel County', plumbing_code: 'IPC', sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'gravity-by-peak-flow' } });
  it('at minimum a 500 gallon grease interceptor, located outside: a 10 GPM kitchen gets 500 gal, never a 300 gal tank; a gravity interceptor even when the kitchen asks indoors', () => {
    const fixtures: FixtureInput[] = [{ kind: 'custom', gpm: 10 }];
    expect(sizeProject({ ...kitchen, fixtures }, GRAVITY_TANKS, aa).sizing_method).toBe('gravity-by-peak-flow');
    const r = sizeProject({ ...kitchen, ...buried, fixtures }, [gravityTank(300, 1200), ...GRAVITY_TANKS], aa);
    expect(r.required_volume?.volume.standard.value).toBe(500);
    expect(r.recommendation.chosen?.totals.liquid_capacity_gal).toBe(500);
  });
  it('an oil and fat layer making up 25 % of the tank: pumped', () => {
    const tank = { ...gravityTank(1000, 0), ratings: [] };
    const r = sizeProject({ ...kitchen, ...buried, servings_per_day: 400, fixtures: [{ kind: 'floor-drain' }] }, [tank], aa);
    expect(r.recommendation.rating?.storage_lbs).toBeCloseTo(1000 * 0.25 * 7.3, 6);
  });
});

describe('Portland BES FOG rules ENB-4.26 (portlandoregon.gov, read 2026-11-26)', () => {
  const portland = rulesOf('portland-environmental-services', { name: 'City of Portland', plumbing_code: 'Oregon Plumbing Specialty Code', sizing_methods: { indoor: 'gravity-by-dfu', outdoor: 'gravity-by-dfu' } });
  it('a sampling access point where the interceptors hold 500 gallons or more, not below', () => {
    const small = sizeProject({ ...kitchen, ...buried, fixtures: [{ kind: 'floor-drain' }] }, [gravityTank(300, 1000), gravityTank(500, 2000)], portland);
    expect(small.recommendation.chosen?.totals.liquid_capacity_gal).toBe(500);
    expect(small.recommended_accessories.map((a) => a.kind)).toContain('sampling-port');
    const trap = { ...standardHgi(20, 600), liquid_capacity_gal: 40 };
    const tiny = sizeProject({ ...kitchen, fixtures: [{ kind: 'floor-drain' }] }, [trap], { ...portland, sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'hydromechanical-by-flow' } });
    expect(tiny.recommendation.chosen?.totals.liquid_capacity_gal).toBe(40);
    expect(tiny.recommended_accessories.map((a) => a.kind)).not.toContain('sampling-port');
  });
});

describe('gravity interceptors required', () => {
  it('Clark County Water Reclamation District: in-ground gravity interceptors, sized by the UPC (1014.3.6: 12 DFU → 750 gal), indoors too', () => {
    const clark = rulesOf('clark-county-water-reclamation', { name: 'Clark County', plumbing_code: 'Southern Nevada Plumbing Code' });
    const fixtures: FixtureInput[] = Array.from({ length: 4 }, () => ({ kind: 'three-compartment-sink' as const }));
    const r = sizeProject({ ...kitchen, installation_location: 'indoors', buried: true, fixtures }, GRAVITY_TANKS, clark);
    expect(r.sizing_method).toBe('gravity-by-dfu');
    expect(r.flow_rate.dfu).toBe(12);
    expect(r.required_volume?.volume.standard.value).toBe(750);
  });
  it('City and County of Denver: a two-compartment gravity interceptor of at least 800 gallons', () => {
    const denver = rulesOf('denver-wastewater', { name: 'City and County of Denver', plumbing_code: 'Denver Plumbing Code' });
    const r = sizeProject({ ...kitchen, ...buried, fixtures: [{ kind: 'custom', gpm: 10 }] }, GRAVITY_TANKS, denver);
    expect(r.sizing_method).toBe('gravity-by-peak-flow');
    expect(r.derivation.find((s) => s.key === 'volume.peak-flow')?.result.value).toBe(300); // 10 GPM × 30 min
    expect(r.required_volume?.volume.standard.value).toBe(800);
    expect(denver.required_compartments).toEqual([{ from_volume_gal: 0, compartments: 2 }]);
  });
});

describe('NYC DEP, Grease Guidelines for Businesses (nyc.gov, read 2026-11-26)', () => {
  it('food waste disposers are not allowed for commercial establishments', () => {
    const nyc = rulesOf('nyc-environmental-protection', { name: 'New York City', plumbing_code: 'NYC Plumbing Code' });
    const r = sizeProject({ ...kitchen, food_waste_disposer: true, fixtures: [{ kind: 'three-compartment-sink' }] }, STANDARD_HGIS, nyc);
    expect(r.recommendation.no_recommendation?.code).toBe('fixture_not_permitted');
    expect(describeRulesSource(nyc).summary).toMatch(/Not read, so the NYC Plumbing Code applies: the sizing tables of 15 RCNY 19-11/);
  });
});

describe('Johnson County Wastewater, Interceptor Design, Inspection, and Operation Requirements (jocogov.org, read 2026-11-26)', () => {
  const jcw = rulesOf('johnson-county-wastewater', { name: 'Johnson County', plumbing_code: 'IPC', sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'hydromechanical-by-flow' } });

  it('Design 1: 30 minutes\' detention of the peak flow, at least 1,000 gallons: 10 GPM → 300 gal → 1,000 gal; 50 GPM → 1,500 gal', () => {
    const small = sizeProject({ ...kitchen, ...buried, fixtures: [{ kind: 'custom', gpm: 10 }] }, GRAVITY_TANKS, jcw);
    expect(small.sizing_method).toBe('gravity-by-peak-flow');
    expect(small.derivation.find((s) => s.key === 'volume.peak-flow')?.result.value).toBe(300);
    expect(small.required_volume?.volume.standard.value).toBe(1000);
    const large = sizeProject({ ...kitchen, ...buried, pipe_size_in: 6, fixtures: [{ kind: 'custom', gpm: 50 }] }, GRAVITY_TANKS, jcw);
    expect(large.required_volume?.volume.standard.value).toBe(1500);
  });

  it('Design 1 and the acceptance criteria 4.b: at most 2,000 gallons, one stand-alone unit: 80 GPM (2,400 gal) gets no unit', () => {
    const r = sizeProject({ ...kitchen, ...buried, pipe_size_in: 6, fixtures: [{ kind: 'custom', gpm: 80 }] }, GRAVITY_TANKS, jcw);
    expect(r.recommendation.chosen).toBeNull();
    expect(maxUnits(jcw, 'gravity')).toBe(1);
  });

  it('Design 3 and 4: a sample port riser; hand sinks not connected; garbage disposals prohibited', () => {
    const r = sizeProject({ ...kitchen, ...buried, fixtures: [{ kind: 'three-compartment-sink' }, { kind: 'hand-sink' }] }, GRAVITY_TANKS, jcw);
    expect(r.recommended_accessories.map((a) => a.kind)).toContain('sampling-port');
    expect(r.excluded_fixtures.map((f) => f.kind)).toEqual(['hand-sink']);
    const grinder = sizeProject({ ...kitchen, ...buried, food_waste_disposer: true, fixtures: [{ kind: 'three-compartment-sink' }] }, GRAVITY_TANKS, jcw);
    expect(grinder.recommendation.no_recommendation?.code).toBe('fixture_not_permitted');
  });
});

describe('Gwinnett County DWR, Grease Trap Formula (a copy on scribd.com, read 2026-11-26)', () => {
  const gwinnett = rulesOf('gwinnett-county-water-resources', { name: 'Gwinnett County', plumbing_code: 'IPC' });

  it('its example: 75 seats × 25 gal × 12 h × 1.0 ÷ 12 = 1,875 gal: two 1,500 gallon interceptors in series', () => {
    const r = sizeProject({ ...kitchen, ...buried, meals: { seats: 75, hours_of_operation: 12 } }, GRAVITY_TANKS, gwinnett);
    expect(r.sizing_method).toBe('gravity-by-formula');
    expect(r.derivation.find((s) => s.key === 'volume.formula')?.result.value).toBeCloseTo(1875, 6);
    expect(r.recommendation.chosen?.name).toBe('GGI 1500 gal');
    expect(r.recommendation.chosen?.units).toBe(2);
    expect(r.recommendation.chosen?.arrangement).toBe('series');
    // Each unit is a 1,500 gallon one: 2 × 1,000 gal would hold the volume but is not allowed.
    expect(r.recommendation.failed.find((f) => f.id === 'ggi-1000')?.failures.map((f) => f.code)).toContain('unit_volume');
  });

  it('only 1,500 gallon interceptors: a small kitchen (20 seats, 8 h: 333 gal) still gets one 1,500 gallon unit', () => {
    const r = sizeProject({ ...kitchen, ...buried, meals: { seats: 20, hours_of_operation: 8 } }, GRAVITY_TANKS, gwinnett);
    expect(r.recommendation.chosen?.name).toBe('GGI 1500 gal');
    expect(r.recommendation.chosen?.units).toBe(1);
  });
});

describe('Cobb County Code § 122-188 (cobbcounty.elaws.us, read 2026-11-26)', () => {
  const cobb = rulesOf('cobb-county-water-system', { name: 'Cobb County', plumbing_code: 'IPC', sizing_methods: { indoor: 'gravity-by-peak-flow', outdoor: 'gravity-by-peak-flow' } });
  it('a gravity interceptor of 750 to 3,000 gallons with 30 minutes\' retention: 10 GPM → 300 gal → 750 gal; 40 GPM → 1,200 gal', () => {
    expect(sizeProject({ ...kitchen, ...buried, fixtures: [{ kind: 'custom', gpm: 10 }] }, GRAVITY_TANKS, cobb).required_volume?.volume.standard.value).toBe(750);
    expect(sizeProject({ ...kitchen, ...buried, pipe_size_in: 6, fixtures: [{ kind: 'custom', gpm: 40 }] }, GRAVITY_TANKS, cobb).required_volume?.volume.standard.value).toBe(1200);
    expect(cobb.gravity_unit_volume_gal).toEqual({ min: 750, max: 3000 });
  });
});

describe('a dishwasher sends the kitchen to a gravity interceptor', () => {
  it.each([
    ['knoxville-utilities-board', 'City of Knoxville', 'IPC', /^KUB Grease Control Program/],
    ['boston-water-and-sewer-commission', 'City of Boston', 'Massachusetts 248 CMR', /^BWSC Commercial Kitchen Grease Trap Guidelines: dishwashers, outside trap only/],
  ])('%s: a hydromechanical interceptor without a dishwasher, a gravity one with it', (key, name, code, source) => {
    const rules = rulesOf(key, { name, plumbing_code: code, sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'hydromechanical-by-flow' } });
    const sinks = sizeProject({ ...kitchen, fixtures: [{ kind: 'three-compartment-sink' }] }, STANDARD_HGIS, rules);
    expect(sinks.sizing_method).toBe('hydromechanical-by-flow');
    const r = sizeProject({ ...kitchen, ...buried, fixtures: [{ kind: 'three-compartment-sink' }, { kind: 'dishwasher' }] }, GRAVITY_TANKS, rules);
    expect(r.sizing_method).toBe('gravity-by-peak-flow');
    const note = r.warnings.find((w) => w.code === 'hydromechanical_not_allowed');
    expect(note?.message).toMatch(/a dishwasher is connected/);
    expect(note?.source).toMatch(source);
  });
});

describe('pump-out intervals and the 25 % rule of more authorities (read 2026-11-26)', () => {
  const tank = { ...gravityTank(1000, 0), ratings: [] };
  const busy = { ...kitchen, ...buried, servings_per_day: 400, fixtures: [{ kind: 'floor-drain' as const }] };
  const gravity = { indoor: 'gravity-by-peak-flow', outdoor: 'gravity-by-peak-flow' } as const;

  it('JEA Commercial FOG Program: an interceptor of 750 gallons or more at least every 90 days, or at 25 % of the tank volume', () => {
    const jea = rulesOf('jea', { name: 'City of Jacksonville', plumbing_code: 'Florida Building Code – Plumbing', sizing_methods: gravity });
    expect(jea.pump_out_days.max).toBe(90);
    expect(sizeProject(busy, [tank], jea).recommendation.rating?.storage_lbs).toBeCloseTo(1000 * 0.25 * 7.3, 6);
  });

  it('Fairfax County (Health Department newsletter; Wastewater Management notice): cleaned before grease and solids pass 25 % of the capacity', () => {
    const fairfax = rulesOf('fairfax-county-wastewater', { name: 'Fairfax County', plumbing_code: 'Virginia Plumbing Code', sizing_methods: gravity });
    expect(sizeProject(busy, [tank], fairfax).recommendation.rating?.storage_lbs).toBeCloseTo(1000 * 0.25 * 7.3, 6);
  });

  it('City of Tampa Grease Ordinance FAQ: pumped when grease and solids displace more than 25 % of the capacity', () => {
    const tampa = rulesOf('tampa-wastewater', { name: 'City of Tampa', plumbing_code: 'Florida Building Code – Plumbing', sizing_methods: gravity });
    expect(sizeProject(busy, [tank], tampa).recommendation.rating?.storage_lbs).toBeCloseTo(1000 * 0.25 * 7.3, 6);
  });

  it.each([
    ['charleston-water-system', 'City of Charleston', 'IPC', 91],
    ['lexington-fayette-water-quality', 'Lexington-Fayette Urban County Government', 'Kentucky State Plumbing Code', 182],
    ['palm-beach-county-water-utilities', 'Palm Beach County', 'Florida Building Code – Plumbing', 365],
  ])('%s (%s, %s): pumped at least every %i days (four times a year; every six months; annually); the engine\'s 90-day bound is the stricter', (key, name, code, days) => {
    const rules = rulesOf(key, { name, plumbing_code: code as string, sizing_methods: gravity });
    expect(rules.pump_out_days.max).toBe(days);
    // No grease entered: the cycle is the longest interval allowed.
    const r = sizeProject({ ...kitchen, ...buried, fixtures: [{ kind: 'floor-drain' }] }, [tank], rules);
    expect(r.pump_out_cycle).toBe(90);
  });
});

describe('Spokane Municipal Code 13.03.0508 (my.spokanecity.org, read 2026-11-26): pump-out by the kind of interceptor', () => {
  const spokane = rulesOf('spokane-wastewater', { name: 'City of Spokane', plumbing_code: 'Washington State Plumbing Code (UPC)', sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'gravity-by-dfu' } });
  const sinks: FixtureInput[] = [{ kind: 'three-compartment-sink' }];

  it('B(1): a hydromechanical interceptor at least every 30 days; B(2): a gravity one every 90', () => {
    // No grease entered: each cycle is the longest interval its kind allows.
    const hgi = sizeProject({ ...kitchen, fixtures: sinks }, STANDARD_HGIS, spokane);
    expect(hgi.sizing_method).toBe('hydromechanical-by-flow');
    expect(hgi.pump_out_cycle).toBe(30);
    const ggi = sizeProject({ ...kitchen, ...buried, fixtures: sinks }, GRAVITY_TANKS, spokane);
    expect(ggi.sizing_method).toBe('gravity-by-dfu');
    expect(ggi.pump_out_cycle).toBe(90);
  });

  it('a hydromechanical unit needs only 30 days of grease, whatever pump-out the rep asks for', () => {
    // 200 servings a day of casual dining; the rep asks for 90 days.
    const r = sizeProject({ ...kitchen, servings_per_day: 200, pump_out_target_days: 90, fixtures: sinks }, STANDARD_HGIS, spokane);
    expect(r.recommendation.design.pump_out_target_days).toBe(30);
    expect(r.recommendation.design.required_grease_lbs).toBeCloseTo(r.recommendation.design.grease_per_day_lbs * 30, 9);
  });

  it('both kinds: cleaned when grease and solids fill 25 % of the capacity', () => {
    const tank = { ...gravityTank(1000, 0), ratings: [] };
    const r = sizeProject({ ...kitchen, ...buried, servings_per_day: 400, fixtures: sinks }, [tank], spokane);
    expect(r.recommendation.rating?.storage_lbs).toBeCloseTo(1000 * 0.25 * 7.3, 6);
  });
});

describe('Pima County Code 13.36.420 A: hydromechanical interceptors cleaned at least monthly', () => {
  it('a hydromechanical interceptor\'s cycle is at most 30 days', () => {
    const pima = rulesOf('pima-county-rwrd', { name: 'City of Tucson', plumbing_code: 'IPC' });
    const r = sizeProject({ ...kitchen, fixtures: [{ kind: 'hand-sink' }, { kind: 'floor-drain' }] }, [standardHgi(25, 900)], pima);
    expect(r.sizing_method).toBe('hydromechanical-by-flow');
    expect(r.pump_out_cycle).toBe(30);
  });
});

describe('City of Greensboro Water Resources, Grease Interceptor Requirements (greensboro-nc.gov, read 2026-11-26)', () => {
  it('a food waste grinder discharges to the building drain, not through the interceptor: it adds nothing to the load', () => {
    const greensboro = rulesOf('greensboro-water-resources', { name: 'City of Greensboro', plumbing_code: 'North Carolina State Plumbing Code', sizing_methods: { indoor: 'gravity-by-peak-flow', outdoor: 'gravity-by-peak-flow' } });
    const fixtures: FixtureInput[] = [{ kind: 'three-compartment-sink' }, { kind: 'food-waste-disposer' }];
    const r = sizeProject({ ...kitchen, ...buried, food_waste_disposer: true, fixtures }, GRAVITY_TANKS, greensboro);
    expect(r.excluded_fixtures.map((f) => f.kind)).toEqual(['food-waste-disposer']);
    const without = sizeProject({ ...kitchen, ...buried, fixtures: [{ kind: 'three-compartment-sink' }] }, GRAVITY_TANKS, greensboro);
    expect(r.required_volume).toEqual(without.required_volume);
    expect(r.recommendation.no_recommendation).toBeNull();
  });
});

describe('Pinellas County, Commercial Grease Management (pinellas.gov, read 2026-11-26)', () => {
  const pinellas = rulesOf('pinellas-county-utilities', { name: 'Pinellas County', plumbing_code: 'Florida Building Code – Plumbing', sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'gravity-by-peak-flow' } });
  const sinks: FixtureInput[] = [{ kind: 'three-compartment-sink' }, { kind: 'dishwasher' }];
  it('§ 126-613 (3): a grease interceptor pumped at least every 30 days; (4): a grease trap cleaned weekly', () => {
    const ggi = sizeProject({ ...kitchen, ...buried, fixtures: sinks }, GRAVITY_TANKS, pinellas);
    expect(ggi.sizing_method).toBe('gravity-by-peak-flow');
    expect(ggi.pump_out_cycle).toBe(30);
    const trap = sizeProject({ ...kitchen, fixtures: sinks }, STANDARD_HGIS, pinellas);
    expect(trap.sizing_method).toBe('hydromechanical-by-flow');
    expect(trap.pump_out_cycle).toBe(7);
  });
  it('§ 126-611 (1): dishwashers are connected to the grease interceptor or trap', () => {
    const r = sizeProject({ ...kitchen, fixtures: sinks }, STANDARD_HGIS, pinellas);
    expect(r.excluded_fixtures).toEqual([]);
    expect(r.warnings.map((w) => w.code)).not.toContain('dishwasher_needs_permission');
  });
});

describe('Miami-Dade County DERM FOG Control Program (Code § 24-42.6; DERM\'s program update as quoted by a hauler, read 2026-11-26)', () => {
  it('indoor grease traps cleaned every month, outdoor gravity traps every 90 days', () => {
    const miamiDade = rulesOf('miami-dade-derm', { name: 'Miami-Dade County', plumbing_code: 'Florida Building Code – Plumbing', sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'gravity-by-peak-flow' } });
    const sinks: FixtureInput[] = [{ kind: 'three-compartment-sink' }];
    expect(sizeProject({ ...kitchen, fixtures: sinks }, STANDARD_HGIS, miamiDade).pump_out_cycle).toBe(30);
    expect(sizeProject({ ...kitchen, ...buried, fixtures: sinks }, GRAVITY_TANKS, miamiDade).pump_out_cycle).toBe(90);
  });
});
