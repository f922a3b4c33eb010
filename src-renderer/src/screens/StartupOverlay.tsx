/**
 * While the desktop app's first start loads the embedded data set (in a worker, several seconds),
 * the window shows what it is doing and how far it is; the screens behind it fill in when it ends.
 */
import { useEffect, useState } from 'react';
import type { MethodResult } from '../../../src-shared/ipc/contract';
import { call, onEvent } from '../transport/bridge';

type Startup = MethodResult<'app.startup'>;

export function StartupOverlay() {
  const [startup, setStartup] = useState<Startup | null>(null);
  useEffect(() => {
    const off = onEvent('app.startup', setStartup);
    void call('app.startup', {}).then(
      (s) => setStartup((current) => (current?.phase === 'ready' ? current : s)),
      () => undefined,
    );
    return off;
  }, []);
  if (!startup || startup.phase === 'ready') return null;
  return (
    <div className="startup-overlay" role="dialog" aria-modal="true" aria-labelledby="startup-title">
      <div className="card">
        <h1 id="startup-title">{startup.phase === 'loading' ? 'Preparing Fieldsizer for first use' : 'Opening your data'}</h1>
        <p role="status">{startup.step ?? 'One moment…'}</p>
        <progress aria-label="Start-up progress" max={100} value={startup.percent ?? undefined} />
        {startup.phase === 'loading' && <p className="muted">This happens once: the catalog, territories and demo projects are loaded and sized.</p>}
      </div>
    </div>
  );
}
