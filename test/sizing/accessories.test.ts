import { describe, expect, it } from 'vitest';
import {
  DEFAULT_JURISDICTION_RULES,
  EXAMPLE_JURISDICTION_RULES as RULES,
  accessoryNeeds,
  recommendAccessories,
  sizeProject,
  type AccessoryInstallation,
  type RecommendedUnits,
} from '../../src-shared/sizing';
import { GB250, SAMPLE_ACCESSORIES, STANDARD_HGIS } from './sample-catalog';

const flat: AccessoryInstallation = { buried: false, burial_depth_in: 0, high_water_table: false, traffic_area: false };
const gb250: RecommendedUnits = { id: 'gb250', kind: 'hydromechanical', units: 1, arrangement: 'single' };

describe('accessory kinds from the installation', () => {
  it('an HGI always gets a flow-control fitting', () => {
    expect(accessoryNeeds(flat, DEFAULT_JURISDICTION_RULES, gb250).map((n) => n.kind)).toEqual(['flow-control']);
  });

  it('a gravity tank on grade needs nothing', () => {
    expect(accessoryNeeds(flat, DEFAULT_JURISDICTION_RULES, { ...gb250, kind: 'gravity' })).toEqual([]);
  });

  it('buried, high water table, traffic area, required sampling port', () => {
    const installation = { buried: true, burial_depth_in: 30, high_water_table: true, traffic_area: true };
    const kinds = accessoryNeeds(installation, RULES.ipcStrict, gb250).map((n) => n.kind);
    expect(kinds.sort()).toEqual(['anchor-kit', 'flow-control', 'riser', 'sampling-port', 'traffic-cover']);
  });

  it('a high water table matters only for a buried unit', () => {
    const kinds = accessoryNeeds({ ...flat, high_water_table: true }, DEFAULT_JURISDICTION_RULES, gb250).map((n) => n.kind);
    expect(kinds).not.toContain('anchor-kit');
  });
});

describe('mapping kinds to catalog accessories', () => {
  const installation = { buried: true, burial_depth_in: 30, high_water_table: true, traffic_area: true };

  it('risers: fewest pieces covering the depth; compatible anchor kit; ids and reasons', () => {
    const recs = recommendAccessories(installation, RULES.ipcStrict, gb250, SAMPLE_ACCESSORIES);
    const by = Object.fromEntries(recs.map((r) => [r.kind, r]));
    expect(by.riser).toMatchObject({ product: { id: 'fcr2' }, quantity: 3 }); // 3 × 12 in ≥ 30 in
    expect(by['anchor-kit']).toMatchObject({ product: { id: 'ak1' }, quantity: 1 }); // AK1 fits GB-250 and is cheaper
    expect(by['sampling-port']).toMatchObject({ product: { id: 'sv24' }, quantity: 1 });
    expect(by['sampling-port']?.reason).toMatch(/Required by the jurisdiction/);
    expect(by['traffic-cover']?.product?.id).toBe('c24h');
    expect(by['flow-control']?.product?.id).toBe('fpt');
    for (const r of recs) expect(r.reason.length).toBeGreaterThan(0);
  });

  it('an accessory tied to another product is not offered', () => {
    const other: RecommendedUnits = { ...gb250, id: 'gb1' };
    const recs = recommendAccessories(installation, RULES.ipcStrict, other, SAMPLE_ACCESSORIES);
    expect(recs.find((r) => r.kind === 'anchor-kit')?.product?.id).toBe('ak2');
  });

  it('no matching product: kind kept, product null', () => {
    const recs = recommendAccessories(installation, RULES.ipcStrict, gb250, []);
    expect(recs.every((r) => r.product === null && r.note !== null)).toBe(true);
  });

  it('a riser without a height is named without a quantity', () => {
    const recs = recommendAccessories(installation, DEFAULT_JURISDICTION_RULES, gb250, [
      { id: 'r', part_number: 'R', name: 'Riser', kind: 'riser' },
    ]);
    expect(recs.find((r) => r.kind === 'riser')).toMatchObject({ product: { id: 'r' }, quantity: null });
  });

  it('parallel units: one splitter per extra unit, one flow control per unit', () => {
    // One-minute drainage: the 4 in pipe's 150 GPM (UPC Table 1014.2.1) needs two 75 GPM units.
    const r = sizeProject({ menu_type: 'pizza', servings_per_day: 0, size_by_pipe_only: true }, STANDARD_HGIS, RULES.upcOneMinute, SAMPLE_ACCESSORIES);
    expect(r.recommendation.units).toBe(2);
    const by = Object.fromEntries(r.recommended_accessories.map((a) => [a.kind, a]));
    expect(by['flow-splitter']).toMatchObject({ product: { id: 'fsduo' }, quantity: 1 });
    expect(by['flow-control']).toMatchObject({ quantity: 2 });
  });

  it('through sizeProject: buried outdoors in a traffic area', () => {
    const r = sizeProject(
      {
        menu_type: 'pizza',
        servings_per_day: 100,
        installation_location: 'outdoors',
        buried: true,
        burial_depth_in: 18,
        installed_in_traffic_area: true,
        fixtures: [{ kind: 'three-compartment-sink' }],
      },
      [GB250],
      DEFAULT_JURISDICTION_RULES,
      SAMPLE_ACCESSORIES,
    );
    expect(r.recommended_product).toBe('GB-250');
    expect(r.recommended_accessories.map((a) => [a.kind, a.product?.id, a.quantity])).toEqual([
      ['riser', 'fcr2', 2],
      ['traffic-cover', 'c24h', 1],
      ['flow-control', 'fpt', 1],
    ]);
  });
});
