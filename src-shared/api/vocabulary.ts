/** Keys and labels the API uses (spec §2.2, §2.3, §3): keys in requests, labels in responses. */

export const USER_TYPES = [
  { key: 'engineerArchitect', label: 'Engineer / Architect' },
  { key: 'contractor', label: 'Contractor' },
  { key: 'distributor', label: 'Distributor' },
  { key: 'ahjInspector', label: 'AHJ / Inspector' },
  { key: 'facilityOwner', label: 'Facility Owner' },
  { key: 'manufacturerRep', label: 'Manufacturer Rep' },
  { key: 'other', label: 'Other' },
  { key: 'companyEmployee', label: 'Company Employee' },
] as const;
export const USER_TYPE_KEYS = ['engineerArchitect', 'contractor', 'distributor', 'ahjInspector', 'facilityOwner', 'manufacturerRep', 'other', 'companyEmployee'] as const;
export type UserTypeKey = (typeof USER_TYPE_KEYS)[number];

export const CONSTRUCTION_TYPES = [
  { key: 'newConstruction', label: 'New Construction' },
  { key: 'tenantFinish', label: 'Remodel / Tenant Finish' },
  { key: 'shell', label: 'Shell' },
  { key: 'interceptorReplacement', label: 'Interceptor Replacement' },
] as const;
export const CONSTRUCTION_TYPE_KEYS = ['newConstruction', 'tenantFinish', 'shell', 'interceptorReplacement'] as const;
export type ConstructionTypeKey = (typeof CONSTRUCTION_TYPE_KEYS)[number];

export const INSTALLATION_LOCATIONS = [
  { key: 'indoors', label: 'Indoors' },
  { key: 'outdoors', label: 'Outdoors' },
] as const;

/** Where indoors an interceptor goes; a jurisdiction allows some of these. */
export const INSIDE_TRAP_LOCATIONS = ['kitchen', 'underSink', 'mechanicalRoom', 'basement', 'otherLocation'] as const;
/** How the forms and the report name them. */
export const INSIDE_TRAP_LOCATION_LABELS: Record<string, string> = {
  kitchen: 'In the kitchen',
  underSink: 'Under the sink',
  mechanicalRoom: 'Mechanical room',
  basement: 'Basement',
  otherLocation: 'Other location',
};
export type InsideTrapLocation = (typeof INSIDE_TRAP_LOCATIONS)[number];

export const PROJECT_STATUSES = ['Draft', 'Submitted', 'Pending', 'Closed', 'Closed/Approved'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export function labelOf<K extends string>(table: readonly { key: K; label: string }[], key: K): string;
export function labelOf<K extends string>(table: readonly { key: K; label: string }[], key: K | null): string | null;
export function labelOf<K extends string>(table: readonly { key: K; label: string }[], key: K | null): string | null {
  return key === null ? null : (table.find((t) => t.key === key)?.label ?? key);
}

/** A key from a key or a label, any case: requests may use either. */
export function keyOf<K extends string>(table: readonly { key: K; label: string }[], text: string): K | undefined {
  const t = text.trim().toLowerCase();
  return table.find((row) => row.key.toLowerCase() === t || row.label.toLowerCase() === t)?.key;
}

/** How `sizing_methods` reads in responses; rules and requests use the keys. */
export const SIZING_METHOD_LABELS: Record<string, string> = {
  'hydromechanical-by-flow': 'Hydromechanical interceptor, by flow rate',
  'gravity-by-dfu': 'Gravity interceptor, by drainage fixture units',
  'gravity-by-meals': 'Gravity interceptor, by meals served',
  'gravity-by-peak-flow': 'Gravity interceptor, by peak flow × retention',
  'gravity-by-formula': 'Gravity interceptor, by the jurisdiction\'s formula',
};
