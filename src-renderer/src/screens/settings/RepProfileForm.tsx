/** Settings → "Your details on reports": the rep's company and contact printed on every report PDF. */
import { useEffect, useState } from 'react';
import type { RepProfile } from '../../../../src-shared/ipc/contract';
import { repProfileProblems } from '../../../../src-shared/ipc/rep-profile';
import { Field } from '../../components/Field';
import { ErrorNotice, InfoNotice } from '../../components/Notice';
import { call, CallError, messageOf } from '../../transport/bridge';

const EMPTY: RepProfile = { company: '', name: '', email: '', phone: '' };

export function RepProfileForm() {
  const [values, setValues] = useState<RepProfile | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    call('report.profile', {})
      .then(setValues)
      .catch((error: unknown) => {
        setValues(EMPTY);
        setFailure(messageOf(error));
      });
  }, []);
  if (!values) return null;
  const field = (key: keyof RepProfile, label: string, type = 'text') => (
    <Field label={label} error={errors[key]} className="grow">
      {(p) => <input {...p} type={type} value={values[key]} onChange={(e) => setValues({ ...values, [key]: e.target.value })} />}
    </Field>
  );
  return (
    <form
      noValidate
      className="card"
      aria-labelledby="rep-profile-title"
      onSubmit={async (e) => {
        e.preventDefault();
        setMessage(null);
        setFailure(null);
        // Every field that needs fixing, at once (the service names one at a time).
        const problems = repProfileProblems(values);
        setErrors(problems);
        if (Object.keys(problems).length > 0) return;
        try {
          setValues(await call('report.setProfile', values));
          setErrors({});
          setMessage('Saved: new reports carry these details.');
        } catch (error) {
          if (error instanceof CallError && error.param) setErrors({ [error.param]: error.message });
          else setFailure(messageOf(error));
        }
      }}
    >
      <h2 id="rep-profile-title">Your details on reports</h2>
      <p className="muted">Printed at the top of every report PDF and in its “Prepared by” block.</p>
      <div className="row">
        {field('company', 'Company')}
        {field('name', 'Your name')}
      </div>
      <div className="row">
        {field('email', 'E-mail', 'email')}
        {field('phone', 'Phone', 'tel')}
      </div>
      <button type="submit" className="primary">
        Save details
      </button>
      <InfoNotice message={message} />
      <ErrorNotice message={failure} />
    </form>
  );
}
