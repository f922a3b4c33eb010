/** Kept answer bodies: deflated into memory of their own, so holding one holds nothing else. */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateJson } from '../../src-main/sync/sync-answers.js';

describe('deflateJson', () => {
  it('returns small and large bodies in buffers of exactly their size (not views of zlib chunks or the shared pool)', () => {
    const small = { part_number: '4055-007-02', name: 'GB-250' };
    const large = { data: Array.from({ length: 3000 }, (_, i) => ({ id: i, note: `entry ${i} ${'x'.repeat(i % 17)}` })) };
    for (const value of [small, large]) {
      const out = deflateJson(value);
      expect(out.buffer.byteLength).toBe(out.byteLength);
      expect(out.byteOffset).toBe(0);
      expect(JSON.parse(zlib.inflateRawSync(out).toString('utf8'))).toEqual(value);
    }
  });
});
