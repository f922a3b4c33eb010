import { describe, expect, it } from 'vitest';
import {
  CONVERSIONS,
  ceilWhole,
  cubicInchesToGallons,
  fromMetric,
  measurementPair,
  roundForDisplay,
  toMetric,
} from '../../src-shared/sizing';

describe('conversion table', () => {
  it('uses the exact definitions', () => {
    expect(toMetric('volume', 1)).toBe(3.785411784);
    expect(toMetric('weight', 1)).toBe(0.45359237);
    expect(toMetric('length', 1)).toBe(2.54);
    expect(toMetric('area', 1)).toBeCloseTo(6.4516, 12);
    expect(toMetric('fixtureVolume', 1)).toBeCloseTo(16.387064, 12);
    expect(toMetric('flow', 1)).toBeCloseTo(0.0630901964, 10);
  });

  it('converts back exactly (before rounding)', () => {
    for (const quantity of Object.keys(CONVERSIONS) as (keyof typeof CONVERSIONS)[]) {
      expect(fromMetric(quantity, toMetric(quantity, 123.456))).toBeCloseTo(123.456, 10);
    }
  });

  it('turns cubic inches into gallons at 231 in³/gal', () => {
    expect(cubicInchesToGallons(231)).toBe(1);
    expect(cubicInchesToGallons(13_824)).toBeCloseTo(59.844, 3);
  });
});

describe('rounding rule', () => {
  it('keeps 2 decimals, and 3 significant figures below 1', () => {
    expect(roundForDisplay(44.8831)).toBe(44.88);
    expect(roundForDisplay(0.005)).toBe(0.005);
    expect(roundForDisplay(0.0473176)).toBe(0.0473);
    expect(roundForDisplay(0)).toBe(0);
  });

  it('builds {standard, metric} pairs from the exact value', () => {
    expect(measurementPair('flow', 100)).toEqual({ standard: { value: 100, unit: 'GPM' }, metric: { value: 6.31, unit: 'L/s' } });
    expect(measurementPair('weight', 1895)).toEqual({ standard: { value: 1895, unit: 'lbs' }, metric: { value: 859.56, unit: 'kg' } });
    expect(measurementPair('volume', 277).metric).toEqual({ value: 1048.56, unit: 'L' });
    expect(measurementPair('length', 87).metric).toEqual({ value: 220.98, unit: 'cm' });
  });

  it('rounds computed counts up without floating-point noise', () => {
    expect(0.07 * 100).not.toBe(7); // 7.000000000000001
    expect(ceilWhole(0.07 * 100)).toBe(7);
    expect(ceilWhole(100 * 1.33)).toBe(133);
    expect(ceilWhole(75 * 1.33)).toBe(100);
  });
});
