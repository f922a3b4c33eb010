/** The app's frame: navigation, the unit toggle, the screen of the current route, the status bar. */
import { useEffect } from 'react';
import { ErrorNotice } from './components/Notice';
import { useApp, type UnitSystem } from './stores/app-store';
import { useSearch } from './stores/search-store';
import { useSync } from './stores/sync-store';
import { useEditor } from './stores/project-editor-store';
import { useReport } from './stores/report-store';
import { navigate, paths, useRouter, type Route } from './router';
import { ProjectsScreen } from './screens/projects/ProjectsScreen';
import { ProjectEditor } from './screens/projects/ProjectEditor';
import { ReportScreen } from './screens/projects/ReportScreen';
import { CatalogScreen } from './screens/catalog/CatalogScreen';
import { TerritoriesScreen } from './screens/territories/TerritoriesScreen';
import { UsersScreen } from './screens/people/UsersScreen';
import { JurisdictionScreen } from './screens/people/JurisdictionScreen';
import { SyncScreen } from './screens/sync/SyncScreen';
import { SyncStatusBar } from './screens/sync/SyncStatusBar';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { SearchPalette } from './screens/SearchPalette';
import { StartupOverlay } from './screens/StartupOverlay';

const NAV: { label: string; href: string; areas: Route['name'][] }[] = [
  { label: 'Projects', href: paths.projects(), areas: ['projects', 'project'] },
  { label: 'Catalog', href: paths.catalog(), areas: ['catalog'] },
  { label: 'Territories', href: paths.territories(), areas: ['territories'] },
  { label: 'Users', href: paths.users(), areas: ['users', 'jurisdiction'] },
  { label: 'Sync', href: paths.sync(), areas: ['sync'] },
  { label: 'Settings', href: paths.settings(), areas: ['settings'] },
];

function Screen(props: { route: Route }) {
  const r = props.route;
  switch (r.name) {
    case 'projects':
      return <ProjectsScreen />;
    case 'project':
      return <ProjectEditor id={r.id} />;
    case 'report':
      return <ReportScreen id={r.id} />;
    case 'catalog':
      return <CatalogScreen modelNumber={r.modelNumber} storeId={r.storeId} />;
    case 'territories':
      return <TerritoriesScreen id={r.id} />;
    case 'users':
      return <UsersScreen id={r.id} />;
    case 'jurisdiction':
      return <JurisdictionScreen id={r.id} />;
    case 'sync':
      return <SyncScreen />;
    case 'settings':
      return <SettingsScreen />;
  }
}

/** Keyboard: Ctrl/Cmd+K searches, Alt+1…6 open the screens, Alt+N starts a project. */
function useShortcuts() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        useSearch.getState().show();
      } else if (e.altKey && !e.ctrlKey && !e.metaKey && /^Digit[1-6]$/.test(e.code)) {
        e.preventDefault();
        navigate(NAV[Number(e.code.slice(5)) - 1]!.href);
      } else if (e.altKey && e.code === 'KeyN') {
        e.preventDefault();
        navigate(paths.project('new'));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** Each screen's name in the window title (the taskbar and Alt+Tab show it). */
const SCREEN_TITLES: Record<Route['name'], string> = {
  projects: 'Projects',
  project: 'Project',
  report: 'Report',
  catalog: 'Catalog',
  territories: 'Territories',
  users: 'Users',
  jurisdiction: 'Jurisdiction',
  sync: 'Sync',
  settings: 'Settings',
};

/** The window title names the screen and, on a project or its report, the project. */
function useWindowTitle(route: Route): void {
  const editing = useEditor((s) => (route.name === 'project' && s.view?.project.id === route.id ? s.view.project.name : null));
  const reporting = useReport((s) => (route.name === 'report' && s.view?.project.id === route.id ? s.view.project.name : null));
  const project = route.name === 'project' && route.id === 'new' ? 'New project' : (editing ?? reporting);
  useEffect(() => {
    document.title = [SCREEN_TITLES[route.name], project, 'Fieldsizer'].filter(Boolean).join(' · ');
  }, [route.name, project]);
}

export function App() {
  const route = useRouter((s) => s.route);
  useWindowTitle(route);
  // Screens mount at once and load their data in parallel with the vocabulary (those that need
  // it wait for it themselves), so the first list is not two round trips away.
  const { loadError, units, setUnits, load } = useApp();
  useShortcuts();
  useEffect(() => {
    void load();
    void useSync.getState().start();
  }, [load]);

  if (loadError) {
    return (
      <main className="fatal">
        <h1>Fieldsizer cannot reach its engine</h1>
        <ErrorNotice message={loadError} action={{ label: 'Try again', run: () => void load() }} />
      </main>
    );
  }
  // The report is a page of its own, laid out for paper.
  if (route.name === 'report') return <ReportScreen id={route.id} />;

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <nav className="sidebar" aria-label="Main">
        <p className="brand">Fieldsizer</p>
        <ul>
          {NAV.map((item, i) => (
            <li key={item.href}>
              <a href={item.href} aria-current={item.areas.includes(route.name) ? 'page' : undefined} title={`Alt+${i + 1}`}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        <button type="button" className="search-button" onClick={() => useSearch.getState().show()} title="Ctrl+K">
          Search <kbd>Ctrl K</kbd>
        </button>
        <fieldset className="units">
          <legend>Units</legend>
          {(['standard', 'metric'] as UnitSystem[]).map((u) => (
            <label key={u} className="radio">
              <input type="radio" name="units" checked={units === u} onChange={() => setUnits(u)} />
              {u === 'standard' ? 'US' : 'Metric'}
            </label>
          ))}
        </fieldset>
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        <Screen route={route} />
      </main>
      <SyncStatusBar />
      <SearchPalette />
      <StartupOverlay />
    </div>
  );
}
