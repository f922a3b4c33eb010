/**
 * The project editor: the form, the live sizing (the engine's preview of the unsaved inputs,
 * debounced while typing), the saved project with the status changes open to it, and the
 * engine's messages per field (an error's `param` is the form field it belongs to).
 */
import { create } from 'zustand';
import type { MethodArgs, ProjectView, SizingPreview, UserRow } from '../../../src-shared/ipc/contract';
import { call, CallError, messageOf } from '../transport/bridge';
import { debounce } from './debounce';
import { convertForm, fixtureForm, formOf, newForm, sizingBody, writeBody, type FixtureForm, type ProjectForm } from './project-form';
import type { UnitSystem } from '../../../src-shared/display-units';
import { isFiveDigitZip } from '../../../src-shared/api/zip-code';
import { useApp } from './app-store';
import { plainMessage, problemsOf } from './plain-errors';


interface EditorState {
  /** 'new' until created; then the project's id. */
  id: number | 'new' | null;
  form: ProjectForm | null;
  view: ProjectView | null;
  sizing: SizingPreview | null;
  /** True while the shown sizing is older than the inputs (a preview is pending or failed). */
  stale: boolean;
  /** Engine messages by field path (`address.postal_code`, `fixtures.data.0.gpm`, …). */
  fieldErrors: Record<string, string>;
  /** A failure not tied to a field (shown at the top of the form). */
  formError: string | null;
  /** Save was refused for marked fields: the top of the form says how many are still marked (notSavedMessage). */
  saveRefused: boolean;
  notice: string | null;
  saving: boolean;
  dirty: boolean;
  loadError: string | null;
  engineerResults: UserRow[];
  /** The text the engineer results answer (so "no match" is said only for what was searched). */
  engineerQuery: string;
  /**
   * The last fixture removed, for Undo; `clean` is the form the removal made when the form was
   * saved before it: an Undo with nothing changed since leaves the form as saved (not dirty).
   */
  removedFixture: { fixture: FixtureForm; index: number; label: string; clean?: ProjectForm } | null;

  open(id: number | 'new'): Promise<void>;
  set<K extends keyof ProjectForm>(key: K, value: ProjectForm[K]): void;
  addFixture(kind: string): void;
  updateFixture(key: string, patch: Partial<FixtureForm>): void;
  removeFixture(key: string, label: string): void;
  undoRemoveFixture(): void;
  searchEngineers(text: string): void;
  /** The measured inputs shown in another unit system (the values stay the same). */
  setUnits(units: UnitSystem): void;
  save(): Promise<number | null>;
  changeStatus(to: string): Promise<void>;
  duplicate(): Promise<number | null>;
  remove(): Promise<boolean>;
}

let previewSeq = 0;
let zipSeq = 0;
/** A project just created here: opening its address keeps the editor as it is (and its notice). */
let justCreated: number | null = null;

/** The error's message (in plain words) under its field, or at the top when it names none. */
function placeError(error: unknown): Pick<EditorState, 'fieldErrors' | 'formError'> {
  if (error instanceof CallError && error.param) return { fieldErrors: { [error.param]: plainMessage(error.param, error.message, useApp.getState().units) }, formError: null };
  return { fieldErrors: {}, formError: messageOf(error) };
}

/** What the form lacks before it can be saved, beyond what the schema checks. */
function saveProblems(form: ProjectForm): Record<string, string> {
  const out = problemsOf(writeBody(form), form.units);
  if (!form.engineer) out.engineer = plainMessage('engineer', '');
  else if (form.engineer.kind === 'new') {
    if (!form.engineer.name.trim()) out['engineer.name'] = plainMessage('engineer.name', '');
  }
  return out;
}

/**
 * The fields marked on the form now: the one count the top of the form ("Not saved: N fields")
 * and the results panel both show, so they never disagree.
 */
export const markedFieldCount = (s: Pick<EditorState, 'fieldErrors'>): number => Object.keys(s.fieldErrors).length;

/** Whether a sizing input is marked (the name and the engineer do not hold the results back). */
export const sizingInputMarked = (s: Pick<EditorState, 'fieldErrors'>): boolean => Object.keys(s.fieldErrors).some((f) => f !== 'name' && !f.startsWith('engineer'));

/** The top of the form after a refused save, with the count of fields still marked. */
export function notSavedMessage(count: number): string {
  return `Not saved: ${count === 1 ? 'one field needs' : `${count} fields need`} attention (marked below).`;
}

