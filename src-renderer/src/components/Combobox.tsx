/**
 * A text field with suggestions as you type, as an ARIA combobox: arrow keys move through the
 * suggestions, Enter chooses, Escape closes, a click chooses. What to suggest and what choosing
 * means stay with the caller.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface ComboboxProps<T> {
  label: string;
  /** Accessible name of the suggestion list. */
  listLabel: string;
  value: string;
  placeholder: string;
  disabled?: boolean;
  error: string | null | undefined;
  items: readonly T[];
  /** Whether suggestions are wanted now (typing, focused …); they show only when there are some. */
  open: boolean;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** true: Enter with nothing highlighted chooses the first suggestion. */
  enterChoosesFirst?: boolean;
  onInput: (text: string) => void;
  onChoose: (item: T) => void;
  onClose: () => void;
  onFocus?: () => void;
}

export function Combobox<T>(props: ComboboxProps<T>) {
  const id = useId();
  const start = props.enterChoosesFirst ? 0 : -1;
  const [active, setActive] = useState(start);
  const visible = props.open && props.items.length > 0;
  const input = useRef<HTMLInputElement>(null);

  const choose = (index: number) => {
    const item = props.items[index];
    if (item !== undefined) props.onChoose(item);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!visible) return;
    if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, props.items.length - 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (e.key === 'Enter' && active >= 0) choose(active);
    else if (e.key === 'Escape') props.onClose();
    else return;
    e.preventDefault();
  };

  return (
    <div className={`field combobox${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        ref={input}
        role="combobox"
        aria-expanded={visible}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={visible && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-invalid={Boolean(props.error)}
        aria-describedby={props.error ? `${id}-error` : undefined}
        disabled={props.disabled}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => {
          setActive(start);
          props.onInput(e.target.value);
        }}
        onFocus={props.onFocus}
        // Late, so a click on a suggestion lands before the list closes; not when focus came back meanwhile.
        onBlur={() =>
          setTimeout(() => {
            if (document.activeElement !== input.current) props.onClose();
          }, 150)
        }
        onKeyDown={onKeyDown}
      />
      {visible && (
        <ul id={`${id}-list`} role="listbox" className="suggestions" aria-label={props.listLabel}>
          {props.items.map((item, i) => (
            <li
              key={props.itemKey(item)}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(i);
              }}
            >
              {props.renderItem(item)}
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
