/** The project list: filters by status, construction type and zip, search, newest first. */
import { useEffect } from 'react';
import { count } from '../../../../src-shared/plural';
import { CONSTRUCTION_TYPES, PROJECT_STATUSES, type ConstructionTypeKey, type ProjectStatus } from '../../../../src-shared/api/vocabulary';
import { Field } from '../../components/Field';
import { ErrorNotice } from '../../components/Notice';
import { useApp } from '../../stores/app-store';
import { useProjects, type ProjectSort } from '../../stores/projects-store';
import { navigate, paths } from '../../router';
import { StatusBadge } from './StatusBadge';
import { ProjectFiles } from './ProjectFiles';

export function ProjectsScreen() {
  const vocabulary = useApp((s) => s.vocabulary);
  // Until the vocabulary arrives, the lists this version knows: a remembered filter then shows in
  // its select at once (without its option, the select read "Any status" while the list was filtered).
  const statuses = vocabulary?.statuses ?? PROJECT_STATUSES;
  const constructionTypes = vocabulary?.construction_types ?? CONSTRUCTION_TYPES;
  const { filters, items, total, loading, error, errorParam, ready, setFilter, sortBy, clearFilters, load, loadMore, deleted, undoMessage, undoDelete } = useProjects();
  const filtered = filters.status !== '' || filters.type !== '' || filters.zip !== '' || filters.query !== '';
  /** A column header that sorts the list (aria-sort says how it is sorted now). */
  const sortable = (column: ProjectSort, label: string, className?: string) => (
    <th scope="col" className={className} aria-sort={filters.sort === column ? (filters.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="sort" onClick={() => sortBy(column)}>
        {label}
        <span aria-hidden="true">{filters.sort === column ? (filters.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    // Marks the first paint of the list for the tests and the bench (performance timeline).
    if (ready && !performance.getEntriesByName('projects-ready').length) performance.mark('projects-ready');
  }, [ready]);

  const zipError = errorParam === 'zip' ? error : null;
  const queryError = errorParam === 'query' ? error : null;

  return (
    <section className="screen" aria-labelledby="projects-title">
      <header className="screen-header">
        <h1 id="projects-title">Projects</h1>
        <div className="row">
          <ProjectFiles />
          <a className="button primary" href={paths.project('new')}>
            New project
          </a>
        </div>
      </header>
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <Field label="Search projects" error={queryError} className="grow">
          {(p) => <input {...p} type="search" placeholder="Name, street, city, zip, product…" value={filters.query} onChange={(e) => setFilter('query', e.target.value)} />}
        </Field>
        <Field label="Status">
          {(p) => (
            <select {...p} value={filters.status} onChange={(e) => setFilter('status', e.target.value as ProjectStatus | '')}>
              <option value="">Any status</option>
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Construction type">
          {(p) => (
            <select {...p} value={filters.type} onChange={(e) => setFilter('type', e.target.value as ConstructionTypeKey | '')}>
              <option value="">Any type</option>
              {constructionTypes.map((t) => (
                <option key={t.key} value={t.key}>
                  {t.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Zip code" error={zipError}>
          {(p) => <input {...p} inputMode="numeric" maxLength={5} size={7} value={filters.zip} onChange={(e) => setFilter('zip', e.target.value)} />}
        </Field>
      </form>
      {deleted && (
        <div className="notice notice-info undo" role="status">
          <span>Deleted the draft “{deleted.name}”.</span>
          <button
            type="button"
            onClick={async () => {
              const id = await undoDelete();
              if (id !== null) navigate(paths.project(id));
            }}
          >
            Undo
          </button>
        </div>
      )}
      <ErrorNotice message={undoMessage} />
      {!zipError && !queryError && <ErrorNotice message={error} action={{ label: 'Retry', run: () => void load() }} />}
      <p className="count" aria-live="polite">
        {loading && !ready ? 'Loading…' : count(total, 'project')}
        {filtered && (
          <button type="button" className="link" onClick={clearFilters}>
            Clear filters
          </button>
        )}
      </p>
      <div className="table-wrap" data-ready={ready ? 'true' : undefined} aria-busy={loading} data-testid="project-list">
        <table className="data-table">
          <thead>
            <tr>
              {sortable('name', 'Project')}
              {sortable('status', 'Status')}
              {sortable('city', 'Location')}
              {sortable('construction', 'Construction')}
              <th scope="col">Recommended</th>
              {sortable('pump_out', 'Pump-out (days)', 'num')}
              {sortable('created', 'Created')}
              {sortable('updated', 'Updated')}
            </tr>
          </thead>
          <tbody>
            {items.map((p) => (
              <tr key={p.id}>
                <td>
                  <a href={paths.project(p.id)}>{p.name}</a>
                </td>
                <td>
                  <StatusBadge status={p.status} />
                </td>
                <td>{[p.address.city, p.address.state, p.address.postal_code].filter(Boolean).join(', ') || '—'}</td>
                <td>{p.construction_type}</td>
                <td>{p.recommended_product ?? '—'}</td>
                <td className="num">{p.pump_out_cycle === null ? '—' : p.pump_out_cycle_basis === 'design_target' ? `${p.pump_out_cycle} (target)` : p.pump_out_cycle}</td>
                <td>{p.created}</td>
                <td>{p.updated}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {items.length < total && (
          <button type="button" className="load-more" onClick={() => void loadMore()} disabled={loading}>
            {loading ? 'Loading…' : `Show more (${(total - items.length).toLocaleString('en-US')} left)`}
          </button>
        )}
      </div>
    </section>
  );
}