/** A preview checks every input but the name and the engineer: their messages (from a save) stay. */
function onlySaveErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => field === 'name' || field.startsWith('engineer')));
}

export const useEditor = create<EditorState>((set, get) => {
  const preview = async () => {
    const { form, id } = get();
    if (!form) return;
    const seq = ++previewSeq;
    try {
      // The form sends numbers as typed; the engine's schema is the judge of what is valid.
      const args = { ...sizingBody(form), project_id: typeof id === 'number' ? id : undefined } as MethodArgs<'projects.preview'>;
      const sizing = await call('projects.preview', args);
      if (seq !== previewSeq) return;
      // Still stale when newer inputs wait for their own preview.
      set({ sizing, stale: pending, fieldErrors: onlySaveErrors(get().fieldErrors), formError: null });
    } catch (error) {
      if (seq !== previewSeq) return;
      set({ stale: true, ...placeError(error) });
    }
  };
  /**
   * Live, without a call per key: a change sizes at once when no preview is running; changes made
   * while one runs are sized together, once, when it ends (the latest inputs win). So the results
   * follow a keystroke in one round trip (bench/ui.ts measures it), and fast typing never queues.
   */
  let running = false;
  let pending = false;
  const runPreview = async (): Promise<void> => {
    running = true;
    try {
      await preview();
    } finally {
      running = false;
      if (pending) {
        pending = false;
        void runPreview();
      }
    }
  };
  const previewSoon = Object.assign(
    () => {
      if (running) pending = true;
      else void runPreview();
    },
    {
      cancel() {
        pending = false;
      },
    },
  );
  const searchSoon = debounce(async (text: string) => {
    const query = text.trim();
    if (query === '') return set({ engineerResults: [], engineerQuery: '' });
    try {
      set({ engineerResults: (await call('users.search', { query, limit: 8 })).data, engineerQuery: query });
    } catch {
      set({ engineerResults: [], engineerQuery: query });
    }
  }, 150);

  /** The jurisdiction follows the zip: the engine says which one governs it. */
  const followZip = async (zip: string) => {
    const seq = ++zipSeq;
    if (!isFiveDigitZip(zip.trim())) return;
    try {
      const j = await call('jurisdictions.byZip', { zip: zip.trim() });
      const form = get().form;
      if (seq !== zipSeq || !form) return;
      set({ form: { ...form, jurisdiction: j ? { id: j.id, name: j.name, detail: j.plumbing_code } : null } });
      previewSoon();
    } catch {
      // A failed look-up leaves the jurisdiction as it was; the preview reports real problems.
    }
  };

  /** Every bad input is named at once (checked here with the write's own schema); only good inputs are sized. */
  const changed = (form: ProjectForm) => {
    const problems = problemsOf(sizingBody(form), form.units);
    set({ form, dirty: true, stale: true, notice: null, fieldErrors: { ...onlySaveErrors(get().fieldErrors), ...problems } });
    if (Object.keys(problems).length > 0) {
      previewSoon.cancel();
      previewSeq++;
    } else previewSoon();
  };

  const applyView = (view: ProjectView) => {
    const vocabulary = useApp.getState().vocabulary!;
    set({ view, id: view.project.id, form: formOf(view.project, vocabulary, useApp.getState().units), dirty: false, fieldErrors: {}, formError: null, saveRefused: false });
  };

  return {
    id: null,
    form: null,
    view: null,
    sizing: null,
    stale: false,
    fieldErrors: {},
    formError: null,
    saveRefused: false,
    notice: null,
    saving: false,
    dirty: false,
    loadError: null,
    engineerResults: [],
    engineerQuery: '',
    removedFixture: null,

    async open(id) {
      if (id === justCreated && get().id === id) {
        justCreated = null;
        return;
      }
      previewSoon.cancel();
      previewSeq++;
      const vocabulary = useApp.getState().vocabulary;
      if (!vocabulary) return;
      // The last project's form goes with its id: kept until this one arrived, it was shown (and
      // could be edited and saved) as this project's.
      set({ id, form: null, view: null, sizing: null, fieldErrors: {}, formError: null, saveRefused: false, notice: null, loadError: null, dirty: false, stale: true, engineerResults: [], engineerQuery: '', removedFixture: null });
      if (id === 'new') {
        set({ form: newForm(vocabulary, useApp.getState().units) });
        await preview();
        return;
      }
      try {
        const view = await call('projects.get', { id });
        if (get().id !== id) return;
        applyView(view);
        await preview();
      } catch (error) {
        set({ form: null, loadError: messageOf(error) });
      }
    },

    set(key, value) {
      const form = get().form;
      if (!form) return;
      if (key === 'name' || key === 'engineer') {
        set({ fieldErrors: Object.fromEntries(Object.entries(get().fieldErrors).filter(([f]) => f !== key && !f.startsWith(`${key}.`))) });
      }
      changed({ ...form, [key]: value });
      if (key === 'postal_code') void followZip(value as string);
    },

    addFixture(kind) {
      const form = get().form;
      const spec = useApp.getState().vocabulary?.fixture_kinds.find((k) => k.key === kind);
      if (!form || !spec) return;
      changed({ ...form, fixtures: [...form.fixtures, fixtureForm(spec, form.units)] });
    },

    updateFixture(key, patch) {
      const form = get().form;
      if (!form) return;
      changed({ ...form, fixtures: form.fixtures.map((f) => (f.key === key ? { ...f, ...patch } : f)) });
    },

    removeFixture(key, label) {
      const form = get().form;
      const index = form?.fixtures.findIndex((f) => f.key === key) ?? -1;
      if (!form || index < 0) return;
      const wasDirty = get().dirty;
      changed({ ...form, fixtures: form.fixtures.filter((f) => f.key !== key) });
      set({ removedFixture: { fixture: form.fixtures[index]!, index, label, clean: wasDirty ? undefined : get().form! } });
    },

    undoRemoveFixture() {
      const { form, removedFixture } = get();
      if (!form || !removedFixture) return;
      const fixtures = [...form.fixtures];
      fixtures.splice(removedFixture.index, 0, removedFixture.fixture);
      changed({ ...form, fixtures });
      // Nothing else changed since a removal from the saved form: it is the saved form again.
      set({ removedFixture: null, ...(removedFixture.clean === form ? { dirty: false } : {}) });
    },

    searchEngineers(text) {
      searchSoon(text);
    },

    setUnits(units) {
      const form = get().form;
      if (!form || form.units === units) return;
      const next = convertForm(form, units);
      const removed = get().removedFixture;
      // Messages follow the units they are written in; the values (and `dirty`) are unchanged.
      set({
        form: next,
        fieldErrors: { ...onlySaveErrors(get().fieldErrors), ...problemsOf(sizingBody(next), units) },
        removedFixture: removed && { ...removed, fixture: convertForm({ ...form, fixtures: [removed.fixture] }, units).fixtures[0]! },
      });
    },

    async save() {
      const { form, id, view } = get();
      if (!form || get().saving) return null;
      const problems = saveProblems(form);
      if (Object.keys(problems).length > 0) {
        set({ fieldErrors: problems, formError: null, saveRefused: true });
        return null;
      }
      previewSoon.cancel();
      set({ saving: true, notice: null, removedFixture: null, saveRefused: false });
      try {
        const body = writeBody(form);
        const saved =
          id === 'new'
            ? await call('projects.create', body as MethodArgs<'projects.create'>)
            : await call('projects.update', { ...body, id: id as number, version: view?.project.version } as MethodArgs<'projects.update'>);
        if (id === 'new') justCreated = saved.project.id;
        // A synced project keeps the central service's figures until a sizing input changes here: then it says so.
        const resized = view?.project.figures_from === 'central_service' && saved.project.figures_from === 'local';
        applyView(saved);
        set({
          saving: false,
          notice: id === 'new' ? 'Project created.' : resized ? "Saved. A sizing input changed, so the project was sized again here: this app's figures replace the central service's." : 'Saved.',
        });
        await preview();
        return saved.project.id;
      } catch (error) {
        set({ saving: false, ...placeError(error) });
        return null;
      }
    },

    async changeStatus(to) {
      const { id, view } = get();
      if (typeof id !== 'number') return;
      try {
        const next = await call('projects.changeStatus', { id, status: to as ProjectView['project']['status'], version: view?.project.version });
        applyView(next);
        set({ notice: `Status is now ${next.project.status}.` });
      } catch (error) {
        set(placeError(error));
      }
    },

    async duplicate() {
      const { id } = get();
      if (typeof id !== 'number') return null;
      try {
        const copy = await call('projects.duplicate', { id });
        return copy.project.id;
      } catch (error) {
        set(placeError(error));
        return null;
      }
    },

    async remove() {
      const { id, view } = get();
      if (typeof id !== 'number') return false;
      try {
        await call('projects.delete', { id, version: view?.project.version });
        set({ dirty: false });
        return true;
      } catch (error) {
        set(placeError(error));
        return false;
      }
    },
  };
});
