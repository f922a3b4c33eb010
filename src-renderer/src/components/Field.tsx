/** A labelled form control with the engine's message for it underneath (linked for screen readers). */
import { useId, type ReactNode } from 'react';

export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export function Field(props: { label: string; error?: string | null; hint?: string | null; className?: string; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.error ? errorId : null, props.hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${props.error ? ' field-invalid' : ''}${props.className ? ` ${props.className}` : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      {props.children({ id, 'aria-invalid': Boolean(props.error), 'aria-describedby': describedBy })}
      {props.hint && (
        <p id={hintId} className="field-hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId} className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label after it. */
export function Check(props: { label: string; checked: boolean; disabled?: boolean; hint?: string | null; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="check">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <label htmlFor={id}>{props.label}</label>
      {props.hint && (
        <p id={`${id}-hint`} className="field-hint">
          {props.hint}
        </p>
      )}
    </div>
  );
}
