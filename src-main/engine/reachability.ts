/**
 * Whether the central service answers: one cheap request to its address (HEAD of the base URL,
 * no key, a short timeout). Any HTTP answer, even an error status, means it is reachable; a
 * refused connection, a DNS failure or the timeout means it is not. This is what the status bar
 * shows, not the operating system's idea of "online" (a job site's Wi-Fi with no way out is
 * "online" to the browser).
 */
import type { Engine } from './engine.js';

export interface Reachability {
  state: 'reachable' | 'unreachable' | 'not-configured';
  checked_at: string;
  message: string | null;
}

export async function checkReachability(engine: Engine, timeoutMs = 4000): Promise<Reachability> {
  const checked_at = new Date().toISOString();
  const { upstream_url } = await engine.sync.settings();
  if (!upstream_url) return { state: 'not-configured', checked_at, message: 'No central service is set in the settings.' };
  try {
    const response = await fetch(upstream_url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return { state: 'reachable', checked_at, message: null };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return {
      state: 'unreachable',
      checked_at,
      message: timedOut ? `The central service did not answer within ${Math.round(timeoutMs / 1000)} s.` : `The central service cannot be reached${cause ? ` (${cause})` : ''}.`,
    };
  }
}
