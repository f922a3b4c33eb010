/**
 * The engine's and the schema's messages in a rep's words: each names its field by the label the
 * form shows ("Servings per day", "Fixture 2 length") instead of its path
 * (`fixtures.data.1.dimensions.standard.length.value`), and says the unit. The rules stay in the
 * write schema (src-shared/api/project-write.ts); this only rewords what it says.
 */
import type { z } from 'zod';
import { projectPatchBody } from '../../../src-shared/api/project-write';
import { inputUnit, toShownInput, type InputQuantity, type UnitSystem } from '../../../src-shared/display-units';

/** A field's label, its unit in words, and the quantity it measures when metric mode converts it. */
interface Words {
  label: string;
  unit?: string;
  quantity?: InputQuantity;
}

const TOP: Record<string, Words> = {
  name: { label: 'Project name' },
  engineer: { label: 'Engineer' },
  construction_type: { label: 'Construction type' },
  'address.street': { label: 'Street' },
  'address.street_2': { label: 'Street (line 2)' },
  'address.city': { label: 'City' },
  'address.state': { label: 'State' },
  'address.postal_code': { label: 'Zip code' },
  jurisdiction: { label: 'Jurisdiction' },
  menu_type: { label: 'Menu type' },
  servings_per_day: { label: 'Servings per day', unit: 'meals a day' },
  pump_out_target: { label: 'Pump-out target', unit: 'days' },
  burial_depth: { label: 'Burial depth', unit: 'inches', quantity: 'length' },
  pipe_size: { label: 'Pipe size', unit: 'inches' },
  size_by_pipe_only: { label: 'Size by the drain pipe only' },
  installation_location: { label: 'Installation' },
  inside_trap_location: { label: 'Inside location' },
};

const FIXTURE: Record<string, Words> = {
  name: { label: 'name' },
  type: { label: 'kind' },
  compartments: { label: 'compartments' },
  gpm: { label: 'flow', unit: 'GPM', quantity: 'flow' },
  dfu: { label: 'DFU' },
  'dimensions.standard.length': { label: 'length', unit: 'inches', quantity: 'length' },
  'dimensions.standard.width': { label: 'width', unit: 'inches', quantity: 'length' },
  'dimensions.standard.height': { label: 'depth', unit: 'inches', quantity: 'length' },
};

/** The label and unit of a field path, or null for a path the form does not show. */
export function fieldWords(path: string): Words | null {
  const fixture = /^fixtures\.data\.(\d+)(?:\.(.+?))?(?:\.value)?$/.exec(path);
  if (fixture) {
    const n = Number(fixture[1]) + 1;
    const rest = fixture[2];
    if (!rest) return { label: `Fixture ${n}` };
    const words = FIXTURE[rest];
    return words ? { ...words, label: `Fixture ${n} ${words.label}` } : { label: `Fixture ${n}` };
  }
  const key = Object.keys(TOP).find((k) => path === k || path.startsWith(`${k}.`));
  return key ? TOP[key]! : null;
}

/** "Length must be a number in inches", "Pump-out target must be a number of days". */
const NUMBER_OF: Record<string, string> = { inches: ' in inches', mm: ' in mm', GPM: ' in GPM', 'L/s': ' in L/s', days: ' of days' };

const UNIT_WORDS: Record<string, string> = { in: 'inches', GPM: 'GPM', days: 'days' };

/**
 * One message in plain words for the field at `path`. In metric mode a measured field speaks in
 * the unit it is typed in: the schema's bounds (in inches, GPM) are converted ("can't be more than
 * 3,048 mm").
 */
export function plainMessage(path: string, message: string, units: UnitSystem = 'standard'): string {
  const words = fieldWords(path);
  if (!words) return message;
  const metric = units === 'metric' && words.quantity !== undefined;
  const label = words.label;
  const unit = metric ? inputUnit(words.quantity!, 'metric') : words.unit;
  if (path === 'name') {
    // A name that is too long says the limit (the schema's), not that it is missing.
    const most = /at most (\d[\d,]*)|<=\s*(\d+)|too_big/.exec(message);
    const limit = /(\d[\d,]*)/.exec(message)?.[1];
    if (most && limit) return `The project name is at most ${limit} characters.`;
    return 'Give the project a name.';
  }
  if (path.startsWith('engineer')) {
    if (path === 'engineer.email') return /already|e-mail first|only a contact/.test(message) ? message : "Type the engineer's e-mail as name@company.com, or leave it empty until it is known.";
    if (path === 'engineer.name') return "Type the new contact's name.";
    if (/already|No user|fixed once|Pre-approval/.test(message)) return message;
    return 'Choose the engineer, type a new contact, or mark the engineer as not known yet.';
  }
  if (path === 'address.postal_code') return 'Zip code must be five digits, like 60601.';
  if (path === 'address.state') return 'State must be a two-letter code, like IL.';
  if (/must be a (finite )?number|expected number|must be in inches|is a number of/i.test(message)) return `${label} must be a number${NUMBER_OF[unit ?? ''] ?? ''}.`;
  if (/must be a whole number/.test(message)) return `${label} must be a whole number${unit ? ` of ${unit}` : ''}.`;
  if (/must be at least 0\b/.test(message)) return `${label} can't be negative.`;
  const bound = /must be (at least|more than|at most) ([\d,.]+)\s*(.*?)\.?$/.exec(message);
  if (bound) {
    const [, how, value, rawUnit] = bound;
    const u = metric ? unit : (UNIT_WORDS[rawUnit ?? ''] ?? rawUnit ?? unit ?? '');
    const shown = metric ? toShownInput(words.quantity!, Number(value!.replace(/,/g, '')), 'metric').toLocaleString('en-US') : value;
    const phrase = how === 'at most' ? "can't be more than" : `must be ${how}`;
    return `${label} ${phrase} ${shown}${u ? ` ${u}` : ''}.`;
  }
  if (/required when typical dimensions are not used/.test(message)) return `${label} needs its length, width and depth in ${units === 'metric' ? 'mm' : 'inches'} (or tick Typical dimensions).`;
  if (/must be one of/.test(message)) return `Choose a ${label.toLowerCase()} from the list.`;
  // Anything else: the engine's sentence with the field's path replaced by its label.
  const field = path.split('.').pop() ?? path;
  return message.replace(new RegExp(`^(${path.replace(/\./g, '\\.')}|${field})\\b`), label);
}

/** Every problem of the form at once, by field path (the schema of the write, checked here). */
export function problemsOf(body: unknown, units: UnitSystem = 'standard'): Record<string, string> {
  const result = projectPatchBody.safeParse(body);
  if (result.success) return {};
  return issuesByField(result.error.issues, units);
}

function issuesByField(issues: readonly z.core.$ZodIssue[], units: UnitSystem): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    // The first message of a field is the one to fix first.
    if (out[path] === undefined) out[path] = plainMessage(path, issue.message, units);
  }
  return out;
}
