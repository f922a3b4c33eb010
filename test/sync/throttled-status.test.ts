/** ThrottledStatus: the pull worker's progress, merged to at most one message per interval. */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ThrottledStatus } from '../../src-main/sync/throttled-status.js';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

it('sends the first patch at once, merges a burst and sends its last state when the interval ends', () => {
  const sent: unknown[] = [];
  const status = new ThrottledStatus((p) => sent.push(p), 100);
  for (let i = 1; i <= 1000; i++) status.update({ requests: i, bytes: i * 10 });
  expect(sent).toEqual([{ requests: 1, bytes: 10 }]);
  status.update({ progress: [{ resource: 'projects', done: 50, total: 100 }] });
  vi.advanceTimersByTime(99);
  expect(sent).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(sent).toEqual([{ requests: 1, bytes: 10 }, { requests: 1000, bytes: 10_000, progress: [{ resource: 'projects', done: 50, total: 100 }] }]);
});

it('sends a phase change at once, with what was pending, and flush() empties it', () => {
  const sent: unknown[] = [];
  const status = new ThrottledStatus((p) => sent.push(p), 100);
  status.update({ requests: 1 });
  status.update({ requests: 2 });
  status.update({ phase: 'applying' });
  expect(sent).toEqual([{ requests: 1 }, { requests: 2, phase: 'applying' }]);
  status.update({ requests: 3 });
  status.flush();
  status.flush();
  expect(sent).toEqual([{ requests: 1 }, { requests: 2, phase: 'applying' }, { requests: 3 }]);
  // Nothing pending: the timer the burst started sends nothing more.
  vi.advanceTimersByTime(1000);
  expect(sent).toHaveLength(3);
});
