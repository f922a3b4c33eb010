/** The kitchen's fixtures: add from the typical-fixture library or as custom sizes, edit, remove. */
import { useEffect, useRef, useState } from 'react';
import { Check, Field } from '../../components/Field';
import { useApp } from '../../stores/app-store';
import { useEditor } from '../../stores/project-editor-store';
import type { FixtureForm } from '../../stores/project-form';
import { inputUnit, type UnitSystem } from '../../../../src-shared/display-units';
import type { NoEffect } from './no-effect';

export function FixturesEditor(props: { readOnly: boolean; errorFor: (field: string, exact?: boolean) => string | null; noEffect: NoEffect['fixtures'] }) {
  const vocabulary = useApp((s) => s.vocabulary)!;
  const fixtures = useEditor((s) => s.form?.fixtures ?? []);
  const units = useEditor((s) => s.form?.units ?? 'standard');
  const { addFixture, updateFixture, removeFixture, undoRemoveFixture } = useEditor();
  const removed = useEditor((s) => s.removedFixture);
  const labelOf = (type: string) => vocabulary.fixture_kinds.find((k) => k.key === type)?.label ?? type;
  const [kind, setKind] = useState(vocabulary.fixture_kinds[0]?.key ?? 'custom');
  // Where the keyboard goes once the list has changed: into the row just added or brought back,
  // or to Undo after a removal (the Remove button pressed is gone).
  const list = useRef<HTMLOListElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<{ row: number } | 'undo' | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    if (next === null) return;
    focusNext.current = null;
    if (next === 'undo') undoButton.current?.focus();
    else list.current?.children[next.row]?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [fixtures.length]);

  return (
    <fieldset disabled={props.readOnly} className="fixtures">
      <legend>Fixtures</legend>
      {fixtures.length === 0 && <p className="muted">No fixtures yet: add the sinks, drains and appliances that drain to the interceptor.</p>}
      <ol className="fixture-list" ref={list}>
        {fixtures.map((f, i) => (
          <FixtureRow
            key={f.key}
            index={i}
            fixture={f}
            units={units}
            noEffect={props.noEffect[f.key]}
            errorFor={props.errorFor}
            onChange={(patch) => updateFixture(f.key, patch)}
            onRemove={() => {
              focusNext.current = 'undo';
              removeFixture(f.key, f.name.trim() || labelOf(f.type));
            }}
          />
        ))}
      </ol>
      {removed && (
        <div className="notice notice-info undo" role="status">
          <span>Removed fixture {removed.index + 1} ({removed.label}).</span>
          <button
            type="button"
            ref={undoButton}
            onClick={() => {
              focusNext.current = { row: removed.index };
              undoRemoveFixture();
            }}
          >
            Undo
          </button>
        </div>
      )}
      <div className="row add-fixture">
        <Field label="Fixture to add">
          {(p) => (
            <select {...p} value={kind} onChange={(e) => setKind(e.target.value)}>
              {vocabulary.fixture_kinds.map((k) => (
                <option key={k.key} value={k.key}>
                  {k.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button
          type="button"
          onClick={() => {
            focusNext.current = { row: fixtures.length };
            addFixture(kind);
          }}
        >
          Add fixture
        </button>
      </div>
    </fieldset>
  );
}

function FixtureRow(props: {
  index: number;
  fixture: FixtureForm;
  units: UnitSystem;
  noEffect: NoEffect['fixtures'][string] | undefined;
  errorFor: (field: string, exact?: boolean) => string | null;
  onChange: (patch: Partial<FixtureForm>) => void;
  onRemove: () => void;
}) {
  const vocabulary = useApp((s) => s.vocabulary)!;
  const f = props.fixture;
  const spec = vocabulary.fixture_kinds.find((k) => k.key === f.type);
  const label = spec?.label ?? f.type;
  const at = (field: string) => props.errorFor(`fixtures.data.${props.index}.${field}`);
  const n = props.index + 1;
  const rowError = props.errorFor(`fixtures.data.${props.index}`, true);
  const length = inputUnit('length', props.units);
  return (
    <li className="fixture" aria-label={`Fixture ${n}: ${label}`}>
      <div className="fixture-head">
        <strong>
          {n}. {label}
        </strong>
        <button type="button" className="link danger" onClick={props.onRemove} aria-label={`Remove fixture ${n} (${label})`}>
          Remove
        </button>
      </div>
      <div className="row">
        <Field label={`Fixture ${n} name`} error={at('name')}>
          {(p) => <input {...p} value={f.name} placeholder={label} onChange={(e) => props.onChange({ name: e.target.value })} />}
        </Field>
        {spec?.basin && (
          <Field label={`Fixture ${n} compartments`} error={at('compartments')}>
            {(p) => <input {...p} value={f.compartments} inputMode="numeric" size={4} onChange={(e) => props.onChange({ compartments: e.target.value })} />}
          </Field>
        )}
        {spec?.flow_input && (
          <Field label={`Fixture ${n} flow (${inputUnit('flow', props.units)})`} error={at('gpm')}>
            {(p) => <input {...p} value={f.gpm} inputMode="decimal" size={6} onChange={(e) => props.onChange({ gpm: e.target.value })} />}
          </Field>
        )}
        {f.type === 'custom' && (
          <Field label={`Fixture ${n} DFU`} error={at('dfu')} hint={props.noEffect?.dfu}>
            {(p) => <input {...p} value={f.dfu} inputMode="numeric" size={4} onChange={(e) => props.onChange({ dfu: e.target.value })} />}
          </Field>
        )}
      </div>
      {(spec?.basin || f.type === 'custom') && (
        <div className="row">
          {spec?.basin && (
            <Check label="Typical dimensions" checked={f.uses_typical_dimensions} onChange={(v) => props.onChange({ uses_typical_dimensions: v })} />
          )}
          {!f.uses_typical_dimensions && (
            <>
              <Field label={`Fixture ${n} length (${length})`} error={at('dimensions.standard.length')}>
                {(p) => <input {...p} value={f.length} inputMode="decimal" size={5} onChange={(e) => props.onChange({ length: e.target.value })} />}
              </Field>
              <Field label={`Fixture ${n} width (${length})`} error={at('dimensions.standard.width')}>
                {(p) => <input {...p} value={f.width} inputMode="decimal" size={5} onChange={(e) => props.onChange({ width: e.target.value })} />}
              </Field>
              <Field label={`Fixture ${n} depth (${length})`} error={at('dimensions.standard.height')}>
                {(p) => <input {...p} value={f.height} inputMode="decimal" size={5} onChange={(e) => props.onChange({ height: e.target.value })} />}
              </Field>
            </>
          )}
        </div>
      )}
      {!f.uses_typical_dimensions && props.noEffect?.dimensions && <p className="field-hint">{props.noEffect.dimensions}</p>}
      {rowError && (
        <p className="field-error" role="alert">
          {rowError}
        </p>
      )}
    </li>
  );
}
