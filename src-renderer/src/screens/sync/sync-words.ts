/** How the sync status reads in plain words (display only). */
import { dateTimeText } from '../../../../src-shared/dates';
import type { SyncStatus } from '../../../../src-shared/sync';
import type { MediaSyncStatus } from '../../../../src-shared/media';

const PHASES: Record<string, string> = {
  connecting: 'Connecting to the central service',
  pushing: 'Sending your changes',
  pulling: 'Receiving updates',
  applying: 'Applying updates',
  media: 'Fetching pictures and documents',
  done: 'Done',
};

export function phaseLabel(phase: string | null): string {
  return phase ? (PHASES[phase] ?? phase) : '';
}

/** Record kinds as a person names them (the engine's resource keys, with their list pages). */
const RESOURCES: Record<string, string> = {
  'product-types': 'Product types',
  products: 'Products',
  collections: 'Collections',
  territories: 'Territories',
  jurisdictions: 'Jurisdictions',
  users: 'Users',
  'project list': 'Projects',
  projects: 'Projects',
};

export function resourceLabel(resource: string): string {
  const key = resource.replace(/:page$/, '');
  return RESOURCES[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replace(/[-_]/g, ' ');
}

/** The progress per record kind, list pages and records of one kind together. */
export function progressByKind(progress: SyncStatus['progress']): { label: string; done: number; total: number | null }[] {
  const out = new Map<string, { label: string; done: number; total: number | null }>();
  for (const p of progress) {
    const label = resourceLabel(p.resource);
    const row = out.get(label);
    if (!row) out.set(label, { label, done: p.done, total: p.total });
    else {
      row.done = Math.max(row.done, p.done);
      row.total = row.total === null || p.total === null ? (row.total ?? p.total) : Math.max(row.total, p.total);
    }
  }
  return [...out.values()];
}

/** A sync error in a rep's words: what happened and what to do, no socket codes (ECONNREFUSED). */
export function plainSyncError(error: { code: string; message: string } | null): string {
  if (!error) return 'The sync stopped for a reason it did not give.';
  switch (error.code) {
    case 'offline':
    case 'upstream_unreachable':
      return 'The central service did not answer. Check that this computer is online and that the address in Settings is right; everything else keeps working offline.';
    case 'timeout':
      return 'The central service took too long to answer. Try again in a while.';
    case 'unauthorized':
      return 'The central service did not accept the key. Enter a current key in Settings.';
    case 'forbidden':
      return 'The key has no right to sync. Ask for a key that may.';
    case 'no_upstream':
      return 'No central service is set. Add its address and key in Settings.';
    case 'cancelled':
      return 'The sync was cancelled. It resumes where it stopped next time.';
    default:
      // Keep the engine's sentence, without the system's error codes.
      return (
        error.message
          .replace(/\s*\([^)]*\b(E[A-Z]{4,}|EAI_[A-Z]+)\b[^)]*\)/g, '')
          .replace(/\s*\b(connect |getaddrinfo )?(E[A-Z]{4,}|EAI_[A-Z]+)\b(\s+[\d.:]+)?/g, '')
          .trim() || 'The sync failed.'
      );
  }
}

export function describeState(s: SyncStatus): string {
  switch (s.state) {
    case 'running':
      return `Syncing: ${phaseLabel(s.phase).toLowerCase()}…`;
    case 'failed':
      // The reason is said once, under it (SyncScreen), not repeated here.
      return 'Sync failed';
    case 'not-configured':
      return 'Sync is not set up';
    default:
      return s.phase === 'done' ? 'Synced' : 'Ready to sync';
  }
}

export function when(iso: string | null): string {
  return iso ? dateTimeText(iso) : 'never';
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

/** The media step in words: "Pictures and documents: 82 of 82 checked, 3 downloaded (1.2 MB), 2 failed (tried again next sync) · 41.0 MB kept of 1000.0 MB". */
export function describeMedia(m: MediaSyncStatus): string {
  const parts = [`${m.done.toLocaleString('en-US')} of ${m.total.toLocaleString('en-US')} checked`, `${m.fetched.toLocaleString('en-US')} downloaded (${mb(m.bytes)})`];
  if (m.unchanged > 0) parts.push(`${m.unchanged.toLocaleString('en-US')} unchanged`);
  if (m.failed > 0) parts.push(`${m.failed.toLocaleString('en-US')} failed (tried again next sync)`);
  return `Pictures and documents: ${parts.join(', ')} · ${mb(m.store_bytes)} kept on this computer of ${mb(m.budget_bytes)} allowed`;
}
