/**
 * The editor's messages (src-renderer/src/stores/plain-errors.ts) without a browser: every problem
 * of a write body the contract's schema finds, named by the label the form shows and in the unit
 * the rep types in, never by its path. Bodies go through the real write schema.
 */
import { describe, expect, it } from 'vitest';
import { fieldWords, plainMessage, problemsOf } from '../../src-renderer/src/stores/plain-errors';

const MM_PER_IN = 25.4;
const LITRES_PER_SECOND_PER_GPM = 3.785411784 / 60;
/** The figures of a message, as numbers ("3,048 mm" → 3048). */
const figures = (message: string) => [...message.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => Number(m[0].replace(/,/g, '')));

describe('field labels', () => {
  it('names a fixture field by its row, counted from 1, and the form label of the field', () => {
    expect(fieldWords('fixtures.data.1.dimensions.standard.length.value')).toMatchObject({ label: 'Fixture 2 length', unit: 'inches' });
    // The form calls a basin's height its depth.
    expect(fieldWords('fixtures.data.0.dimensions.standard.height.value')?.label).toBe('Fixture 1 depth');
    expect(fieldWords('fixtures.data.4')?.label).toBe('Fixture 5');
    expect(fieldWords('address.postal_code')?.label).toBe('Zip code');
    expect(fieldWords('not_a_field')).toBeNull();
  });
});

describe('the problems of a write body', () => {
  it('a valid body has none', () => {
    expect(problemsOf({ servings_per_day: 150, fixtures: [{ type: 'hand-sink', uses_typical_dimensions: true }] })).toEqual({});
  });

  it('names every bad field at once by its label, never by its path', () => {
    const problems = problemsOf({ servings_per_day: 'many', burial_depth: 'deep', fixtures: [{ type: 'custom', uses_typical_dimensions: true, gpm: 'x' }] });
    expect(Object.keys(problems).sort()).toEqual(['burial_depth', 'fixtures.data.0.gpm', 'servings_per_day']);
    expect(problems.servings_per_day).toMatch(/^Servings per day must be a number/);
    expect(problems.burial_depth).toMatch(/^Burial depth must be a number in inches/);
    expect(problems['fixtures.data.0.gpm']).toMatch(/^Fixture 1 flow must be a number in GPM/);
    for (const message of Object.values(problems)) expect(message).not.toMatch(/_|fixtures\.data/);
  });

  it('in metric, speaks of mm and L/s and converts the schema bounds (stated in inches and GPM)', () => {
    const body = { burial_depth: 1e7, fixtures: [{ type: 'custom', uses_typical_dimensions: true, gpm: 1e7 }] };
    const standard = problemsOf(body, 'standard');
    const metric = problemsOf(body, 'metric');
    expect(standard.burial_depth).toMatch(/^Burial depth can't be more than [\d,.]+ inches\.$/);
    expect(metric.burial_depth).toMatch(/^Burial depth can't be more than [\d,.]+ mm\.$/);
    const bound = (message: string | undefined) => figures(message!).at(-1)!;
    expect(bound(metric.burial_depth)).toBe(Math.round(bound(standard.burial_depth) * MM_PER_IN));
    const flow = 'fixtures.data.0.gpm';
    expect(metric[flow]).toMatch(/L\/s\.$/);
    expect(bound(metric[flow])).toBeCloseTo(bound(standard[flow]) * LITRES_PER_SECOND_PER_GPM, 3);
  });

  it('says how a zip code and a state are written, and the name limit rather than a missing name', () => {
    expect(problemsOf({ address: { postal_code: '6060' } })['address.postal_code']).toMatch(/five digits/);
    expect(problemsOf({ address: { state: 'Illinois' } })['address.state']).toMatch(/two-letter/);
    expect(problemsOf({ name: '' }).name).toMatch(/name/i);
    const long = problemsOf({ name: 'x'.repeat(201) }).name!;
    expect(figures(long)).toContain(200);
  });

  it('asks for a new contact\'s e-mail in words, and keeps the engine\'s own sentence when the e-mail is taken', () => {
    const problems = problemsOf({ engineer: { name: 'Ana Ruiz', email: 'not-an-address' } });
    expect(problems['engineer.email']).toMatch(/e-mail/);
    expect(plainMessage('engineer.email', 'A user with this e-mail already exists.')).toBe('A user with this e-mail already exists.');
  });

  it('leaves a message about a field the form does not show as the engine wrote it', () => {
    expect(plainMessage('version', 'version must be a whole number.')).toBe('version must be a whole number.');
  });
});
