import { describe, expect, it } from 'vitest';
import {
  FIXTURE_KINDS,
  FIXTURE_LIBRARY,
  FLATWARE_GREASE_FACTOR,
  GREASE_LBS_PER_GALLON,
  GREASE_PER_MEAL_LBS,
  HGI_MIN_GREASE_LBS_PER_GPM,
  MENU_TIERS,
  MENU_TYPES,
  PIPE_SIZE_TABLE,
  SIMPLE_GREASE_PER_MEAL_LBS,
  STANDARD_HGI_SIZES,
  UPC_GGI_DFU_TABLE,
  hgiLadderSizes,
  hgiSizeForPipe,
  manningFullPipeGpm,
  pipeFlowGpm,
  standardHgiSize,
  type MenuTier,
} from '../../src-shared/sizing';

describe('§2 pipe-size table: every row', () => {
  it.each([
    [2, 20, 20, 10],
    [3, 60, 75, 35],
    [4, 125, 150, 75],
    [5, 230, 250, 125],
    [6, 375, 500, 250],
  ])('%i in pipe → %i GPM full flow, HGI %i (1-minute) / %i (2-minute)', (pipe, flow, one, two) => {
    expect(pipeFlowGpm(pipe)).toBe(flow);
    expect(hgiSizeForPipe(pipe, 'one-minute')).toBe(one);
    expect(hgiSizeForPipe(pipe, 'two-minute')).toBe(two);
  });

  it('holds exactly the five documented rows', () => {
    expect(PIPE_SIZE_TABLE.map((r) => r.pipe_in)).toEqual([2, 3, 4, 5, 6]);
  });

  it('refuses a pipe size no table has; an 8 in pipe (Table 703.2 only) gets no interceptor size', () => {
    expect(() => pipeFlowGpm(7)).toThrow(RangeError);
    expect(hgiSizeForPipe(8, 'one-minute')).toBeNull();
  });

  it('8 in: full-pipe flow by Manning on the table footnote basis; the formula gives the table rows within 7 %', () => {
    // The table's rows sit a few percent under Manning's full-pipe flow (rounded to round numbers).
    for (const row of PIPE_SIZE_TABLE) {
      const manning = manningFullPipeGpm(row.pipe_in);
      expect(manning).toBeGreaterThanOrEqual(row.full_flow_gpm);
      expect(manning / row.full_flow_gpm).toBeLessThan(1.07);
    }
    expect(pipeFlowGpm(8)).toBeCloseTo(manningFullPipeGpm(8), 10);
  });
});

describe('§3 standard HGI sizes: 2 lb of grease per GPM', () => {
  it.each(STANDARD_HGI_SIZES.map((s) => [s.flow_gpm, s.min_grease_lbs, s.source] as const))(
    '%i GPM → at least %i lb (%s)',
    (gpm, lbs) => {
      expect(lbs).toBe(gpm * HGI_MIN_GREASE_LBS_PER_GPM);
    },
  );

  it('lists the PDI/ASME series, the sizes IPC Table 1003.3.5.1 adds, and the UPC Table 1014.2.1 sizes above 100 GPM', () => {
    const by = (source: string) => STANDARD_HGI_SIZES.filter((s) => s.source === source).map((s) => [s.flow_gpm, s.min_grease_lbs]);
    expect(by('PDI')).toEqual([[4, 8], [7, 14], [10, 20], [15, 30], [20, 40], [25, 50], [35, 70], [50, 100], [75, 150], [100, 200]]);
    expect(by('IPC')).toEqual([[6, 12], [9, 18], [12, 24], [14, 28], [18, 36]]);
    // UPC Table 1014.2.1's interceptor sizes (one- and two-minute columns) above 100 GPM.
    expect(by('UPC').map(([gpm]) => gpm)).toEqual([125, 150, 250, 500]);
    const flows = STANDARD_HGI_SIZES.map((s) => s.flow_gpm);
    expect(flows).toEqual([...flows].sort((a, b) => a - b));
    expect(hgiLadderSizes('pdi')).toEqual([4, 7, 10, 15, 20, 25, 35, 50, 75, 100, 125, 150, 250, 500]);
    expect(hgiLadderSizes('ipc')).toEqual([4, 6, 7, 9, 10, 12, 14, 15, 18, 20, 25, 35, 50, 75, 100, 125, 150, 250, 500]);
  });

  it('picks the next larger standard size (PDI worked example); above 500 GPM there is none', () => {
    expect(standardHgiSize(44.9)).toBe(50);
    expect(standardHgiSize(22.4)).toBe(25);
    expect(standardHgiSize(100)).toBe(100);
    expect(standardHgiSize(100.1)).toBe(125);
    expect(standardHgiSize(500.1)).toBeNull();
  });
});

describe('§4 UPC DFU table', () => {
  it('is ascending in DFU and volume and ends at 2,640 DFU / 15,000 gal', () => {
    for (let i = 1; i < UPC_GGI_DFU_TABLE.length; i += 1) {
      const prev = UPC_GGI_DFU_TABLE[i - 1]!;
      const row = UPC_GGI_DFU_TABLE[i]!;
      expect(row.max_dfu).toBeGreaterThan(prev.max_dfu);
      expect(row.volume_gal).toBeGreaterThan(prev.volume_gal);
    }
    expect(UPC_GGI_DFU_TABLE.at(-1)).toEqual({ max_dfu: 2640, volume_gal: 15000 });
    expect(UPC_GGI_DFU_TABLE).toHaveLength(13);
  });
});

