/** Users, filtered by type; a user's details and projects. */
import { useEffect } from 'react';
import type { UserTypeKey } from '../../../../src-shared/api/vocabulary';
import { Field } from '../../components/Field';
import { ErrorNotice } from '../../components/Notice';
import { useApp } from '../../stores/app-store';
import { usePeople } from '../../stores/people-store';
import { paths } from '../../router';
import { StatusBadge } from '../projects/StatusBadge';

export function UsersScreen(props: { id: number | null }) {
  const vocabulary = useApp((s) => s.vocabulary);
  const { type, users, total, loading, error, setType, load, loadMore } = usePeople();

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="screen users" aria-labelledby="users-title">
      <header className="screen-header">
        <h1 id="users-title">Users</h1>
      </header>
      <div className="split">
        <div className="split-main">
          <form className="filters" onSubmit={(e) => e.preventDefault()}>
            <Field label="User type">
              {(p) => (
                <select {...p} value={type} onChange={(e) => setType(e.target.value as UserTypeKey | '')}>
                  <option value="">Every type</option>
                  {vocabulary?.user_types.map((t) => (
                    <option key={t.key} value={t.key}>
                      {t.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <p className="count">{total.toLocaleString('en-US')} users · Ctrl+K searches by name</p>
          </form>
          <ErrorNotice message={error} action={{ label: 'Retry', run: () => void load() }} />
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Company</th>
                  <th scope="col">Type</th>
                  <th scope="col" className="num">
                    Projects
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.map((u) => (
                  <tr key={u.id} className={props.id === u.id ? 'selected' : undefined}>
                    <td>
                      <a href={paths.user(u.id)}>{u.name}</a>
                    </td>
                    <td>{u.company ?? '—'}</td>
                    <td>{u.type ?? '—'}</td>
                    <td className="num">{u.number_of_projects}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {users.length < total && (
              <button type="button" className="load-more" onClick={() => void loadMore()} disabled={loading}>
                Show more
              </button>
            )}
          </div>
        </div>
        <div className="split-side">{props.id !== null ? <UserDetail id={props.id} /> : <p className="muted">Choose a user to see their projects.</p>}</div>
      </div>
    </section>
  );
}

function UserDetail(props: { id: number }) {
  const { user, userError, openUser } = usePeople();
  useEffect(() => {
    void openUser(props.id);
  }, [props.id, openUser]);
  if (userError) return <ErrorNotice message={userError} />;
  if (!user || user.id !== props.id) return <p className="loading">Loading…</p>;
  return (
    <article className="card" aria-labelledby="user-title">
      <h2 id="user-title">{user.name}</h2>
      <dl className="facts">
        <dt>Type</dt>
        <dd>{user.type ?? '—'}</dd>
        <dt>Company</dt>
        <dd>{[user.position, user.company].filter(Boolean).join(', ') || '—'}</dd>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${user.email}`}>{user.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>{user.phone_number ?? '—'}</dd>
        <dt>Zip code</dt>
        <dd>{user.postal_code}</dd>
        <dt>Last active</dt>
        <dd>{user.last_active}</dd>
      </dl>
      <h3>
        Projects ({user.number_of_projects}, {user.number_of_pre_approval_projects} submitted for pre-approval)
      </h3>
      {(user.projects?.data.length ?? 0) === 0 ? (
        <p className="muted">No projects.</p>
      ) : (
        <ul className="linked">
          {user.projects!.data.map((p) => (
            <li key={p.id}>
              <a href={paths.project(p.id)}>{p.name}</a> <StatusBadge status={p.status} /> <span className="muted">{p.recommended_product ?? ''}</span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
