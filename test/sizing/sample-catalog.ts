/** Sample candidates for the sizing tests, modelled on research/catalog-facts.json and standard sizes. */
import type { AccessoryCandidateInput, SizingCandidateInput } from '../../src-shared/sizing';

const everywhere = {
  indoors: true,
  indoors_buried: true,
  outdoors: true,
  outdoors_buried: true,
  other: false,
  traffic_area: true,
};
const indoorsOnly = { ...everywhere, outdoors: false, outdoors_buried: false, traffic_area: false };

/** A standard-size HGI: rated flow with the PDI minimum grease (2 lb/GPM). */
export function standardHgi(gpm: number, price: number, options = indoorsOnly): SizingCandidateInput {
  return {
    id: `hgi-${gpm}`,
    part_number: `HGI-${String(gpm).padStart(3, '0')}`,
    name: `HGI ${gpm}`,
    type: 'hydromechanical',
    ratings: [{ flow_gpm: gpm, grease_lbs: gpm * 2 }],
    liquid_capacity_gal: gpm,
    installation_options: options,
    price,
  };
}

export const GB1: SizingCandidateInput = {
  id: 'gb1',
  part_number: '4055-001-01',
  name: 'GB1',
  type: 'hydromechanical',
  ratings: [
    { flow_gpm: 20, grease_lbs: 70, label: null, efficiency_99: false },
    { flow_gpm: 25, grease_lbs: 64, label: null, efficiency_99: false },
    { flow_gpm: 20, grease_lbs: 16, label: 'at 99%', efficiency_99: true },
  ],
  liquid_capacity_gal: 10,
  installation_options: indoorsOnly,
  price: 1200,
};

export const GB250: SizingCandidateInput = {
  id: 'gb250',
  part_number: '4055-007-02',
  name: 'GB-250',
  type: 'hydromechanical',
  ratings: [
    { flow_gpm: 100, grease_lbs: 1895, grease_gal: 259.59 },
    { flow_gpm: 200, grease_lbs: 1196, grease_gal: 163.84 },
  ],
  liquid_capacity_gal: 277,
  installation_options: everywhere,
  price: 7028,
};

export const GB1000: SizingCandidateInput = {
  id: 'gb1000',
  part_number: '4055-010-01',
  name: 'GB-1000',
  type: 'hydromechanical',
  also_listed_as: ['gravity'],
  ratings: [
    { flow_gpm: 100, grease_lbs: 5495 },
    { flow_gpm: 100, grease_lbs: 5272, label: 'at 99%', efficiency_99: true },
    { flow_gpm: 200, grease_lbs: 4959 },
  ],
  liquid_capacity_gal: null,
  installation_options: everywhere,
  price: 18000,
};

export function gravityTank(gal: number, price: number): SizingCandidateInput {
  return {
    id: `ggi-${gal}`,
    part_number: `GGI-${String(gal).padStart(5, '0')}`,
    name: `GGI ${gal} gal`,
    type: 'gravity',
    ratings: [],
    liquid_capacity_gal: gal,
    installation_options: { ...everywhere, indoors: false, indoors_buried: false },
    price,
  };
}

export const SI75: SizingCandidateInput = {
  id: 'si75',
  part_number: '4070-001-01',
  name: 'SI-75',
  type: 'solids',
  ratings: [{ flow_gpm: 125, grease_lbs: 0, label: '4"' }],
  liquid_capacity_gal: 125,
  installation_options: everywhere,
  price: 3000,
};

export const STANDARD_HGIS: SizingCandidateInput[] = [10, 15, 20, 25, 35, 50, 75].map((gpm) => standardHgi(gpm, 300 + gpm * 20));

export const GRAVITY_TANKS: SizingCandidateInput[] = [500, 750, 1000, 1250, 1500, 2000].map((gal) => gravityTank(gal, gal * 4));

export const SAMPLE_CATALOG: SizingCandidateInput[] = [...STANDARD_HGIS, GB1, GB250, GB1000, ...GRAVITY_TANKS, SI75];

export const SAMPLE_ACCESSORIES: AccessoryCandidateInput[] = [
  { id: 'fcr1', part_number: '8010-005-01', name: 'FCR1', kind: 'riser', riser_height_in: 6, price: 150 },
  { id: 'fcr2', part_number: '8010-006-01', name: 'FCR2', kind: 'riser', riser_height_in: 12, price: 220 },
  { id: 'ak1', part_number: '8020-001-01', name: 'AK1', kind: 'anchor-kit', compatible_with: ['gb250'], price: 400 },
  { id: 'ak2', part_number: '8020-005-01', name: 'AK2', kind: 'anchor-kit', price: 500 },
  { id: 'sv24', part_number: '8064-XXX-01', name: 'SV24', kind: 'sampling-port', price: 600 },
  { id: 'c24h', part_number: '9500-005-01', name: 'C24H', kind: 'traffic-cover', price: 700 },
  { id: 'fpt', part_number: '9300-261-01', name: 'FPT-BX-34', kind: 'flow-control', price: 90 },
  { id: 'fsduo', part_number: '8070-XXX-01', name: 'FS-DUO', kind: 'flow-splitter', price: 800 },
];
