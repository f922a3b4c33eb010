/**
 * A process that ends right after a sync (the sync command, the app quitting) leaves its store
 * whole in the database file: closing the engine waits for the run's write to be folded in after
 * the run (issue 32), so SQLite, closing its last connection, leaves no WAL for the next start to
 * read and fold. Against a service that speaks only the spec.
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { startTestServer } from '../helpers/api-server.js';
import { walIndex } from '../helpers/wal-index.js';
import { handWrittenData } from '../helpers/spec-upstream/data.js';
import { startSpecUpstream } from '../helpers/spec-upstream/server.js';

it('closing the engine right after a sync leaves no WAL behind, and the store reads the synced data', async () => {
  const up = await startSpecUpstream(handWrittenData());
  const down = await startTestServer({ rateLimitPerMinute: 0 });
  try {
    await down.engine.sync.saveSettings({ upstream_url: up.url, interval_minutes: 0 }, up.key);
    await down.engine.sync.syncNow();
    expect(down.engine.sync.status().last_error).toBeNull();
    const file = down.engine.store.file;
    // The sync's close returns once the run's write is in the database file...
    const atDone = walIndex(file);
    expect(atDone.frames).toBeGreaterThan(0);
    await down.engine.sync.close();
    expect(walIndex(file).folded).toBeGreaterThanOrEqual(atDone.frames);
    // ...and the engine's, the store's last connection, leaves no WAL.
    await down.server.close();
    await down.engine.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    // The database file alone holds the run's data (opened afresh, as the next start would).
    const { default: SQLite } = await import('better-sqlite3');
    const reopened = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      expect(reopened.prepare("select count(*) from projects where origin = 'upstream'").pluck().get()).toBe(up.data.projects.length);
    } finally {
      reopened.close();
    }
  } finally {
    fs.rmSync(down.dataDir, { recursive: true, force: true });
    await up.close();
  }
}, 120_000);
