/**
 * Product text. Each description is a hand-written lead sentence for the product's family plus
 * sentences generated from its own figures (ratings, capacities, size, options, locations), so
 * that two sizes of one family never read the same. Prose avoids abbreviations that end in a
 * period ("in.", "lb.") so that sentences can be counted.
 */
import type { Draft } from './draft';
import { fmt } from './util';

export interface ProductText {
  description: string;
  short_description: string | null;
  market_specific_description: string | null;
}

const std = (d: Draft) => d.ratings.filter((r) => !r.efficiency_99 && r.grease_lbs > 0);
const at99 = (d: Draft) => d.ratings.filter((r) => r.efficiency_99 && r.grease_lbs > 0);
const flowOnly = (d: Draft) => d.ratings.filter((r) => r.grease_lbs === 0);
const gpm = (n: number) => `${fmt(n)} GPM`;
const size = (d: Draft): string | null => {
  const s = d.base_dimensions?.standard;
  return s ? `${fmt(s.length)} × ${fmt(s.width)} × ${fmt(s.height)} in` : null;
};
const weight = (d: Draft): string | null => {
  const s = d.base_dimensions;
  return s ? `${fmt(s.standard.weight)} lb (${fmt(s.metric.weight)} kg)` : null;
};
const maxFlow = (d: Draft) => Math.max(0, ...std(d).map((r) => r.flow_gpm));
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function ratingSentence(d: Draft): string | null {
  const rs = std(d);
  if (rs.length === 0) {
    const fo = flowOnly(d);
    if (fo.length === 0) return null;
    const parts = fo.map((r) => `${gpm(r.flow_gpm)}${r.label ? ` with ${r.label} connections` : ''}`);
    return `It is rated for ${parts.join(' and ')}.`;
  }
  const parts = rs.map((r, i) =>
    i === 0 ? `${gpm(r.flow_gpm)} with ${fmt(r.grease_lbs)} lb (${fmt(r.grease_gal)} gal) of grease capacity` : `${gpm(r.flow_gpm)} with ${fmt(r.grease_lbs)} lb`,
  );
  let s = `It is rated ${parts.join(' and ')}`;
  const e = at99(d);
  if (e.length > 0) s += `, and at 99% separation efficiency it still holds ${e.map((r) => `${fmt(r.grease_lbs)} lb at ${gpm(r.flow_gpm)}`).join(' and ')}`;
  return `${s}.`;
}

function bodySentence(d: Draft): string | null {
  const sz = size(d);
  if (!sz) return null;
  const caps: string[] = [];
  if (d.liquid_capacity) caps.push(`${fmt(d.liquid_capacity.gal)} gal of liquid`);
  if (d.solids_capacity) caps.push(`${fmt(d.solids_capacity.gal)} gal of solids`);
  const subject = d.types[0]?.endsWith('interceptors') || d.types[0] === 'oil-water-separators' ? 'The body' : 'It';
  if (caps.length === 0) return `${subject} measures ${sz} and weighs ${weight(d)}.`;
  return `${subject} measures ${sz}, weighs ${weight(d)} and holds ${caps.join(' and ')} before pump-out.`;
}

/** '6" Plain Inlet/Outlet with Pumpout Port Connections' -> '6" plain inlet and outlet with pumpout port connections' */
function connectionPhrase(name: string): string {
  const text = name
    .replace(/Inlet\/Outlet/, 'inlet and outlet')
    .split(' ')
    .map((w) => w.split('/').map((part) => (part === 'FPT' ? part : part.toLowerCase())).join('/'))
    .join(' ');
  return /connections$/.test(text) ? text : `${text} connections`;
}

/** 'H-20 Rated Pickable Cast Iron Cover' -> 'an H-20 rated pickable cast iron cover' */
function coverPhrase(name: string): string {
  const text = name.toLowerCase().replace(/\bh-20\b/, 'H-20');
  return `${/^[aeioH]/.test(text) ? 'an' : 'a'} ${text}`;
}

function optionsSentence(d: Draft): string | null {
  const conn = d.options.find((o) => o.option_type === 'connection');
  const cov = d.options.find((o) => o.option_type === 'cover');
  const where = d.installation_options;
  const parts: string[] = [];
  if (conn) parts.push(connectionPhrase(conn.name));
  if (cov) parts.push(coverPhrase(cov.name));
  const config = parts.length ? `This configuration has ${parts.join(' and ')}` : null;
  const loc = where ? `installs ${lowerFirst(where.location_as_text)}${where.traffic_area ? ', including traffic areas' : ''}` : null;
  if (config && loc) return `${config}, and ${loc}.`;
  if (config) return `${config}.`;
  if (loc) return `It ${loc}.`;
  return null;
}

