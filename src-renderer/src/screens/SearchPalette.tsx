/** Global search on Ctrl/Cmd+K: users, jurisdictions and projects; arrows and Enter to open. */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSearch } from '../stores/search-store';
import { navigate, paths } from '../router';

interface Hit {
  key: string;
  group: string;
  label: string;
  detail: string;
  href: string;
}

export function SearchPalette() {
  const { open, query, results, error, searching, hide, setQuery } = useSearch();
  const input = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (open) input.current?.select();
  }, [open]);

  if (!open) return null;
  const hits: Hit[] = results
    ? [
        ...results.users.map((u) => ({ key: `u${u.id}`, group: 'Users', label: u.name, detail: [u.company, u.type].filter(Boolean).join(' · '), href: paths.user(u.id) })),
        ...results.projects.map((p) => ({ key: `p${p.id}`, group: 'Projects', label: p.name, detail: `${p.status}${p.address.city ? ` · ${p.address.city}` : ''}`, href: paths.project(p.id) })),
        ...results.jurisdictions.map((j) => ({ key: `j${j.id}`, group: 'Jurisdictions', label: j.name, detail: j.state, href: paths.jurisdiction(j.id) })),
      ]
    : [];
  const current = Math.min(active, Math.max(hits.length - 1, 0));
  const go = (hit: Hit | undefined) => {
    if (!hit) return;
    hide();
    navigate(hit.href);
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
          aria-label="Search users, projects and jurisdictions"
          placeholder="Search users, projects and jurisdictions…"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
        />
        {error && <p className="field-error">{error}</p>}
        <ul id="search-results" role="listbox" aria-label="Results">
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
