/** The sync screen's words (issue 14): record kinds as a person names them, errors without socket codes. */
import { describe, expect, it } from 'vitest';
import { describeMedia, plainSyncError, progressByKind, resourceLabel, when } from '../src-renderer/src/screens/sync/sync-words.js';

describe('sync words', () => {
  it('says sync times in the one date format the app uses (MM/DD/YYYY, as the service API), with a 12-hour time', () => {
    // Local times built from their parts, so the expectation does not depend on the machine's zone.
    expect(when(new Date(2026, 10, 26, 15, 5).toISOString())).toBe('11/26/2026, 3:05 PM');
    expect(when(new Date(2026, 0, 2, 0, 0).toISOString())).toBe('01/02/2026, 12:00 AM');
    expect(when(new Date(2026, 6, 4, 12, 30).toISOString())).toBe('07/04/2026, 12:30 PM');
    expect(when(null)).toBe('never');
  });

  it('names record kinds as a person would, list pages together with their records', () => {
    expect(resourceLabel('product-types')).toBe('Product types');
    expect(resourceLabel('project list:page')).toBe('Projects');
    const kinds = progressByKind([
      { resource: 'users:page', done: 2, total: 3 },
      { resource: 'users', done: 120, total: 640 },
      { resource: 'product-types', done: 16, total: 16 },
    ]);
    expect(kinds).toEqual([
      { label: 'Users', done: 120, total: 640 },
      { label: 'Product types', done: 16, total: 16 },
    ]);
  });

  it('says a connection failure in plain words, and strips socket codes from any other message', () => {
    expect(plainSyncError({ code: 'upstream_unreachable', message: 'Could not reach the central service: the connection failed (connect ECONNREFUSED 127.0.0.1:9).' })).toMatch(
      /^The central service did not answer\. Check that this computer is online/,
    );
    const other = plainSyncError({ code: 'push_failed', message: 'Sending failed (read ECONNRESET). Your changes are kept.' });
    expect(other).toBe('Sending failed. Your changes are kept.');
    expect(plainSyncError({ code: 'upstream_error', message: 'getaddrinfo EAI_AGAIN central.example.com went wrong.' })).not.toMatch(/EAI_AGAIN/);
  });

  it('says what the media step did and how much the store holds, in MB, failures with what happens next', () => {
    const m = { done: 82, total: 82, fetched: 3, unchanged: 77, failed: 2, bytes: 1_234_567, store_bytes: 41_000_000, store_files: 80, budget_bytes: 1_000_000_000 };
    expect(describeMedia(m)).toBe('Pictures and documents: 82 of 82 checked, 3 downloaded (1.2 MB), 77 unchanged, 2 failed (tried again next sync) · 41.0 MB kept on this computer of 1000.0 MB allowed');
    expect(describeMedia({ ...m, fetched: 0, bytes: 0, unchanged: 82, failed: 0 })).toBe('Pictures and documents: 82 of 82 checked, 0 downloaded (0.0 MB), 82 unchanged · 41.0 MB kept on this computer of 1000.0 MB allowed');
  });
});
