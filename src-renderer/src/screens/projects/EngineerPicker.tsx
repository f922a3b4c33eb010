/** Chooses the project's engineer (a user) by typing a name, e-mail or company: an ARIA combobox. */
import { useId, useState, type KeyboardEvent } from 'react';
import { useEditor } from '../../stores/project-editor-store';

export function EngineerPicker(props: { error: string | null; disabled: boolean }) {
  const id = useId();
  const engineer = useEditor((s) => s.form?.engineer ?? null);
  const results = useEditor((s) => s.engineerResults);
  const set = useEditor((s) => s.set);
  const search = useEditor((s) => s.searchEngineers);
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const open = text !== null && text.trim() !== '' && results.length > 0;

  const choose = (index: number) => {
    const user = results[index];
    if (!user) return;
    set('engineer', { id: user.id, name: user.name });
    setText(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, results.length - 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (e.key === 'Enter') choose(active);
    else if (e.key === 'Escape') setText(null);
    else return;
    e.preventDefault();
  };

  return (
    <div className={`field combobox${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>Engineer</label>
      <input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${id}-opt-${active}` : undefined}
        aria-invalid={Boolean(props.error)}
        aria-describedby={props.error ? `${id}-error` : undefined}
        disabled={props.disabled}
        placeholder="Type a name, e-mail or company"
        value={text ?? engineer?.name ?? ''}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          search(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setText(null), 150)}
      />
      {open && (
        <ul id={`${id}-list`} role="listbox" className="suggestions" aria-label="Matching users">
          {results.map((u, i) => (
            <li
              key={u.id}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(i);
              }}
            >
              <strong>{u.name}</strong> <span className="muted">{[u.company, u.type].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
        </ul>
      )}
      {props.error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
