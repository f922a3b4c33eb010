/**
 * Metric mode's conversions (src-shared/display-units.ts) on the engine's own output: the
 * reasons of a real sizing read in metric with no US figure left and their arithmetic intact;
 * inputs typed in mm or L/s come back to the same inches and GPM; pipes are named by their DN.
 */
import { describe, expect, it } from 'vitest';
import { figure, pipeSizeLabel, toCanonicalInput, toShownInput, unitsText } from '../src-shared/display-units.js';
import { sizeProject } from '../src-shared/sizing/index.js';
import { SAMPLE_ACCESSORIES, SAMPLE_CATALOG } from './sizing/sample-catalog.js';

/** NIST: 1 in = 25.4 mm; 1 US gal = 3.785411784 L; 1 lb = 0.45359237 kg. */
const LPS_PER_GPM = 3.785411784 / 60;
const KG_PER_LB = 0.45359237;

describe('metric text of a real sizing', () => {
  const sizing = sizeProject(
    {
      menu_type: 'pizza',
      servings_per_day: 300,
      buried: true,
      burial_depth_in: 24,
      fixtures: [{ kind: 'three-compartment-sink', uses_typical_dimensions: true }, { kind: 'dishwasher', uses_typical_dimensions: true, gpm: 9 }],
    },
    SAMPLE_CATALOG,
    undefined,
    SAMPLE_ACCESSORIES,
  );
  const reasons = sizing.recommendation.reasons;

  it('leaves no US figure in the reasons, warnings and accessory notes', () => {
    const texts = [...reasons, ...sizing.warnings.map((w) => w.message), ...sizing.recommended_accessories.flatMap((a) => [a.reason, a.note ?? ''])];
    expect(texts.join(' ')).toMatch(/\d (GPM|lb|gal|in)\b/);
    for (const text of texts) expect(unitsText(text, 'metric')).not.toMatch(/\d (GPM|lbs?|gal|in)\b/);
    // Standard: untouched.
    for (const text of texts) expect(unitsText(text, 'standard')).toBe(text);
  });

  it('converts a grease-per-flow rule as a rate, so the sentence still adds up', () => {
    const rule = reasons.find((r) => /lb × [\d.]+ GPM =/.test(r))!;
    expect(rule).toBeDefined();
    const metric = unitsText(rule, 'metric');
    const m = /([\d.,]+) kg per L\/s × ([\d.,]+) L\/s = ([\d.,]+) kg/.exec(metric)!;
    expect(m).not.toBeNull();
    const [rate, flow, total] = [m[1], m[2], m[3]].map((x) => Number(x!.replace(/,/g, '')));
    // 2 lb per GPM is 2 × 0.45359237 kg per 0.0630901964 L/s.
    expect(rate).toBeCloseTo((2 * KG_PER_LB) / LPS_PER_GPM, 1);
    expect(rate! * flow!).toBeCloseTo(total!, 0);
  });

  it('names a pipe by its DN and shows a step figure with the US one beside it', () => {
    expect(unitsText('UPC Table 1014.2.1 gives no flow for a 10 in pipe.', 'metric')).toBe('UPC Table 1014.2.1 gives no flow for a 254 mm (10 in) pipe.');
    expect(unitsText('Table 703.2 lists no 4 in drain.', 'metric')).toBe('Table 703.2 lists no DN 100 (4 in) drain.');
    expect(pipeSizeLabel(3, 'metric')).toBe('DN 80 (3 in)');
    expect(figure(150, 'GPM', 'metric')).toBe(`${Math.round(150 * LPS_PER_GPM * 100) / 100} L/s (150 GPM)`);
    expect(figure(12, 'DFU', 'metric')).toBe('12 DFU');
    // Words without a figure stay as written.
    expect(unitsText('2 lb × rated GPM; slope ¼ in/ft', 'metric')).toMatch(/× rated L\/s; slope ¼ in\/ft$/);
  });
});

describe('inputs typed in metric', () => {
  it('a length in whole mm and a flow in L/s come back as typed', () => {
    for (const mm of [1, 305, 508, 610, 1219, 3048]) {
      const inches = toCanonicalInput('length', mm, 'metric');
      expect(inches).toBeCloseTo(mm / 25.4, 9);
      // Even through the API's rounding to 0.01 in.
      expect(toShownInput('length', Math.round(inches * 100) / 100, 'metric')).toBe(mm);
    }
    const gpm = toCanonicalInput('flow', 0.568, 'metric');
    expect(gpm).toBeCloseTo(0.568 / LPS_PER_GPM, 9);
    expect(toShownInput('flow', gpm, 'metric')).toBe(0.568);
    expect(toShownInput('length', 24, 'standard')).toBe(24);
  });

  it('converts both ends of a range, not only the end the unit follows', () => {
    // PDI-G101's hose bib: 1.5–2.0 GPM is 1.5 × 0.0630901964 = 0.0946 to 2 × 0.0630901964 = 0.1262 L/s.
    const text = unitsText('the ¾ in hose bib that washes into it, 1.5–2.0 GPM (PDI-G101)', 'metric');
    const [, from, to] = /, ([\d.]+)–([\d.]+) L\/s \(PDI-G101\)$/.exec(text) ?? [];
    expect(Number(from)).toBeCloseTo(1.5 * LPS_PER_GPM, 2);
    expect(Number(to)).toBeCloseTo(2 * LPS_PER_GPM, 2);
    expect(text).not.toContain('1.5–');
  });
});