/** Hand-written lead sentences, by family (facts products by name). */
function lead(d: Draft): string {
  const n = d.short_name;
  const f = maxFlow(d);
  const gal = d.liquid_capacity ? fmt(d.liquid_capacity.gal) : '';
  switch (d.family) {
    case 'facts:GB-250':
      return 'The GB-250 is a large-capacity hydromechanical grease interceptor for full-service restaurants, commissaries and food courts that have outgrown small under-floor units.';
    case 'facts:GB1':
      return 'The GB1 is a compact hydromechanical grease interceptor sized for a single three-compartment sink or a small prep line, light enough for one installer to carry.';
    case 'facts:GB-1000':
      return 'The GB-1000 is the largest hydromechanical interceptor in the line and is also listed as a gravity grease interceptor, so one unit answers either sizing method where a jurisdiction has not settled on one.';
    case 'facts:GB-1000 (legacy)':
      return 'The GB-1000 (legacy) is the earlier 1,000-gallon-class body, kept in the catalog so that replacements and additions can be quoted on sites where the original unit is installed.';
    case 'facts:GB-1000-B':
      return 'The GB-1000-B is a 1,000-gallon-class hydromechanical interceptor built around a single 200 GPM rating, for large kitchens that would otherwise need two units in parallel.';
    case 'facts:SI-75':
      return 'The SI-75 is a solids interceptor that stops bones, food scraps and debris ahead of the grease interceptor and the sewer, so the downstream unit spends its capacity on grease.';
    case 'facts:FCR1':
      return 'The FCR1 is a field-cut riser for the compact interceptors that brings the access cover up to finished grade when the unit is buried.';
    case 'facts:FCR2':
      return 'The FCR2 is the large field-cut riser for buried interceptors with 24-inch access openings, trimmed on site to match the burial depth.';
    case 'facts:CA2':
      return 'The CA2 riser adapter joins a riser or a standard cover to the access opening of a buried interceptor, so the same covers can be used at grade on every unit.';
    case 'facts:FCR10':
      return 'The FCR10 is a slim 9-inch riser that extends a sampling or cleanout opening up to grade.';
    case 'facts:AK1':
      return 'The AK1 anchor kit ties a large buried interceptor down against buoyancy where the water table is high.';
    case 'facts:AK2':
      return 'The AK2 anchor kit holds mid-size buried interceptors down against buoyancy in wet soils.';
    case 'facts:AK3':
      return 'The AK3 is the compact anchor kit for tight excavations and cylindrical tanks, with hardware for a poured concrete deadman.';
    case 'facts:AGS1':
      return 'The AGS1 above-grade support kit holds an interceptor level and clear of the floor where it is installed above grade.';
    case 'facts:AGS2':
      return 'The AGS2 is the heavy-duty above-grade support frame for the larger interceptors set on a slab or a mezzanine floor.';
    case 'facts:ATD1':
      return 'The ATD1 tie-down locks a cover adapter to its riser so that passing traffic cannot shift or lift it.';
    case 'facts:CC1':
      return 'The CC1 clamping collar seals the joint between an FCR1 riser and the interceptor body and keeps groundwater out.';
    case 'facts:CC2':
      return 'The CC2 clamping collar seals a 24-inch-class riser to the interceptor body and keeps groundwater out of the joint.';
    case 'facts:SV24-O':
      return 'The SV24-O is an offset sampling port that gives inspectors a clean point to draw effluent samples downstream of the interceptor.';
    case 'facts:SV24':
      return 'The SV24 is an in-line sampling port for pretreatment programs that require effluent samples from every grease interceptor.';
    case 'facts:SV10':
      return 'The SV10 is a compact sampling port with a 10-inch access for effluent sampling where space is tight.';
    case 'facts:FS-DUO':
      return 'The FS-DUO flow splitter divides one inlet line evenly between two interceptors installed in parallel, doubling the rated flow of a system without a larger single unit.';
    case 'facts:FPT-BX-34':
      return 'The FPT-BX-34 is a threaded (FPT) fitting kit that connects 3-inch or 4-inch lines to an interceptor.';
    case 'facts:FPT-BX-23':
      return 'The FPT-BX-23 is a threaded (FPT) fitting kit that connects 2-inch or 3-inch lines to an interceptor.';
    case 'facts:FPT-EA-34':
      return 'The FPT-EA-34 is a threaded (FPT) end adapter for 3-inch and 4-inch interceptor connections.';
    case 'facts:FPT-EA-23':
      return 'The FPT-EA-23 is a threaded (FPT) end adapter for 2-inch and 3-inch interceptor connections.';
    case 'facts:C24H':
      return 'The C24H is a 24-inch replacement access cover for risers and interceptor openings.';
    case 'facts:C24HP':
      return 'The C24HP is a heavy pickable 24-inch cover for access openings in driveways, drive-throughs and parking areas.';
    case 'facts:C24H2':
      return 'The C24H2 is a 24-inch replacement cover for the second access opening of two-manway interceptors.';
    case 'facts:C21M':
      return 'The C21M is a light 22-inch cover for compact interceptors and FCR1 risers in pedestrian areas.';
    case 'facts:C24BC':
      return 'The C24BC is a 24-inch bolt-down cover that keeps an access opening closed against tampering.';
    case 'vfc':
      return 'The VFC-25 is a vented flow control for 2-inch and 3-inch lines that limits the flow into a GB1 to its 25 GPM rating and admits air at the inlet.';
    case 'pk':
      return 'The PK-4 pump-out kit brings a permanent 4-inch suction line from the bottom of a large in-ground interceptor to a cam-lock fitting at grade, so the pumper never has to open the cover.';
    case 'vk':
      return 'The VK-2 vent kit adds a 2-inch vent connection to a hydromechanical interceptor where the code calls for venting the unit itself.';
    case 'csa':
      return `The ${n} is the Canadian-market version of the ${n.replace(/ CSA$/, '')}, with the same body and ratings, certified to CSA B481.1.`;
    case 'gb250-pumpout':
      return 'The GB-250 Pump-Out is the GB-250 body with built-in pump-out connections, for sites where a solids interceptor upstream and a vacuum truck at the curb are part of the design.';
    case 'gb-small':
      return `The ${n} is a compact hydromechanical grease interceptor between the GB1 and the large in-ground units, suited to ${f >= 50 ? 'a busy quick-service kitchen with several sinks' : 'two or three sinks and a dishwasher'}.`;
    case 'hm':
      if (f <= 10) return `The ${n} is a small polyethylene hydromechanical interceptor for a bar sink, coffee station or single prep sink.`;
      if (f <= 50) return `The ${n} is a polyethylene hydromechanical interceptor for quick-service and café kitchens with a three-compartment sink and a prep line.`;
      if (f <= 150) return `The ${n} is a large-capacity polyethylene hydromechanical interceptor for full-service restaurants, cafeterias and grocery delis.`;
      return `The ${n} is a high-flow polyethylene hydromechanical interceptor for hospitals, stadiums, commissaries and other institutional kitchens.`;
    case 'hs':
      return `The ${n} is a compact coated-steel hydromechanical interceptor that sits on the kitchen floor or recessed flush with it, where there is no room to dig for an in-ground unit.`;
    case 'uc':
      return `The ${n} is a point-of-use grease interceptor that fits in the cabinet under the fixture it serves, with a lid that opens without tools for daily cleaning.`;
    case 'gg-poly':
      return `The ${n} is a ${gal}-gallon two-compartment gravity grease interceptor molded in polyethylene, light enough to set with a small excavator.`;
    case 'gg-frp':
      return `The ${n} is a ${gal}-gallon fiberglass-reinforced gravity grease interceptor for food-service sites whose drainage load calls for a large in-ground tank.`;
    case 'sx':
      return `The ${n} is a solids interceptor with a removable basket that catches food solids ahead of the grease interceptor.`;
    case 'fc':
      return `The ${n} is a vented flow control that limits the flow into a hydromechanical interceptor to its ${gpm(Number(n.replace('FC-', '')))} rating, as PDI-G101 and ASME A112.14.3 require.`;
    case 'ow':
      return `The ${n} was a coalescing oil-water separator for vehicle wash bays and maintenance garages; the line is discontinued and kept here for service and replacement records.`;
    default:
      throw new Error(`no lead sentence for family "${d.family}" (${d.part_number})`);
  }
}

