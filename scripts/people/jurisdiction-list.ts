/**
 * The demo jurisdictions: real US cities and counties, with invented contacts.
 * Which zip codes a jurisdiction governs is worked out from resources/geography.json: a city takes
 * the zips whose USPS city name is one of `cities` (optionally only in `inCounties`) or every zip
 * of `wholeCounties` (consolidated city-counties, New York City's boroughs); a county takes the
 * zips whose main county it is and that no city jurisdiction has claimed.
 *
 * Their rules are their code family's with the profile's sizing methods (jurisdictions.ts): the
 * authorities' own rules, where they were read, come from resources/authorities/ instead.
 */
import type { InsideTrapLocation } from '../../src-shared/api/vocabulary';

/**
 * Rule profiles:
 * - upc: UPC family, HGI indoors, gravity by DFU outdoors (UPC table 1014.3.6);
 * - upcMeals: UPC appendix H, gravity by meals outdoors;
 * - upcHgi: manufacturer method, HGI indoors and outdoors;
 * - dfuAll: gravity by DFU wherever the interceptor goes;
 * - ipc: IPC style: HGI indoors, peak GPM × retention outdoors, one-minute drainage, 2.5 × cap;
 * - ipcHgi: IPC, HGI everywhere, 2.5 × cap;
 * - gravityAll: peak GPM × retention indoors and outdoors (utilities that want in-ground traps);
 * - diversity: HGI everywhere, fixture flows combined by the 100/50/25 rule.
 */
export type RuleProfile = 'upc' | 'upcMeals' | 'upcHgi' | 'dfuAll' | 'ipc' | 'ipcHgi' | 'gravityAll' | 'diversity';

export interface JurisdictionDef {
  name: string;
  kind: 'city' | 'county';
  state: string;
  /** Telephone area code for the contacts. */
  area: string;
  code: string | null;
  profile: RuleProfile;
  /** County jurisdictions: the county FIPS. */
  fips?: string;
  /** City jurisdictions: USPS city names (default: the name without "City of"). */
  cities?: string[];
  /** City jurisdictions: keep only zips whose main county is one of these. */
  inCounties?: string[];
  /** City jurisdictions: every zip of these counties (county-equivalent or consolidated cities). */
  wholeCounties?: string[];
  locations?: InsideTrapLocation[];
  department?: string;
  /** City of the contacts' office when it is not the short name ("New York" for New York City). */
  officeCity?: string;
}

type Extra = Omit<JurisdictionDef, 'name' | 'kind' | 'state' | 'area' | 'code' | 'profile'>;

const city = (name: string, state: string, area: string, code: string | null, profile: RuleProfile, extra: Extra = {}): JurisdictionDef => ({
  name,
  kind: 'city',
  state,
  area,
  code,
  profile,
  ...extra,
});

const county = (
  name: string,
  state: string,
  fips: string,
  area: string,
  code: string | null,
  profile: RuleProfile,
  extra: Extra = {},
): JurisdictionDef => ({ name, kind: 'county', state, fips, area, code, profile, ...extra });

/** Los Angeles neighbourhoods the USPS names as their own "cities" but that are in the City of LA. */
const LA_NEIGHBORHOODS = [
  'Los Angeles', 'Van Nuys', 'North Hollywood', 'Sherman Oaks', 'Encino', 'Tarzana', 'Woodland Hills', 'Canoga Park',
  'Reseda', 'Northridge', 'Granada Hills', 'Sylmar', 'San Pedro', 'Wilmington', 'Studio City', 'Sun Valley',
  'Panorama City', 'Pacoima', 'Chatsworth', 'Winnetka', 'Valley Village', 'Venice', 'Playa Del Rey', 'Harbor City',
  'Tujunga', 'Sunland', 'Mission Hills', 'North Hills', 'West Hills', 'Porter Ranch',
];

const NYC_BOROUGHS = ['36005', '36047', '36061', '36081', '36085'];

const CPC = 'California Plumbing Code';
const FBC = 'Florida Building Code – Plumbing';
const NJ = 'National Standard Plumbing Code (NJ)';
const WSSC = 'WSSC Plumbing and Fuel Gas Code';
const NYS = 'Plumbing Code of New York State';