describe('§6 grease per meal: how the four-tier table is read', () => {
  const next: Record<'low' | 'medium' | 'high', 'low' | 'medium' | 'high'> = { low: 'medium', medium: 'high', high: 'high' };
  const simpleTiers = ['low', 'medium', 'high'] as const;

  it.each(simpleTiers)('%s without a fryer matches the simple model (flatware shown to 3 decimals)', (tier) => {
    const four = GREASE_PER_MEAL_LBS[tier].no_fryer;
    const simple = SIMPLE_GREASE_PER_MEAL_LBS[tier];
    expect(four.no_flatware).toBe(simple.no_flatware);
    expect(Math.abs(four.flatware - simple.flatware)).toBeLessThanOrEqual(0.0006);
  });

  it.each(simpleTiers)('%s with a fryer equals the next tier up without a fryer ("a fryer moves a menu up")', (tier) => {
    expect(GREASE_PER_MEAL_LBS[tier].fryer).toEqual(GREASE_PER_MEAL_LBS[next[tier]].no_fryer);
  });

  it('very high: high without a fryer; with a fryer .058 / .075 keeps the × 1.3 flatware ratio', () => {
    expect(GREASE_PER_MEAL_LBS['very-high'].no_fryer).toEqual(GREASE_PER_MEAL_LBS.high.no_fryer);
    const fryer = GREASE_PER_MEAL_LBS['very-high'].fryer;
    expect(fryer).toEqual({ no_flatware: 0.058, flatware: 0.075 });
    expect(fryer.no_flatware * FLATWARE_GREASE_FACTOR).toBeCloseTo(fryer.flatware, 2);
  });

  it('holds the calculator figures in the order (no fryer, no flatware) (no fryer, flatware) (fryer, no flatware) (fryer, flatware)', () => {
    const flat = (t: MenuTier) => {
      const c = GREASE_PER_MEAL_LBS[t];
      return [c.no_fryer.no_flatware, c.no_fryer.flatware, c.fryer.no_flatware, c.fryer.flatware];
    };
    expect(MENU_TIERS.map(flat)).toEqual([
      [0.005, 0.007, 0.025, 0.033],
      [0.025, 0.033, 0.035, 0.046],
      [0.035, 0.046, 0.035, 0.046],
      [0.035, 0.046, 0.058, 0.075],
    ]);
  });

  it('grease density 7.3 lb/gal agrees with the manufacturer figures it was inferred from', () => {
    expect(70 / GREASE_LBS_PER_GALLON).toBeCloseTo(9.59, 2);
    expect(1895 / GREASE_LBS_PER_GALLON).toBeCloseTo(259.6, 1);
  });
});

describe('menu types', () => {
  it('has about 30 unique types in the four tiers, with the §6 "very high" examples', () => {
    expect(MENU_TYPES.length).toBeGreaterThanOrEqual(28);
    expect(MENU_TYPES.length).toBeLessThanOrEqual(32);
    expect(new Set(MENU_TYPES.map((m) => m.key)).size).toBe(MENU_TYPES.length);
    for (const tier of MENU_TIERS) expect(MENU_TYPES.some((m) => m.tier === tier)).toBe(true);
    const veryHigh = MENU_TYPES.filter((m) => m.tier === 'very-high').map((m) => m.key);
    expect(veryHigh).toEqual(expect.arrayContaining(['buffet', 'chinese', 'fried-chicken', 'full-service-mexican', 'steakhouse']));
  });
});

describe('fixture library', () => {
  it('covers every kind', () => {
    expect(Object.keys(FIXTURE_LIBRARY).sort()).toEqual([...FIXTURE_KINDS].sort());
  });

  it('uses the §7 fixed flows for fixtures without a basin, the §1 hose-bib flow for floor drains', () => {
    expect(FIXTURE_LIBRARY['floor-drain'].fixed_flow_gpm).toBe(2); // ¾ in hose bib, upper end of 1.5–2.0 GPM (§1)
    expect(FIXTURE_LIBRARY['floor-sink'].fixed_flow_gpm).toBe(2);
    expect(FIXTURE_LIBRARY['mop-sink'].fixed_flow_gpm).toBe(3.75);
    expect(FIXTURE_LIBRARY['hand-sink'].fixed_flow_gpm).toBe(1.88);
    expect(FIXTURE_LIBRARY['pre-rinse-sprayer'].fixed_flow_gpm).toBe(3.75);
    expect(FIXTURE_LIBRARY.dishwasher.fixed_flow_gpm).toBe(9);
  });

  it('uses 18 × 18 × 12 in compartments for commercial sinks and the §4 DFU values', () => {
    expect(FIXTURE_LIBRARY['three-compartment-sink'].basin).toEqual({ length_in: 18, width_in: 18, depth_in: 12, compartments: 3 });
    expect(FIXTURE_LIBRARY['two-compartment-sink'].basin?.compartments).toBe(2);
    expect(FIXTURE_LIBRARY['one-compartment-sink'].basin?.compartments).toBe(1);
    expect(FIXTURE_LIBRARY['floor-drain'].dfu).toBe(2);
    expect(FIXTURE_LIBRARY['mop-sink'].dfu).toBe(3);
    expect(FIXTURE_LIBRARY['prep-sink'].dfu).toBe(3);
    expect(FIXTURE_LIBRARY['hand-sink'].dfu).toBe(1);
    expect(FIXTURE_LIBRARY['food-waste-disposer'].dfu).toBe(3);
  });
});