function shortDescription(d: Draft): string | null {
  const rs = std(d);
  const flows = [...new Set(rs.map((r) => r.flow_gpm))];
  const flowText = flows.length > 1 ? `${fmt(Math.min(...flows))}–${fmt(Math.max(...flows))} GPM` : flows.length ? gpm(flows[0] ?? 0) : '';
  const s = d.base_dimensions?.standard;
  switch (d.types[0]) {
    case 'hydromechanical-grease-interceptors':
      return `${flowText} hydromechanical grease interceptor, ${fmt(rs[0]?.grease_lbs ?? 0)} lb grease capacity`;
    case 'gravity-grease-interceptors':
      return `${fmt(d.liquid_capacity?.gal ?? 0)} gal gravity grease interceptor, ${flowText} at 30-minute retention`;
    case 'solids-interceptors':
      return `Solids interceptor, up to ${gpm(Math.max(...flowOnly(d).map((r) => r.flow_gpm)))}, ${fmt(d.solids_capacity?.gal ?? 0)} gal solids capacity`;
    case 'oil-water-separators':
      return `Discontinued ${gpm(d.ratings[0]?.flow_gpm ?? 0)} oil-water separator`;
    case 'flow-controls':
      return `Vented flow control for interceptors rated ${d.part_number === '8400-011-02' ? '20–25 GPM' : gpm(Number(d.short_name.replace('FC-', '')))}`;
    default: {
      const what = ACCESSORY_SHORT[d.family];
      if (what === undefined) throw new Error(`no short description for family "${d.family}" (${d.part_number})`);
      if (what === null) return null;
      return s ? `${what}, ${fmt(s.length)} × ${fmt(s.width)} × ${fmt(s.height)} in, ${fmt(s.weight)} lb` : what;
    }
  }
}

