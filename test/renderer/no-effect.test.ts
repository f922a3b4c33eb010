/**
 * "Inputs that change nothing say why" (src-renderer/src/screens/projects/no-effect.ts) without a
 * browser: each note appears exactly where the rule it cites makes the input idle, and not
 * elsewhere. The grease figures are Schier's ("Grease Production Sizing"): a high-grease menu
 * has no tier above it, so a fryer adds nothing there; at a low-grease menu it moves the menu up.
 */
import { describe, expect, it } from 'vitest';
import type { SizingPreview, Vocabulary } from '../../src-shared/ipc/contract';
import { noEffect } from '../../src-renderer/src/screens/projects/no-effect';
import { fixtureForm, newForm, type ProjectForm } from '../../src-renderer/src/stores/project-form';

const vocabulary = {
  menu_tiers: [
    { tier: 'low', label: 'Low grease', menu_types: [{ key: 'coffee-shop', label: 'Coffee shop' }] },
    { tier: 'high', label: 'High grease', menu_types: [{ key: 'fried-chicken', label: 'Fried chicken' }] },
  ],
  project_defaults: {
    construction_type: 'newConstruction',
    menu_type: 'coffee-shop',
    servings_per_day: 200,
    pump_out_target: 30,
    pipe_size: 4,
    installation_location: 'indoors',
    inside_trap_location: 'kitchen',
  },
} as unknown as Vocabulary;

const custom = { key: 'custom', label: 'Custom', basin: null, flow_input: true, typical_gpm: null };
const form = (changes: Partial<ProjectForm> = {}): ProjectForm => ({ ...newForm(vocabulary, 'standard'), ...changes });

/** The part of the engine's answer the notes read. */
const view = (sizing: { method?: string; jurisdiction?: string; excluded?: { kind: string; name: string; included: boolean; reason: string }[]; pumpOut?: { requested: number; held: number; min: number; max: number } }) =>
  ({
    sizing: {
      sizing_method: sizing.method ?? 'hydromechanical-by-flow',
      jurisdiction: { name: sizing.jurisdiction ?? 'Default rules' },
      excluded_fixtures: sizing.excluded ?? [],
      derivation: sizing.pumpOut
        ? [{ key: 'pump-out.target', inputs: [{ name: 'requested', value: sizing.pumpOut.requested }, { name: 'min', value: sizing.pumpOut.min }, { name: 'max', value: sizing.pumpOut.max }], result: { value: sizing.pumpOut.held } }]
        : [],
    },
  }) as unknown as SizingPreview;

describe('inputs that change nothing', () => {
  it('with 0 servings, says once that the grease inputs wait for servings, and nothing under each', () => {
    const notes = noEffect(form({ servings_per_day: '0', menu_type: 'fried-chicken' }), vocabulary, view({ pumpOut: { requested: 10, held: 30, min: 30, max: 90 } }));
    expect(notes.kitchen).toMatch(/servings per day is 0/);
    expect(notes.fryer).toBeNull();
    expect(notes.flatware).toBeNull();
    expect(notes.pump_out_target).toBeNull();
    // An empty box is not 0: nothing said.
    expect(noEffect(form({ servings_per_day: '' }), vocabulary, null).kitchen).toBeNull();
  });

  it('a fryer changes nothing at a high-grease menu, and does at a low-grease one; flatware always counts', () => {
    const high = noEffect(form({ menu_type: 'fried-chicken' }), vocabulary, null);
    expect(high.fryer).toMatch(/high grease menu/);
    expect(high.flatware).toBeNull();
    const low = noEffect(form({ menu_type: 'coffee-shop' }), vocabulary, null);
    expect(low.fryer).toBeNull();
    expect(low.flatware).toBeNull();
  });

  it('a pump-out target outside the jurisdiction\'s bounds says the bounds and the days sized for', () => {
    const notes = noEffect(form({ pump_out_target: '10' }), vocabulary, view({ jurisdiction: 'City of Austin', pumpOut: { requested: 10, held: 30, min: 30, max: 90 } }));
    expect(notes.pump_out_target).toMatch(/City of Austin/);
    expect(notes.pump_out_target).toMatch(/30–90 days/);
    expect(notes.pump_out_target).toMatch(/30 days\.$/);
    expect(noEffect(form({ pump_out_target: '45' }), vocabulary, view({ pumpOut: { requested: 45, held: 45, min: 30, max: 90 } })).pump_out_target).toBeNull();
  });

  it('a disposer kept out by the rules gives their reason, only while it is ticked', () => {
    const excluded = [{ kind: 'food-waste-disposer', name: 'Food waste disposer', included: false, reason: 'The rules keep disposers off grease interceptors.' }];
    expect(noEffect(form({ food_waste_disposer: true }), vocabulary, view({ excluded })).disposer).toMatch(/The rules keep disposers off/);
    expect(noEffect(form({ food_waste_disposer: false }), vocabulary, view({ excluded })).disposer).toBeNull();
  });

  it('sizing by the pipe only: idle with fixtures entered, and for a gravity unit, not for a hydromechanical one without fixtures', () => {
    const withFixture = form({ size_by_pipe_only: true, fixtures: [fixtureForm(custom, 'standard')] });
    expect(noEffect(withFixture, vocabulary, view({})).size_by_pipe_only).toMatch(/fixtures are entered/);
    expect(noEffect(form({ size_by_pipe_only: true }), vocabulary, view({ method: 'gravity-by-dfu' })).size_by_pipe_only).toMatch(/gravity/);
    expect(noEffect(form({ size_by_pipe_only: true }), vocabulary, view({})).size_by_pipe_only).toBeNull();
  });

  it("a custom fixture's DFU counts only for gravity sizing by DFU or formula; its sizes count only without an entered flow", () => {
    const f = { ...fixtureForm(custom, 'standard'), uses_typical_dimensions: false, gpm: '12' };
    const byFlow = noEffect(form({ fixtures: [f] }), vocabulary, view({})).fixtures[f.key]!;
    expect(byFlow.dfu).toMatch(/sizing by flow/);
    expect(byFlow.dimensions).toMatch(/flow is entered/);
    const byDfu = noEffect(form({ fixtures: [{ ...f, gpm: '' }] }), vocabulary, view({ method: 'gravity-by-dfu' })).fixtures[f.key]!;
    expect(byDfu).toEqual({ dfu: null, dimensions: null });
  });
});
