/**
 * Import of .fieldsizer files and export of the unsynced projects, on the project list. The
 * desktop app saves through its own dialog; the browser downloads the file.
 */
import { useRef, useState } from 'react';
import type { MethodResult } from '../../../../src-shared/ipc/contract';
import { ErrorNotice, InfoNotice } from '../../components/Notice';
import { call, messageOf } from '../../transport/bridge';
import { useProjects } from '../../stores/projects-store';

type ImportReport = MethodResult<'projects.import'>;

function download(fileName: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/vnd.fieldsizer+json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ProjectFiles() {
  const input = useRef<HTMLInputElement>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const importFile = async (file: File) => {
    setError(null);
    setNotice(null);
    setReport(null);
    try {
      const result = await call('projects.import', { content: await file.text() });
      setReport(result);
      await useProjects.getState().load();
    } catch (e) {
      setError(`${file.name}: ${messageOf(e)}`);
    }
  };

  const exportUnsynced = async () => {
    setError(null);
    setReport(null);
    try {
      const result = await call('projects.export', { unsynced: true });
      if (result.content !== null) download(result.fileName, result.content);
      setNotice(result.path ? `Exported ${result.count} projects to ${result.path}.` : result.content !== null ? `Exported ${result.count} projects (${result.fileName}).` : null);
      // Projects whose stored data is damaged are left out of the file: say which, and why.
      if (result.skipped.length > 0) setError(`Not exported: ${result.skipped.map((s) => s.reason).join(' ')}`);
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <>
      <button type="button" onClick={() => input.current?.click()}>
        Import…
      </button>
      <input
        ref={input}
        type="file"
        accept=".fieldsizer,application/json"
        aria-label="Import a .fieldsizer file"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importFile(file);
        }}
      />
      <button type="button" onClick={() => void exportUnsynced()}>
        Export unsynced
      </button>
      <div className="project-files-messages">
        <ErrorNotice message={error} />
        <InfoNotice message={notice} />
        {report && (
          <div className="notice notice-info" role="status" data-testid="import-report">
            <p>
              Imported {report.imported}, already here {report.already_here}, refused {report.refused}.
            </p>
            <ul>
              {report.projects.map((p) => (
                <li key={`${p.source_id}-${p.outcome}`}>
                  {p.id !== null ? <a href={`#/projects/${p.id}`}>{p.name}</a> : p.name}: {p.message}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </>
  );
}
