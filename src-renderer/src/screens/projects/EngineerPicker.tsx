/**
 * The project's engineer: a user found by typing a name, e-mail or company (each match says which
 * of those it matched), a new contact typed in (created with the project; a name read off the
 * drawings is enough, the e-mail may follow), or "not known yet". A contact known by name only
 * shows the fields to fill its e-mail in. A Draft's engineer may change; once the project is
 * submitted the field is locked and says why. What is typed stays typed until the rep chooses;
 * Enter never picks a match on its own.
 */
import { useState } from 'react';
import { Combobox } from '../../components/Combobox';
import { Field } from '../../components/Field';
import { useEditor } from '../../stores/project-editor-store';
import { chosenUser } from '../../stores/project-form';
import type { UserRow } from '../../../../src-shared/ipc/contract';

/** Which of the user's fields holds the words typed, for the match's "why". */
export function whyMatches(user: UserRow, query: string): string {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const fields: [string, string | null][] = [
    ['name', user.name],
    ['company', user.company],
    ['e-mail', user.email],
    ['position', user.position],
    ['zip', user.postal_code],
  ];
  const hits = fields.filter(([, value]) => value && words.some((w) => value.toLowerCase().includes(w)));
  if (hits.length === 0) return 'similar words';
  return hits.map(([field, value]) => (field === 'name' ? 'name' : `${field}: ${value}`)).join(' · ');
}

/** Why a project's engineer cannot change any more, in the rep's words (the API's 409 engineer_fixed says the same). */
export function engineerLockReason(status: string): string {
  const next = status === 'Submitted' ? 'Withdraw it to Draft to change the engineer.' : 'Duplicate the project to name another engineer.';
  return `Fixed once the project was submitted for review: the plan reviewer has it with this engineer of record. ${next}`;
}

/** `lockedWhy`: why the engineer cannot be changed here, said beside the locked field. */
export function EngineerPicker(props: { error: string | null; errorFor: (field: string) => string | null; disabled: boolean; lockedWhy?: string | null }) {
  const engineer = useEditor((s) => s.form?.engineer ?? null);
  const results = useEditor((s) => s.engineerResults);
  const query = useEditor((s) => s.engineerQuery);
  const set = useEditor((s) => s.set);
  const search = useEditor((s) => s.searchEngineers);
  // The text being typed; null shows the chosen engineer's name.
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  if (engineer?.kind === 'new') {
    const change = (patch: Partial<typeof engineer>) => set('engineer', { ...engineer, ...patch });
    return (
      <fieldset className="new-contact" disabled={props.disabled}>
        <legend>New contact (created with the project)</legend>
        <div className="row">
          <Field label="Contact name" error={props.errorFor('engineer.name')} className="grow">
            {(p) => <input {...p} value={engineer.name} onChange={(e) => change({ name: e.target.value })} />}
          </Field>
          <Field label="Contact e-mail" hint="May follow later: the project is saved now, and synced once it is filled in." error={props.errorFor('engineer.email')} className="grow">
            {(p) => <input {...p} type="email" value={engineer.email} onChange={(e) => change({ email: e.target.value })} />}
          </Field>
          <Field label="Contact company" className="grow">
            {(p) => <input {...p} value={engineer.company} onChange={(e) => change({ company: e.target.value })} />}
          </Field>
        </div>
        <button type="button" className="link" onClick={() => set('engineer', null)}>
          Choose an existing user instead
        </button>
      </fieldset>
    );
  }

  const typed = text ?? '';
  const shown = text ?? (engineer?.kind === 'user' ? engineer.name : engineer?.kind === 'unknown' ? 'Not known yet' : '');
  const searched = text !== null && text.trim() !== '' && query === text.trim();
  return (
    <div className="engineer-picker">
      <Combobox
        label="Engineer"
        listLabel="Matching users"
        value={shown}
        placeholder="Type a name, e-mail or company"
        disabled={props.disabled}
        error={props.error}
        items={results}
        open={open && text !== null && text.trim() !== ''}
        itemKey={(u) => String(u.id)}
        renderItem={(u) => (
          <>
            <strong>{u.name}</strong> <span className="muted">{[u.company, u.type].filter(Boolean).join(' · ')}</span>
            <span className="why">matches {whyMatches(u, typed)}</span>
          </>
        )}
        onInput={(value) => {
          setText(value);
          setOpen(true);
          search(value);
        }}
        onChoose={(user) => {
          set('engineer', chosenUser(user));
          setText(null);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
      {engineer?.kind === 'user' && engineer.fill && (
        <fieldset className="new-contact" disabled={props.disabled} data-testid="engineer-fill">
          <legend>{engineer.name}: e-mail not known yet</legend>
          <p className="muted small">Saved by name only. The sync sends this project once the engineer's e-mail is filled in.</p>
          <div className="row">
            <Field label="Engineer's e-mail" error={props.errorFor('engineer.email')} className="grow">
              {(p) => <input {...p} type="email" value={engineer.fill!.email} onChange={(e) => set('engineer', { ...engineer, fill: { ...engineer.fill!, email: e.target.value } })} />}
            </Field>
            <Field label="Engineer's company" className="grow">
              {(p) => <input {...p} value={engineer.fill!.company} onChange={(e) => set('engineer', { ...engineer, fill: { ...engineer.fill!, company: e.target.value } })} />}
            </Field>
          </div>
        </fieldset>
      )}
      <p className="field-hint" aria-live="polite">
        {props.disabled && props.lockedWhy && <span data-testid="engineer-locked">{props.lockedWhy}</span>}
        {searched && results.length === 0 && <span>No user matches “{typed.trim()}”. </span>}
        {typed.trim() !== '' && <span>Not chosen yet: pick a match, or </span>}
        {!props.disabled && (
          <>
            <button
              type="button"
              className="link"
              onClick={() => {
                const name = typed.trim();
                set('engineer', { kind: 'new', name: /@/.test(name) ? '' : name, email: /@/.test(name) ? name : '', company: '' });
                setText(null);
              }}
            >
              {typed.trim() ? `add “${typed.trim()}” as a new contact` : 'New contact…'}
            </button>
            {engineer?.kind !== 'unknown' && (
              <>
                {' · '}
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    set('engineer', { kind: 'unknown' });
                    setText(null);
                  }}
                >
                  Engineer not known yet
                </button>
              </>
            )}
          </>
        )}
      </p>
    </div>
  );
}
