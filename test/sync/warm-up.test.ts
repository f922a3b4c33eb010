/**
 * The sync's code loaded ahead of its first run (src-main/sync/warm-up.ts): every step runs and
 * the warm-up settles; a cancelled one settles at once and leaves nothing waiting.
 */
import { describe, expect, it } from 'vitest';
import { warmSyncCode } from '../../src-main/sync/warm-up.js';

describe('warming the sync code', () => {
  it('runs its steps one after another and settles', async () => {
    await expect(warmSyncCode(0).done).resolves.toBeUndefined();
  });

  it('settles at once when cancelled before it starts (an engine closed soon after opening)', async () => {
    // An hour's delay: only the cancel can settle it within the test's time.
    const warm = warmSyncCode(3_600_000);
    warm.cancel();
    await expect(warm.done).resolves.toBeUndefined();
  });
});
