/**
 * The project editor: every sizing input, with the results beside it following the inputs as
 * they are typed (the engine's preview), and the actions the project's status allows.
 */
import { useEffect, type FormEvent } from 'react';
import { Check, Field } from '../../components/Field';
import { ErrorNotice, InfoNotice } from '../../components/Notice';
import { useApp } from '../../stores/app-store';
import { markedFieldCount, notSavedMessage, useEditor } from '../../stores/project-editor-store';
import type { ProjectForm } from '../../stores/project-form';
import { useProjects } from '../../stores/projects-store';
import { navigate, paths, setLeaveGuard } from '../../router';
import { EngineerPicker, engineerLockReason } from './EngineerPicker';
import { FixturesEditor } from './FixturesEditor';
import { CompactResults, SizingResults } from './SizingResults';
import { StatusBadge } from './StatusBadge';
import { implausible } from '../../../../src-shared/api/input-ranges';
import { noEffect } from './no-effect';
import { inputUnit, pipeSizeLabel } from '../../../../src-shared/display-units';
import { projectReference } from '../../../../src-shared/project-reference';
import { dateText } from '../../../../src-shared/dates';

/** "Is this right?" under a number that is allowed but unusual (input-ranges.ts). */
function plausibility(name: 'servings_per_day' | 'pump_out_target', text: string): string | null {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) ? implausible(name, n) : null;
}

