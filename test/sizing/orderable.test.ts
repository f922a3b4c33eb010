/**
 * A recommendation is always orderable (issue 14): family patterns with placeholders are never a
 * model number the sizing hands out; they go by their base model number, which resolves back.
 */
import { describe, expect, it } from 'vitest';
import { isFamilyPattern, orderablePartNumber } from '../../src-main/engine/catalog/model-numbers.js';

describe('orderable model numbers', () => {
  it('tells family patterns from real model numbers', () => {
    for (const p of ['4080-XXX-01', '8062-0XX-03', '4055-XXY-02', '4055-BXX-02', '4080-ZZZ-01']) expect(isFamilyPattern(p), p).toBe(true);
    for (const p of ['4055-007-02', '4055-B07-02', 'GB-250', '4311-063-01', 'HM-50X']) expect(isFamilyPattern(p), p).toBe(false);
  });

  it('orders a pattern by its base model number, and nothing when that is a pattern too', () => {
    expect(orderablePartNumber('4055-007-02', '4055-007-02')).toBe('4055-007-02');
    expect(orderablePartNumber('4080-XXX-01', '4080-002-01')).toBe('4080-002-01');
    expect(orderablePartNumber('4080-XXX-01', '4080-XXX-01')).toBeNull();
    expect(orderablePartNumber('4080-XXX-01', null)).toBeNull();
  });
});
