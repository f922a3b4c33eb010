/** Chooses the project's engineer (a user) by typing a name, e-mail or company. */
import { useState } from 'react';
import { Combobox } from '../../components/Combobox';
import { useEditor } from '../../stores/project-editor-store';

export function EngineerPicker(props: { error: string | null; disabled: boolean }) {
  const engineer = useEditor((s) => s.form?.engineer ?? null);
  const results = useEditor((s) => s.engineerResults);
  const set = useEditor((s) => s.set);
  const search = useEditor((s) => s.searchEngineers);
  // The text being typed; null shows the chosen engineer's name.
  const [text, setText] = useState<string | null>(null);

  return (
    <Combobox
      label="Engineer"
      listLabel="Matching users"
      value={text ?? engineer?.name ?? ''}
      placeholder="Type a name, e-mail or company"
      disabled={props.disabled}
      error={props.error}
      items={results}
      open={text !== null && text.trim() !== ''}
      enterChoosesFirst
      itemKey={(u) => String(u.id)}
      renderItem={(u) => (
        <>
          <strong>{u.name}</strong> <span className="muted">{[u.company, u.type].filter(Boolean).join(' · ')}</span>
        </>
      )}
      onInput={(value) => {
        setText(value);
        search(value);
      }}
      onChoose={(user) => {
        set('engineer', { id: user.id, name: user.name });
        setText(null);
      }}
      onClose={() => setText(null)}
    />
  );
}