export function ProjectEditor(props: { id: number | 'new' }) {
  const vocabulary = useApp((s) => s.vocabulary);
  const units = useApp((s) => s.units);
  const editor = useEditor();
  const marked = markedFieldCount(editor);
  const { form, view, fieldErrors: errors, set } = editor;

  useEffect(() => {
    if (vocabulary) void useEditor.getState().open(props.id);
  }, [props.id, vocabulary]);

  // Metric mode: lengths and flows are shown and typed in the chosen units (sent in US units).
  useEffect(() => {
    useEditor.getState().setUnits(units);
  }, [units, form]);

  // Unsaved changes are never dropped silently: leaving asks first, closing the window too.
  useEffect(() => {
    const release = setLeaveGuard(() => {
      const { dirty, form: current } = useEditor.getState();
      return !dirty || window.confirm(`“${current?.name.trim() || 'This project'}” has changes that are not saved. Leave and lose them?`);
    });
    const onUnload = (e: BeforeUnloadEvent) => {
      if (!useEditor.getState().dirty) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => {
      release();
      window.removeEventListener('beforeunload', onUnload);
    };
  }, []);

  useEffect(() => {
    // Ctrl/Cmd+S saves, as in any editor.
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (editor.loadError) return <ErrorNotice message={editor.loadError} action={{ label: 'Back to projects', run: () => navigate(paths.projects()) }} />;
  if (!form || !vocabulary || editor.id !== props.id) return <p className="loading">Loading project…</p>;

  const readOnly = view !== null && !view.editable;
  const isNew = props.id === 'new';
  /** A Draft's engineer may change; once submitted it is fixed (docs/api.md, 409 engineer_fixed), and the field says why. */
  const engineerLockedWhy = readOnly ? engineerLockReason(view!.project.status) : null;

  async function save() {
    const id = await useEditor.getState().save();
    if (id !== null && props.id === 'new') navigate(paths.project(id));
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };
  const text = (key: keyof ProjectForm) => ({
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });
  const unchanged = noEffect(form, vocabulary, editor.sizing);
  /** Both notes a field may carry: "is this right?" and why it changes nothing. */
  const hints = (...notes: (string | null)[]) => notes.filter(Boolean).join(' ') || null;
  /** The engine's message for a field, or for anything inside it (`address` → `address.state`). */
  const err = (field: string, exact = false) => errors[field] ?? (exact ? null : (Object.entries(errors).find(([k]) => k.startsWith(`${field}.`))?.[1] ?? null));

  return (
    <section className="screen editor" aria-labelledby="editor-title">
      <header className="screen-header">
        <div>
          <a href={paths.projects()} className="back">
            ← Projects
          </a>
          <h1 id="editor-title">{isNew ? 'New project' : form.name || 'Untitled project'}</h1>
          {view && (
            <p className="subtitle">
              <StatusBadge status={view.project.status} /> Project {projectReference(view.project.id)} · version {view.project.version} · updated {dateText(view.project.updated)}
            </p>
          )}
        </div>
        <div className="actions">
          {view?.transitions.map((t) => (
            <button key={t.to} type="button" title={t.description} onClick={() => void editor.changeStatus(t.to)}>
              {t.to === 'Draft' ? 'Withdraw to Draft' : t.to === 'Closed/Approved' ? 'Approve' : `Mark ${t.to}`}
            </button>
          ))}
          {view && (
            <>
              <button
                type="button"
                onClick={async () => {
                  const id = await editor.duplicate();
                  if (id !== null) navigate(paths.project(id));
                }}
              >
                Duplicate
              </button>
              <a className="button" href={paths.report(view.project.id)}>
                Report
              </a>
            </>
          )}
          {view?.deletable && (
            <button
              type="button"
              className="danger"
              onClick={async () => {
                // Undo (on the project list) brings this same project back (the engine keeps it for an hour).
                if (await editor.remove()) {
                  useProjects.getState().setDeleted({ id: view.project.id, name: view.project.name });
                  navigate(paths.projects());
                }
              }}
            >
              Delete draft
            </button>
          )}
          {!readOnly && (
            <button type="submit" form="project-form" className="primary" disabled={editor.saving}>
              {editor.saving ? 'Saving…' : isNew ? 'Create project' : editor.dirty ? 'Save' : 'Saved'}
            </button>
          )}
        </div>
      </header>
      <ErrorNotice message={editor.saveRefused && marked > 0 ? notSavedMessage(marked) : editor.formError} />
      <InfoNotice message={editor.notice} />
      {readOnly && <InfoNotice message={`This project is ${view!.project.status}: only a Draft can be edited. Duplicate it to size a similar kitchen.`} />}
      <div className="editor-columns">
        <CompactResults />
        <form id="project-form" className="project-form" onSubmit={onSubmit} noValidate>
          <fieldset disabled={readOnly}>
            <legend>Project</legend>
            <div className="row">
              <Field label="Project name" error={err('name')} className="grow">
                {(p) => <input {...p} {...text('name')} autoFocus={isNew} placeholder="e.g. Rosa's Taqueria – new kitchen" />}
              </Field>
              <Field label="Construction type" error={err('construction_type')} hint={unchanged.construction_type}>
                {(p) => (
                  <select {...p} {...text('construction_type')}>
                    {vocabulary.construction_types.map((c) => (
                      <option key={c.key} value={c.key}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <EngineerPicker
              error={err('engineer')}
              errorFor={(f) => err(f, true)}
              disabled={readOnly}
              lockedWhy={engineerLockedWhy}
            />
          </fieldset>

          <fieldset disabled={readOnly}>
            <legend>Site</legend>
            <p className="muted small">{unchanged.site}</p>
            <div className="row">
              <Field label="Street" error={err('address.street')} className="grow">
                {(p) => <input {...p} {...text('street')} autoComplete="address-line1" />}
              </Field>
              <Field label="Street (line 2)" error={err('address.street_2')}>
                {(p) => <input {...p} {...text('street_2')} autoComplete="address-line2" />}
              </Field>
            </div>
            <div className="row">
              <Field label="City" error={err('address.city')} className="grow">
                {(p) => <input {...p} {...text('city')} />}
              </Field>
              <Field label="State" error={err('address.state')}>
                {(p) => <input {...p} {...text('state')} maxLength={2} size={4} placeholder="IL" />}
              </Field>
              <Field label="Zip code" error={err('address.postal_code')}>
                {(p) => <input {...p} {...text('postal_code')} inputMode="numeric" maxLength={10} size={8} />}
              </Field>
            </div>
            <div className="jurisdiction" aria-live="polite">
              <span className="label">Jurisdiction (follows the zip)</span>
              {form.jurisdiction ? (
                <span>
                  <a href={paths.jurisdiction(form.jurisdiction.id)}>{form.jurisdiction.name}</a>
                  {form.jurisdiction.detail ? ` · ${form.jurisdiction.detail}` : ''}
                </span>
              ) : (
                <span className="muted">None: the default sizing rules apply.</span>
              )}
              {err('jurisdiction') && <p className="field-error">{err('jurisdiction')}</p>}
            </div>
          </fieldset>

          <fieldset disabled={readOnly}>
            <legend>Kitchen</legend>
            <div className="row">
              <Field label="Menu type" error={err('menu_type')} className="grow">
                {(p) => (
                  <select {...p} {...text('menu_type')}>
                    {vocabulary.menu_tiers.map((tier) => (
                      <optgroup key={tier.tier} label={tier.label}>
                        {tier.menu_types.map((m) => (
                          <option key={m.key} value={m.key}>
                            {m.label}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="Servings per day" error={err('servings_per_day')} hint={plausibility('servings_per_day', form.servings_per_day)}>
                {(p) => <input {...p} {...text('servings_per_day')} inputMode="numeric" size={8} />}
              </Field>
              <Field label="Pump-out target (days)" error={err('pump_out_target')} hint={hints(plausibility('pump_out_target', form.pump_out_target), unchanged.pump_out_target)}>
                {(p) => <input {...p} {...text('pump_out_target')} inputMode="numeric" size={6} />}
              </Field>
            </div>
            <div className="row checks">
              <Check label="Fryer" checked={form.fryer} hint={unchanged.fryer} onChange={(v) => set('fryer', v)} />
              <Check label="Flatware (reusable dishes)" checked={form.flatware} hint={unchanged.flatware} onChange={(v) => set('flatware', v)} />
              <Check label="Food-waste disposer" checked={form.food_waste_disposer} hint={unchanged.disposer} onChange={(v) => set('food_waste_disposer', v)} />
            </div>
            {unchanged.kitchen && (
              <p className="field-hint" data-testid="kitchen-no-effect">
                {unchanged.kitchen}
              </p>
            )}
          </fieldset>

          <fieldset disabled={readOnly}>
            <legend>Installation</legend>
            <div className="row">
              <Field label="Installation" error={err('installation_location')}>
                {(p) => (
                  <select {...p} {...text('installation_location')}>
                    {vocabulary.installation_locations.map((l) => (
                      <option key={l.key} value={l.key}>
                        {l.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {form.installation_location === 'indoors' && (
                <Field label="Inside location" error={err('inside_trap_location')} hint={unchanged.inside_trap_location}>
                  {(p) => (
                    <select {...p} {...text('inside_trap_location')}>
                      {vocabulary.inside_trap_locations.map((l) => (
                        <option key={l.key} value={l.key}>
                          {l.label}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              )}
              <Field label="Pipe size" error={err('pipe_size')}>
                {(p) => (
                  <select {...p} {...text('pipe_size')}>
                    {vocabulary.pipe_sizes.map((s) => (
                      <option key={s} value={String(s)}>
                        {pipeSizeLabel(s, form.units)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <div className="row checks">
              <Check
                label="Size by the drain pipe only"
                checked={form.size_by_pipe_only}
                hint={
                  unchanged.size_by_pipe_only ??
                  (!form.size_by_pipe_only && form.fixtures.length === 0 ? 'No fixtures known yet? Tick to size for the pipe: UPC Table 1014.2.1 gives the interceptor size of each pipe.' : null)
                }
                onChange={(v) => set('size_by_pipe_only', v)}
              />
            </div>
            <div className="row checks">
              <Check label="Buried" checked={form.buried} onChange={(v) => set('buried', v)} />
              {form.buried && (
                <Field label={`Burial depth (${inputUnit('length', form.units)})`} error={err('burial_depth')}>
                  {(p) => <input {...p} {...text('burial_depth')} inputMode="decimal" size={6} />}
                </Field>
              )}
              <Check label="Traffic area" checked={form.installed_in_traffic_area} onChange={(v) => set('installed_in_traffic_area', v)} />
              <Check label="High water table" checked={form.installed_in_high_water_area} onChange={(v) => set('installed_in_high_water_area', v)} />
            </div>
          </fieldset>

          <FixturesEditor readOnly={readOnly} errorFor={err} noEffect={unchanged.fixtures} />
          {/* Enter in any field submits; this button makes that explicit for assistive tech. */}
          <button type="submit" className="visually-hidden" tabIndex={-1} disabled={readOnly}>
            Save project
          </button>
        </form>
        <SizingResults />
      </div>
    </section>
  );
}
