/**
 * The project status state machine (spec §3 lists the states; the transitions are ours). One
 * table, read by the engine to allow or refuse a change and by the UI to offer the actions.
 */
import type { ProjectStatus } from './vocabulary.js';

export type Actor = 'user' | 'administrator';

export interface Transition {
  from: ProjectStatus;
  to: ProjectStatus;
  by: Actor;
  description: string;
}

export const TRANSITIONS: readonly Transition[] = [
  { from: 'Draft', to: 'Submitted', by: 'user', description: 'Submit for pre-approval (needs a full address and a jurisdiction).' },
  { from: 'Submitted', to: 'Draft', by: 'user', description: 'Withdraw a submission an administrator has not yet received.' },
  { from: 'Submitted', to: 'Pending', by: 'administrator', description: 'Receive the submission for review.' },
  { from: 'Pending', to: 'Closed/Approved', by: 'administrator', description: 'Approve: the jurisdiction accepts a project of this nature.' },
  { from: 'Pending', to: 'Closed', by: 'administrator', description: 'Close the review without approval.' },
  { from: 'Draft', to: 'Closed', by: 'user', description: 'Close the project.' },
  { from: 'Submitted', to: 'Closed', by: 'user', description: 'Close the project and withdraw the submission.' },
  { from: 'Pending', to: 'Closed', by: 'user', description: 'Close the project and end its review.' },
];

/** The changes open from a status, for the given actors. */
export function allowedTransitions(from: ProjectStatus, actors: readonly Actor[]): Transition[] {
  // One per target: a user who is also an administrator may close a Pending project either way.
  const allowed = TRANSITIONS.filter((t) => t.from === from && actors.includes(t.by));
  return allowed.filter((t, i) => allowed.findIndex((u) => u.to === t.to) === i);
}

/** Only a draft's inputs may change: a submitted project is what the jurisdiction reviews. */
export const EDITABLE_STATUSES: readonly ProjectStatus[] = ['Draft'];
/** Only a draft may be deleted; anything submitted stays on record. */
export const DELETABLE_STATUSES: readonly ProjectStatus[] = ['Draft'];
