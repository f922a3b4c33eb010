import { describe, expect, it } from 'vitest';
import {
  computeGrease,
  greaseAmount,
  greaseOverDaysLbs,
  greasePerMealLbs,
  greaseReport,
  greaseReportSide,
  menuTier,
} from '../../src-shared/sizing';

describe('§6 grease production', () => {
  it('reads grease per meal from the four-tier table', () => {
    expect(greasePerMealLbs('low', false, false)).toBe(0.005);
    expect(greasePerMealLbs('low', false, true)).toBe(0.007);
    expect(greasePerMealLbs('low', true, false)).toBe(0.025);
    expect(greasePerMealLbs('very-high', true, true)).toBe(0.075);
  });

  it('maps menu types to tiers', () => {
    expect(menuTier('coffee-shop')).toBe('low');
    expect(menuTier('chinese')).toBe('very-high');
    expect(() => menuTier('nope')).toThrow(RangeError);
  });

  it('grease to hold = meals per day × grease per meal × days', () => {
    const g = computeGrease({ tier: 'medium', fryer: true, flatware: true, servings_per_day: 400 });
    expect(g.per_serving_lbs).toBe(0.046);
    expect(g.per_day_lbs).toBeCloseTo(18.4, 10);
    expect(greaseOverDaysLbs(g, 30)).toBeCloseTo(552, 10);
  });

  it('reports per serving, per day and per 30 / 60 / 90 days in lbs, gal, kg and L', () => {
    const report = greaseReport(computeGrease({ tier: 'high', fryer: false, flatware: false, servings_per_day: 200 }));
    const standard = greaseReportSide(report, 'standard');
    expect(standard.per_serving).toEqual({ weight: { value: 0.035, unit: 'lbs' }, volume: { value: 0.00479, unit: 'gal' } });
    expect(standard.per_day).toEqual({ weight: { value: 7, unit: 'lbs' }, volume: { value: 0.959, unit: 'gal' } });
    expect(standard.per_30_days.weight).toEqual({ value: 210, unit: 'lbs' });
    expect(standard.per_60_days.weight).toEqual({ value: 420, unit: 'lbs' });
    expect(standard.per_90_days).toEqual({ weight: { value: 630, unit: 'lbs' }, volume: { value: 86.3, unit: 'gal' } });
    const metric = greaseReportSide(report, 'metric');
    expect(metric.per_90_days.weight).toEqual({ value: 285.76, unit: 'kg' });
    expect(metric.per_90_days.volume).toEqual({ value: 326.69, unit: 'L' });
  });

  it('converts weight to volume at 7.3 lb/gal', () => {
    expect(greaseAmount(73).volume.standard).toEqual({ value: 10, unit: 'gal' });
  });
});
