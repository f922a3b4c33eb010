/**
 * Shows a measurement the engine computed. The engine returns both unit systems; the unit toggle
 * only picks one of them, nothing is converted here.
 */
import type { Measurement, MeasurementPair } from '../../../src-shared/sizing/units';
import { useApp } from '../stores/app-store';

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** One spelling on screen: the API's "lbs" is shown as "lb", as the sizing's own text writes it. */
export const unitWord = (unit: string): string => (unit === 'lbs' ? 'lb' : unit);

export function formatMeasurement(m: Measurement | null | undefined): string {
  return m ? `${number.format(m.value)} ${unitWord(m.unit)}` : '—';
}

export function Measure(props: { value: Measurement | null | undefined }) {
  return <span className="measure">{formatMeasurement(props.value)}</span>;
}

/** A pair ({standard, metric}) shown in the chosen unit system. */
export function MeasurePair(props: { value: MeasurementPair | null | undefined }) {
  const units = useApp((s) => s.units);
  return <Measure value={props.value ? props.value[units] : null} />;
}

/** Picks the engine's figure for the chosen system when it sends the two separately. */
export function useSide<T>(standard: T, metric: T): T {
  return useApp((s) => s.units) === 'metric' ? metric : standard;
}