export const JURISDICTION_DEFS: readonly JurisdictionDef[] = [
  // ---------------------------------------------------------------- cities
  city('City of Chicago', 'IL', '312', 'Chicago Plumbing Code', 'ipc', {
    department: 'Department of Water Management – FOG Program',
    locations: ['kitchen', 'mechanicalRoom', 'basement', 'otherLocation'],
  }),
  city('City of Los Angeles', 'CA', '213', 'Los Angeles Plumbing Code', 'upcMeals', {
    cities: LA_NEIGHBORHOODS,
    department: 'LA Sanitation – Industrial Waste Management Division, FOG Control Program',
  }),
  city('New York City', 'NY', '212', 'NYC Plumbing Code', 'ipcHgi', {
    wholeCounties: NYC_BOROUGHS,
    officeCity: 'New York',
    department: 'Department of Environmental Protection – Grease Control Unit',
    locations: ['kitchen', 'underSink', 'basement', 'otherLocation'],
  }),
  city('City of Houston', 'TX', '713', 'Houston Amendments to the UPC', 'upc', {
    department: 'Houston Public Works – Grease Control Program',
  }),
  city('City of Phoenix', 'AZ', '602', 'UPC', 'upcHgi', {
    department: 'Water Services Department – Pretreatment Program',
  }),
  city('City of Philadelphia', 'PA', '215', 'Philadelphia Plumbing Code', 'ipc', {
    department: 'Philadelphia Water Department – Industrial Waste Unit',
    locations: ['kitchen', 'basement', 'otherLocation'],
  }),
  city('City of San Antonio', 'TX', '210', 'UPC', 'upc', { department: 'San Antonio Water System – FOG Program' }),
  city('City of San Diego', 'CA', '619', CPC, 'upcMeals', { department: 'Public Utilities Department – Industrial Wastewater Control' }),
  city('City of Dallas', 'TX', '214', 'IPC', 'ipc', { department: 'Dallas Water Utilities – Pretreatment Services' }),
  city('City of San Jose', 'CA', '408', CPC, 'upc', { department: 'Environmental Services Department – Source Control' }),
  city('City of Austin', 'TX', '512', 'UPC', 'upc', {
    department: 'Austin Water – Special Services Division',
  }),
  city('City of Jacksonville', 'FL', '904', FBC, 'ipc', { cities: ['Jacksonville'], inCounties: ['12031'], department: 'JEA – Grease Management Program' }),
  city('City of Fort Worth', 'TX', '817', 'IPC', 'ipcHgi', { department: 'Water Department – Pretreatment Services Division' }),
  city('City of Columbus', 'OH', '614', 'Ohio Plumbing Code', 'ipc', { department: 'Department of Public Utilities – Industrial Pretreatment' }),
  city('City of Charlotte', 'NC', '704', 'North Carolina State Plumbing Code', 'ipc', { department: 'Charlotte Water – FOG Program' }),
  city('City and County of San Francisco', 'CA', '415', 'San Francisco Plumbing Code', 'upc', {
    cities: ['San Francisco'],
    department: 'SFPUC – Wastewater Enterprise, Pollution Prevention',
    locations: ['kitchen', 'underSink', 'basement', 'otherLocation'],
  }),
  city('City of Indianapolis', 'IN', '317', 'Indiana Plumbing Code', 'ipcHgi', { cities: ['Indianapolis'], inCounties: ['18097'], department: 'Citizens Energy Group – FOG Program' }),
  city('City of Seattle', 'WA', '206', 'Seattle Plumbing Code (UPC)', 'upc', {
    department: 'Seattle Public Utilities – FOG Program',
  }),
  city('City and County of Denver', 'CO', '303', 'Denver Plumbing Code', 'ipc', {
    cities: ['Denver'],
    inCounties: ['08031'],
    department: 'Denver Public Works – Wastewater Management, FOG Program',
  }),
  city('District of Columbia', 'DC', '202', 'DC Plumbing Code', 'ipcHgi', { wholeCounties: ['11001'], officeCity: 'Washington', department: 'DC Water – Pretreatment Program' }),
  city('City of Boston', 'MA', '617', 'Massachusetts 248 CMR', 'gravityAll', {
    department: 'Boston Water and Sewer Commission – Engineering Customer Services',
  }),
  city('City of El Paso', 'TX', '915', 'IPC', 'ipc', { department: 'El Paso Water – Industrial Pretreatment' }),
  city('Metropolitan Government of Nashville and Davidson County', 'TN', '615', 'IPC', 'ipcHgi', {
    wholeCounties: ['47037'],
    department: 'Metro Water Services – FOG Program',
  }),
  city('City of Detroit', 'MI', '313', 'Michigan Plumbing Code', 'ipc', { department: 'Detroit Water and Sewerage Department – Industrial Waste Control' }),
  city('City of Oklahoma City', 'OK', '405', 'IPC', 'diversity', { cities: ['Oklahoma City'], department: 'Utilities Department – Wastewater Quality' }),
  city('City of Portland', 'OR', '503', 'Oregon Plumbing Specialty Code', 'upc', {
    inCounties: ['41051', '41067', '41005'],
    department: 'Bureau of Environmental Services – Source Control',
  }),
  city('City of Las Vegas', 'NV', '702', 'Southern Nevada Plumbing Code', 'upcMeals', { department: 'Environmental Division – Pretreatment Program' }),
  city('City of Memphis', 'TN', '901', 'IPC', 'ipcHgi', { department: 'Public Works – Environmental Maintenance, Pretreatment' }),
  city('Louisville Metro', 'KY', '502', 'Kentucky State Plumbing Code', 'ipc', { wholeCounties: ['21111'], department: 'Louisville MSD – FOG Program' }),
  city('City of Baltimore', 'MD', '410', 'IPC', 'ipc', { wholeCounties: ['24510'], department: 'Department of Public Works – Pollution Control Section' }),
  city('City of Milwaukee', 'WI', '414', 'Wisconsin SPS 382', 'dfuAll', { department: 'Milwaukee Metropolitan Sewerage District – FOG Program' }),
  city('City of Albuquerque', 'NM', '505', 'UPC', 'upc', { department: 'Albuquerque Bernalillo County Water Utility Authority – Source Control' }),
  city('City of Tucson', 'AZ', '520', 'IPC', 'ipcHgi', { department: 'Pima County Regional Wastewater – Industrial Wastewater Control' }),
  city('City of Fresno', 'CA', '559', CPC, 'upc', { department: 'Department of Public Utilities – Environmental Services' }),
  city('City of Sacramento', 'CA', '916', CPC, 'upcMeals', { department: 'Department of Utilities – FOG Program' }),
  city('City of Mesa', 'AZ', '480', 'IPC', 'diversity', { department: 'Water Resources – Environmental Programs' }),
  city('City of Kansas City', 'MO', '816', 'IPC', 'ipc', { cities: ['Kansas City'], department: 'KC Water – Pretreatment Program' }),
  city('City of Atlanta', 'GA', '404', 'IPC', 'gravityAll', {
    department: 'Department of Watershed Management – FOG Program',
  }),
  city('City of Omaha', 'NE', '402', 'UPC', 'upc', { department: 'Public Works – Environmental Quality Control' }),
  city('City of Colorado Springs', 'CO', '719', 'IPC', 'ipcHgi', { department: 'Colorado Springs Utilities – Industrial Pretreatment' }),
  city('City of Raleigh', 'NC', '919', 'North Carolina State Plumbing Code', 'ipc', { department: 'Raleigh Water – FOG Program' }),
  city('City of Long Beach', 'CA', '562', CPC, 'upcMeals', { department: 'Long Beach Utilities – FOG Control' }),
  city('City of Virginia Beach', 'VA', '757', 'Virginia Plumbing Code', 'ipcHgi', { wholeCounties: ['51810'], department: 'Public Utilities – FOG Program' }),
  city('City of Miami', 'FL', '305', FBC, 'ipc', { department: 'Miami-Dade Water and Sewer – Pretreatment (City of Miami service area)' }),
  city('City of Oakland', 'CA', '510', CPC, 'upc', { department: 'Public Works – Environmental Services, FOG Program' }),
  city('City of Minneapolis', 'MN', '612', 'Minnesota Plumbing Code', 'upc', { department: 'Public Works – Surface Water and Sewers' }),
  city('City of Tulsa', 'OK', '918', 'IPC', 'diversity', { department: 'Water and Sewer Department – Regulatory Affairs' }),
  city('City of Tampa', 'FL', '813', FBC, 'ipc', { department: 'Wastewater Department – Industrial Pretreatment' }),
  city('City of Arlington', 'TX', '817', 'IPC', 'ipcHgi', { department: 'Water Utilities – Environmental Compliance' }),
  city('City of New Orleans', 'LA', '504', 'Louisiana State Plumbing Code', 'gravityAll', { department: 'Sewerage and Water Board – FOG Program' }),
  city('City of Wichita', 'KS', '316', 'UPC', 'upcHgi', {
    department: 'Public Works & Utilities – Environmental Services',
  }),
  city('City of Cleveland', 'OH', '216', 'Ohio Plumbing Code', 'ipc', { department: 'Northeast Ohio Regional Sewer District – Pretreatment' }),
  city('City of Bakersfield', 'CA', '661', CPC, 'upc', { department: 'Public Works – Wastewater Division' }),
  city('City of Aurora', 'CO', '303', 'IPC', 'ipcHgi', { department: 'Aurora Water – Industrial Pretreatment' }),
  city('City and County of Honolulu', 'HI', '808', 'UPC', 'upc', {
    wholeCounties: ['15003'],
    department: 'Department of Environmental Services – Wastewater Branch',
  }),
  city('City of Saint Paul', 'MN', '651', 'Minnesota Plumbing Code', 'upc', { cities: ['Saint Paul'], inCounties: ['27123'], department: 'Public Works – Sewer Utility' }),
  city('City of Cincinnati', 'OH', '513', 'Ohio Plumbing Code', 'ipc', { department: 'Metropolitan Sewer District of Greater Cincinnati – Industrial Waste' }),
  city('City of Pittsburgh', 'PA', '412', 'IPC', 'ipcHgi', { department: 'Pittsburgh Water – FOG Program' }),
  city('City of St. Louis', 'MO', '314', 'IPC', 'ipc', { wholeCounties: ['29510'], department: 'Metropolitan St. Louis Sewer District – Pretreatment' }),
  city('City of Buffalo', 'NY', '716', NYS, 'ipcHgi', { department: 'Buffalo Sewer Authority – Pretreatment Program' }),
  city('Salt Lake City', 'UT', '801', 'IPC', 'ipc', { cities: ['Salt Lake City'], department: 'Public Utilities – Pretreatment Program' }),
  city('City of Boise', 'ID', '208', 'Idaho State Plumbing Code', 'upc', {
    department: 'Public Works – Environmental Division',
  }),
  city('City of Spokane', 'WA', '509', 'Washington State Plumbing Code (UPC)', 'upc', { department: 'Wastewater Management – Pretreatment' }),
  city('City of Tacoma', 'WA', '253', 'Washington State Plumbing Code (UPC)', 'upcHgi', { department: 'Environmental Services – Source Control' }),
  city('City of Madison', 'WI', '608', 'Wisconsin SPS 382', 'dfuAll', { department: 'Madison Metropolitan Sewerage District – Pollution Prevention' }),
  city('City of Des Moines', 'IA', '515', 'Iowa State Plumbing Code (UPC)', 'upc', { department: 'Des Moines Metropolitan WRA – Pretreatment' }),
  city('City of Little Rock', 'AR', '501', 'Arkansas State Plumbing Code', 'ipcHgi', { department: 'Little Rock Water Reclamation Authority – Pretreatment' }),
  city('City of Birmingham', 'AL', '205', 'IPC', 'ipc', { department: 'Jefferson County Environmental Services – FOG (Birmingham)' }),
  city('City of Charleston', 'SC', '843', 'IPC', 'gravityAll', { department: 'Charleston Water System – FOG Program' }),
  city('City of Richmond', 'VA', '804', 'Virginia Plumbing Code', 'ipcHgi', { wholeCounties: ['51760'], department: 'Department of Public Utilities – Pretreatment' }),
  city('City of Providence', 'RI', '401', 'Rhode Island State Plumbing Code', 'ipc', { department: "Narragansett Bay Commission – Pretreatment (Providence)" }),
  city('City of Newark', 'NJ', '973', NJ, 'ipcHgi', { department: 'Department of Water and Sewer Utilities – Pretreatment' }),
  city('Municipality of Anchorage', 'AK', '907', null, 'upc', {
    wholeCounties: ['02020'],
    department: 'Anchorage Water and Wastewater Utility – Industrial Pretreatment',
    locations: ['mechanicalRoom', 'basement', 'otherLocation'],
  }),
  city('City of Jackson', 'MS', '601', 'IPC', 'ipcHgi', { department: 'Public Works – Wastewater Pretreatment' }),
  city('City of Columbia', 'SC', '803', 'IPC', 'ipc', { department: 'Columbia Water – FOG Program' }),
  city('City of Reno', 'NV', '775', 'UPC', 'upcMeals', { department: 'Public Works – Environmental Control' }),
  city('City of Savannah', 'GA', '912', 'IPC', 'gravityAll', { department: 'Water Resources – FOG Program' }),
  city('City of Knoxville', 'TN', '865', 'IPC', 'ipcHgi', { department: 'Knoxville Utilities Board – FOG Program' }),
  city('City of Grand Rapids', 'MI', '616', 'Michigan Plumbing Code', 'ipc', { department: 'Environmental Services – Industrial Pretreatment' }),
  city('Lexington-Fayette Urban County Government', 'KY', '859', 'Kentucky State Plumbing Code', 'ipc', {
    wholeCounties: ['21067'],
    department: 'Division of Water Quality – FOG Program',
  }),
  city('City of Fort Lauderdale', 'FL', '954', FBC, 'ipc', { department: 'Public Works – Environmental Services, FOG Program' }),
  city('City of Orlando', 'FL', '407', FBC, 'ipcHgi', { department: 'Public Works – Water Reclamation, FOG Program' }),
  city('City of Scottsdale', 'AZ', '480', 'IPC', 'ipcHgi', { department: 'Scottsdale Water – Pretreatment' }),
  city('City of Hartford', 'CT', '860', 'Connecticut State Building Code (IPC)', 'gravityAll', { department: 'Metropolitan District Commission – FOG Program' }),
  city('City of Burlington', 'VT', '802', 'Vermont Plumbing Rules (IPC)', 'ipcHgi', { department: 'Department of Public Works – Water Resources' }),
  city('City of Portland', 'ME', '207', 'Maine Internal Plumbing Rules (UPC)', 'upcHgi', { cities: ['Portland'], inCounties: ['23005'], department: 'Portland Water District – Pretreatment' }),
  city('City of Manchester', 'NH', '603', 'IPC', 'ipcHgi', { department: 'Environmental Protection Division – Industrial Pretreatment' }),
  city('City of Wilmington', 'DE', '302', 'IPC', 'ipc', { cities: ['Wilmington'], inCounties: ['10003'], department: 'Public Works – Water Division' }),
  city('City of Sioux Falls', 'SD', '605', 'UPC', 'upcHgi', { department: 'Public Works – Environmental Division' }),
  city('City of Fargo', 'ND', '701', 'UPC', 'upc', { department: 'Wastewater Utility – Pretreatment' }),
  city('City of Billings', 'MT', '406', 'UPC', 'upcHgi', { department: 'Public Works – Environmental Affairs' }),
  city('City of Cheyenne', 'WY', '307', 'IPC', 'ipcHgi', { department: 'Board of Public Utilities – Pretreatment' }),
  city('City of Charleston', 'WV', '304', 'IPC', 'ipcHgi', { department: 'Charleston Sanitary Board – Pretreatment' }),
  city('City of Santa Fe', 'NM', '505', 'UPC', 'upcMeals', { department: 'Wastewater Management Division – Environmental Services' }),
  city('City of Miami Beach', 'FL', '305', FBC, 'ipc', { department: 'Public Works – Environmental & Sustainability' }),
  city('City of Winston-Salem', 'NC', '336', 'North Carolina State Plumbing Code', 'ipc', { cities: ['Winston Salem'], department: 'City/County Utilities – FOG Program' }),
  city('City of Greensboro', 'NC', '336', 'North Carolina State Plumbing Code', 'ipc', { department: 'Water Resources – Industrial Waste Section' }),
  city('City of Durham', 'NC', '919', 'North Carolina State Plumbing Code', 'ipc', { department: 'Water Management – Pollution Prevention' }),
  // ---------------------------------------------------------------- counties
  county('Miami-Dade County', 'FL', '12086', '305', FBC, 'ipc', {
    department: 'Water and Sewer Department – Industrial Pretreatment, FOG Section',
  }),
  county('King County', 'WA', '53033', '206', 'Washington State Plumbing Code (UPC)', 'upc', { department: 'Wastewater Treatment Division – Industrial Waste Program' }),
  county('Harris County', 'TX', '48201', '281', 'IPC', 'ipc', { department: 'Engineering Department – Permits, Environmental Services' }),
  county('Maricopa County', 'AZ', '04013', '602', 'UPC', 'upcHgi', { department: 'Environmental Services – Water and Waste Management' }),
  county('Clark County', 'NV', '32003', '702', 'Southern Nevada Plumbing Code', 'upcMeals', { department: 'Clark County Water Reclamation District – Pretreatment' }),
  county('Orange County', 'CA', '06059', '714', CPC, 'upcMeals', { department: 'Orange County Sanitation District – Source Control' }),
  county('Cook County', 'IL', '17031', '708', 'Illinois State Plumbing Code', 'ipc', { department: 'Department of Environment and Sustainability – Plumbing Plan Review' }),
  county('Los Angeles County', 'CA', '06037', '626', CPC, 'upcMeals', { department: 'Sanitation Districts of LA County – Industrial Waste Section' }),
  county('San Diego County', 'CA', '06073', '760', CPC, 'upc', { department: 'Department of Environmental Health and Quality – FOG Program' }),
  county('Riverside County', 'CA', '06065', '951', CPC, 'upc', { department: 'Environmental Health – Liquid Waste Program' }),
  county('San Bernardino County', 'CA', '06071', '909', CPC, 'upcMeals', { department: 'Special Districts – Water and Sanitation' }),
  county('Santa Clara County', 'CA', '06085', '408', CPC, 'upc', { department: 'Department of Environmental Health – Source Control' }),
  county('Alameda County', 'CA', '06001', '510', CPC, 'upc', { department: 'Environmental Health – FOG Program' }),
  county('Contra Costa County', 'CA', '06013', '925', CPC, 'upcMeals', { department: 'Central Contra Costa Sanitary District – Source Control' }),
  county('Ventura County', 'CA', '06111', '805', CPC, 'upc', { department: 'Public Works Agency – Water and Sanitation' }),
  county('Broward County', 'FL', '12011', '954', FBC, 'ipc', { department: 'Environmental Permitting Division – FOG Program' }),
  county('Palm Beach County', 'FL', '12099', '561', FBC, 'ipcHgi', { department: 'Water Utilities Department – FOG Program' }),
  county('Hillsborough County', 'FL', '12057', '813', FBC, 'ipc', { department: 'Public Utilities – Industrial Pretreatment' }),
  county('Orange County', 'FL', '12095', '407', FBC, 'ipcHgi', { department: 'Utilities Department – Industrial Pretreatment' }),
  county('Pinellas County', 'FL', '12103', '727', FBC, 'ipc', { department: 'Utilities – Environmental Compliance, FOG Program' }),
  county('Lee County', 'FL', '12071', '239', FBC, 'ipc', { department: 'Lee County Utilities – FOG Program' }),
  county('Tarrant County', 'TX', '48439', '817', 'IPC', 'ipcHgi', { department: 'Public Health – Environmental Health Division' }),
  county('Dallas County', 'TX', '48113', '972', 'IPC', 'ipc', { department: 'Health and Human Services – Environmental Health' }),
  county('Bexar County', 'TX', '48029', '210', 'UPC', 'upc', { department: 'Public Works – Environmental Services' }),
  county('Travis County', 'TX', '48453', '512', 'UPC', 'upc', { department: 'Transportation and Natural Resources – Environmental Quality' }),
  county('Collin County', 'TX', '48085', '972', 'IPC', 'diversity', { department: 'Development Services – Environmental Health' }),
  county('Denton County', 'TX', '48121', '940', 'IPC', 'ipcHgi', { department: 'Public Health – Environmental Health' }),
  county('Fulton County', 'GA', '13121', '404', 'IPC', 'gravityAll', { department: 'Public Works – FOG Program' }),
  county('DeKalb County', 'GA', '13089', '770', 'IPC', 'gravityAll', { department: 'Watershed Management – FOG Program' }),
  county('Gwinnett County', 'GA', '13135', '770', 'IPC', 'gravityAll', {
    department: 'Department of Water Resources – FOG Program',
  }),
  county('Cobb County', 'GA', '13067', '770', 'IPC', 'gravityAll', { department: 'Cobb County Water System – FOG Program' }),
  county('Wake County', 'NC', '37183', '919', 'North Carolina State Plumbing Code', 'ipc', { department: 'Environmental Services – Water Quality' }),
  county('Mecklenburg County', 'NC', '37119', '704', 'North Carolina State Plumbing Code', 'ipc', { department: 'Land Use and Environmental Services Agency – Code Enforcement' }),
  county('Guilford County', 'NC', '37081', '336', 'North Carolina State Plumbing Code', 'ipcHgi', { department: 'Environmental Health – Plan Review' }),
  county('Fairfax County', 'VA', '51059', '703', 'Virginia Plumbing Code', 'ipc', { department: 'Department of Public Works and Environmental Services – Wastewater Management' }),
  county('Henrico County', 'VA', '51087', '804', 'Virginia Plumbing Code', 'ipcHgi', { department: 'Department of Public Utilities – Pretreatment' }),
  county('Montgomery County', 'MD', '24031', '301', WSSC, 'ipc', {
    department: 'WSSC Water – FOG Investigation and Permitting',
  }),
  county("Prince George's County", 'MD', '24033', '301', WSSC, 'ipc', {
    department: 'WSSC Water – FOG Investigation and Permitting',
  }),
  county('Baltimore County', 'MD', '24005', '410', 'IPC', 'ipcHgi', { department: 'Department of Public Works – Pretreatment Section' }),
  county('Anne Arundel County', 'MD', '24003', '410', 'IPC', 'ipcHgi', { department: 'Department of Public Works – Bureau of Utility Operations' }),
  county('Hennepin County', 'MN', '27053', '952', 'Minnesota Plumbing Code', 'upc', { department: 'Metropolitan Council Environmental Services – Industrial Waste' }),
  county('Franklin County', 'OH', '39049', '614', 'Ohio Plumbing Code', 'ipcHgi', { department: 'Franklin County Public Health – Plumbing Program' }),
  county('Cuyahoga County', 'OH', '39035', '216', 'Ohio Plumbing Code', 'ipc', { department: 'Cuyahoga County Board of Health – Plumbing Plan Review' }),
  county('Hamilton County', 'OH', '39061', '513', 'Ohio Plumbing Code', 'ipc', { department: 'Hamilton County Public Health – Plumbing Division' }),
  county('Allegheny County', 'PA', '42003', '412', 'Allegheny County Plumbing Code', 'ipc', { department: 'Health Department – Plumbing Program' }),
  county('Montgomery County', 'PA', '42091', '610', 'IPC', 'ipcHgi', { department: 'Office of Public Health – Environmental Health' }),
  county('Wayne County', 'MI', '26163', '734', 'Michigan Plumbing Code', 'ipc', { department: 'Department of Public Services – Environmental Services' }),
  county('Oakland County', 'MI', '26125', '248', 'Michigan Plumbing Code', 'ipcHgi', { department: 'Water Resources Commissioner – Pretreatment' }),
  county('Kent County', 'MI', '26081', '616', 'Michigan Plumbing Code', 'ipcHgi', { department: 'Kent County Health Department – Environmental Health' }),
  county('Jackson County', 'MO', '29095', '816', 'IPC', 'ipcHgi', { department: 'Public Works – Environmental Services' }),
  county('St. Louis County', 'MO', '29189', '314', 'IPC', 'ipc', { department: 'Metropolitan St. Louis Sewer District – Pretreatment' }),
  county('Jefferson County', 'CO', '08059', '303', 'IPC', 'ipcHgi', { department: 'Jefferson County Public Health – Environmental Health' }),
  county('Arapahoe County', 'CO', '08005', '303', 'IPC', 'ipcHgi', { department: 'Tri-County Health – Environmental Health' }),
  county('El Paso County', 'CO', '08041', '719', 'IPC', 'ipcHgi', { department: 'El Paso County Public Health – Environmental Health' }),
  county('Salt Lake County', 'UT', '49035', '801', 'IPC', 'ipc', { department: 'Salt Lake County Health Department – Environmental Health' }),
  county('Multnomah County', 'OR', '41051', '503', 'Oregon Plumbing Specialty Code', 'upc', { department: 'Environmental Health Services – Plan Review' }),
  county('Washington County', 'OR', '41067', '503', 'Oregon Plumbing Specialty Code', 'upc', {
    department: 'Clean Water Services – Source Control',
  }),
  county('Pierce County', 'WA', '53053', '253', 'Washington State Plumbing Code (UPC)', 'upc', { department: 'Planning and Public Works – Sewer Utility' }),
  county('Snohomish County', 'WA', '53061', '425', 'Washington State Plumbing Code (UPC)', 'upcHgi', { department: 'Snohomish Health District – Environmental Health' }),
  county('Sacramento County', 'CA', '06067', '916', CPC, 'upcMeals', { department: 'Sacramento Area Sewer District – FOG Program' }),
  county('Pima County', 'AZ', '04019', '520', 'IPC', 'ipcHgi', { department: 'Regional Wastewater Reclamation – Industrial Wastewater Control' }),
  county('Bernalillo County', 'NM', '35001', '505', 'UPC', 'upc', { department: 'Public Works – Environmental Health' }),
  county('Shelby County', 'TN', '47157', '901', 'IPC', 'ipcHgi', { department: 'Shelby County Health Department – Plumbing Plan Review' }),
  county('Milwaukee County', 'WI', '55079', '414', 'Wisconsin SPS 382', 'dfuAll', { department: 'Milwaukee Metropolitan Sewerage District – FOG Program' }),
  county('Dane County', 'WI', '55025', '608', 'Wisconsin SPS 382', 'dfuAll', { department: 'Public Health Madison & Dane County – Environmental Health' }),
  county('Erie County', 'NY', '36029', '716', NYS, 'ipcHgi', { department: 'Division of Sewerage Management – Pretreatment' }),
  county('Nassau County', 'NY', '36059', '516', NYS, 'ipc', { department: 'Department of Public Works – Sewage and Storm Water Finance Authority' }),
  county('Suffolk County', 'NY', '36103', '631', NYS, 'ipc', {
    department: 'Department of Health Services – Office of Wastewater Management',
    locations: ['mechanicalRoom', 'basement', 'otherLocation'],
  }),
  county('Westchester County', 'NY', '36119', '914', NYS, 'ipcHgi', { department: 'Department of Environmental Facilities – Pretreatment' }),
  county('Bergen County', 'NJ', '34003', '201', NJ, 'ipcHgi', { department: 'Bergen County Utilities Authority – Pretreatment' }),
  county('Middlesex County', 'NJ', '34023', '732', NJ, 'ipcHgi', { department: 'Middlesex County Utilities Authority – Industrial Pretreatment' }),
  county('Essex County', 'NJ', '34013', '973', NJ, 'ipcHgi', { department: 'Passaic Valley Sewerage Commission – Pretreatment' }),
  county('Jefferson County', 'AL', '01073', '205', 'IPC', 'ipc', { department: 'Environmental Services Department – FOG Program' }),
  county('Douglas County', 'NE', '31055', '402', 'UPC', 'upc', { department: 'Douglas County Health Department – Environmental Health' }),
  county('Polk County', 'IA', '19153', '515', 'Iowa State Plumbing Code (UPC)', 'upc', { department: 'Public Works – Environmental Health' }),
  county('Johnson County', 'KS', '20091', '913', 'IPC', 'ipcHgi', { department: 'Johnson County Wastewater – Pretreatment' }),
  county('Sedgwick County', 'KS', '20173', '316', 'UPC', 'upcHgi', { department: 'Metropolitan Area Building and Construction Department' }),
  county('Oklahoma County', 'OK', '40109', '405', 'IPC', 'diversity', { department: 'Oklahoma City-County Health Department – Environmental Health' }),
  county('Tulsa County', 'OK', '40143', '918', 'IPC', 'diversity', { department: 'Tulsa Health Department – Environmental Health' }),
  county('East Baton Rouge Parish', 'LA', '22033', '225', 'Louisiana State Plumbing Code', 'gravityAll', { department: 'Department of Environmental Services – Pretreatment' }),
  county('Jefferson Parish', 'LA', '22051', '504', 'Louisiana State Plumbing Code', 'gravityAll', { department: 'Department of Sewerage – FOG Program' }),
  county('Pulaski County', 'AR', '05119', '501', 'Arkansas State Plumbing Code', 'ipcHgi', { department: 'Public Works – Environmental Services' }),
  county('Greenville County', 'SC', '45045', '864', 'IPC', 'ipc', { department: 'ReWa – Pretreatment Program' }),
  county('Charleston County', 'SC', '45019', '843', 'IPC', 'gravityAll', { department: 'Public Works – Environmental Management' }),
  county('Richland County', 'SC', '45079', '803', 'IPC', 'ipc', { department: 'Utilities Department – Pretreatment' }),
  county('Knox County', 'TN', '47093', '865', 'IPC', 'ipcHgi', { department: 'Knox County Health Department – Environmental Health' }),
  county('Hamilton County', 'TN', '47065', '423', 'IPC', 'ipc', { department: 'Water and Wastewater Treatment Authority – FOG Program' }),
  county('Lake County', 'IL', '17097', '847', 'Illinois State Plumbing Code', 'ipcHgi', { department: 'Lake County Health Department – Environmental Health' }),
  county('DuPage County', 'IL', '17043', '630', 'Illinois State Plumbing Code', 'ipcHgi', { department: 'Public Works – Environmental Division' }),
  county('Will County', 'IL', '17197', '815', 'Illinois State Plumbing Code', 'ipc', { department: 'Will County Health Department – Environmental Health' }),
  county('Ada County', 'ID', '16001', '208', 'Idaho State Plumbing Code', 'upc', { department: 'Central District Health – Environmental Health' }),
  county('Washoe County', 'NV', '32031', '775', 'UPC', 'upcMeals', {
    department: 'Northern Nevada Public Health – Environmental Health Services',
  }),
  county('New Castle County', 'DE', '10003', '302', 'IPC', 'ipcHgi', { department: 'Department of Public Works – Pretreatment' }),
];
