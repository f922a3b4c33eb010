/**
 * Global search on Ctrl/Cmd+K: actions (new project, sync now, settings), projects,
 * jurisdictions, products, users and territories, best name match first; arrows and Enter to open.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSearch } from '../stores/search-store';
import { useSync } from '../stores/sync-store';
import { nameScore, rankHits, type RankedHit as Hit } from '../stores/search-ranking';
import { navigate, paths } from '../router';

/** What the palette can do besides opening a record; found by their words ("new", "sync"). */
const ACTIONS: Hit[] = [
  { key: 'a-new', group: 'Actions', label: 'New project', aliases: ['create project', 'size a kitchen'], detail: 'Alt+N', href: paths.project('new') },
  { key: 'a-sync', group: 'Actions', label: 'Sync now', aliases: ['synchronize', 'sync'], detail: 'with the central service', run: () => void useSync.getState().syncNow() },
  { key: 'a-settings', group: 'Actions', label: 'Settings', aliases: ['preferences', 'api keys', 'backups'], detail: 'Alt+6', href: paths.settings() },
  { key: 'a-catalog', group: 'Actions', label: 'Catalog', aliases: ['products'], detail: 'Alt+2', href: paths.catalog() },
  { key: 'a-territories', group: 'Actions', label: 'Territories', aliases: ['territory lookup', 'zip code'], detail: 'Alt+3', href: paths.territories() },
];

export function SearchPalette() {
  const { open, query, results, resultsFor, error, searching, hide, setQuery } = useSearch();
  const input = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (open) input.current?.select();
  }, [open]);

  if (!open) return null;
  const actions = query.trim() === '' ? [] : ACTIONS.filter((a) => nameScore(query, [a.label, ...(a.aliases ?? [])]) < 4);
  const found: Hit[] = results
    ? [
        ...results.users.map((u): Hit => ({ key: `u${u.id}`, group: 'Users', label: u.name, detail: [u.company, u.type].filter(Boolean).join(' · '), href: paths.user(u.id) })),
        ...results.projects.map((p): Hit => ({ key: `p${p.id}`, group: 'Projects', label: p.name, detail: `${p.status}${p.address.city ? ` · ${p.address.city}` : ''}`, href: paths.project(p.id) })),
        ...results.jurisdictions.map((j): Hit => ({ key: `j${j.id}`, group: 'Jurisdictions', label: j.name, detail: j.state, href: paths.jurisdiction(j.id) })),
        ...results.products.map((p): Hit => ({ key: `c${p.id}`, group: 'Products', label: p.name, aliases: [p.part_number, p.short_name], detail: `${p.part_number} · ${p.type}`, href: paths.product(p.part_number, p.store_id) })),
        ...results.territories.map((t): Hit => ({ key: `t${t.id}`, group: 'Territories', label: t.name ?? t.code, aliases: [t.code], detail: `${t.code} · ${t.rep_firm}`, href: paths.territory(t.id) })),
      ]
    : [];
  const hits = rankHits(query, [...actions, ...found]);
  const current = Math.min(active, Math.max(hits.length - 1, 0));
  const go = (hit: Hit | undefined) => {
    if (!hit) return;
    hide();
    if (hit.run) hit.run();
    if (hit.href) navigate(hit.href);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, hits.length - 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (e.key === 'Enter') go(hits[current]);
    else if (e.key === 'Escape') hide();
    else return;
    e.preventDefault();
  };

  return (
    <div className="overlay" onMouseDown={hide}>
      <div role="dialog" aria-modal="true" aria-label="Search" className="palette" onMouseDown={(e) => e.stopPropagation()} onKeyDown={onKeyDown}>
        <input
          ref={input}
          role="combobox"
          aria-expanded={hits.length > 0}
          aria-controls="search-results"
          aria-activedescendant={hits[current] ? `hit-${hits[current].key}` : undefined}
          aria-label="Search projects, products, people, places and actions"
          placeholder="Projects, products, users, jurisdictions, territories, actions…"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
        />
        {error && <p className="field-error">{error}</p>}
        <ul id="search-results" role="listbox" aria-label="Results" aria-busy={searching || resultsFor !== query} data-for={resultsFor}>
          {hits.map((h, i) => (
            <li key={h.key} id={`hit-${h.key}`} role="option" aria-selected={i === current} onMouseEnter={() => setActive(i)} onClick={() => go(h)}>
              <span className="group">{h.group}</span>
              <span className="label">{h.label}</span>
              <span className="muted">{h.detail}</span>
            </li>
          ))}
        </ul>
        {query.trim() !== '' && !searching && results && hits.length === 0 && <p className="muted">Nothing matches “{query}”.</p>}
        <p className="hint muted">↑ ↓ to move · Enter to open · Esc to close</p>
      </div>
    </div>
  );
}