/** One-line descriptions of accessories (null: none published, the list shows the name only). */
const ACCESSORY_SHORT: Record<string, string | null> = {
  'facts:FCR1': 'Field-cut riser for compact interceptors',
  'facts:FCR2': 'Field-cut riser for 24-inch access openings',
  'facts:CA2': 'Riser adapter for buried interceptors',
  'facts:FCR10': 'Slim riser for sampling and cleanout openings',
  'facts:AK1': 'Anchor kit for large buried interceptors',
  'facts:AK2': 'Anchor kit for mid-size buried interceptors',
  'facts:AK3': 'Compact anchor kit with deadman hardware',
  'facts:AGS1': 'Above-grade support kit',
  'facts:AGS2': 'Heavy-duty above-grade support frame',
  'facts:ATD1': 'Tie-down for cover adapters in traffic areas',
  'facts:CC1': 'Clamping collar for FCR1 risers',
  'facts:CC2': 'Clamping collar for 24-inch-class risers',
  'facts:SV24-O': 'Offset effluent sampling port',
  'facts:SV24': 'In-line effluent sampling port',
  'facts:SV10': 'Compact sampling port with 10-inch access',
  'facts:FS-DUO': 'Flow splitter for two interceptors in parallel',
  'facts:FPT-BX-34': 'FPT fitting kit for 3-inch and 4-inch lines',
  'facts:FPT-BX-23': 'FPT fitting kit for 2-inch and 3-inch lines',
  'facts:FPT-EA-34': null,
  'facts:FPT-EA-23': null,
  'facts:C24H': '24-inch replacement access cover',
  'facts:C24HP': 'Pickable 24-inch cover for traffic areas',
  'facts:C24H2': '24-inch cover for second access openings',
  'facts:C21M': '22-inch cover for compact interceptors',
  'facts:C24BC': '24-inch bolt-down access cover',
  pk: 'Permanent 4-inch pump-out line kit',
  vk: '2-inch vent kit for hydromechanical interceptors',
};

/** Market or jurisdiction text, for the families where a market matters. */
function marketText(d: Draft): string | null {
  const f = maxFlow(d);
  switch (d.family) {
    case 'facts:GB-1000 (legacy)':
      return 'Quote this body only for replacements or additions where the jurisdiction approved the original GB-1000 design; new projects should specify the current GB-1000.';
    case 'csa':
      return 'For Canadian provinces and municipalities that require CSA B481 certification: labels and installation guide in English and French, metric figures first on the spec sheet.';
    case 'gg-poly':
    case 'gg-frp':
      return d.liquid_capacity && d.liquid_capacity.gal >= 750
        ? 'Volumes follow the UPC drainage-fixture-unit table with 30-minute retention, the method Los Angeles and many western jurisdictions apply to gravity interceptors.'
        : null;
    case 'hs':
      return f >= 25 ? 'A frequent choice for New York City and other dense urban kitchens, where an above-floor unit keeps inspection and pump-out inside the building.' : null;
    case 'uc':
      return 'Where the jurisdiction allows point-of-use interceptors, one unit per fixture can replace a central interceptor in small cafés and bars.';
    case 'hm':
      return at99(d).length > 0
        ? 'For pretreatment programs that ask for 99% separation efficiency, size with the at-99% rating listed for this model.'
        : null;
    default:
      return null;
  }
}

export function describe(d: Draft): ProductText {
  const sentences = [lead(d), ratingSentence(d), bodySentence(d), optionsSentence(d)].filter((s): s is string => s !== null);
  return {
    description: sentences.slice(0, 4).join(' '),
    short_description: shortDescription(d),
    market_specific_description: marketText(d),
  };
}
