/**
 * Word lists for invented people, companies, restaurants and street addresses. Every person,
 * company and restaurant in resources/people.json is a random combination of these words.
 */
import type { Rng } from './random';

export const FIRST_NAMES = [
  'Aaliyah', 'Abdul', 'Adaeze', 'Adriana', 'Ahmed', 'Aiko', 'Alana', 'Alejandro', 'Alicia', 'Amara', 'Amir', 'Ana', 'Andre',
  'Angela', 'Anil', 'Anjali', 'Antonio', 'Arjun', 'Asha', 'Ayesha', 'Beatriz', 'Benjamin', 'Bianca', 'Bo', 'Bradley',
  'Brenda', 'Brianna', 'Caleb', 'Camila', 'Carla', 'Carlos', 'Carmen', 'Chen', 'Chiamaka', 'Chloe', 'Chris', 'Claire',
  'Colin', 'Connor', 'Dalia', 'Damon', 'Dana', 'Daniel', 'Darius', 'Deepa', 'Delia', 'Derek', 'Desmond', 'Diego',
  'Dmitri', 'Dolores', 'Duc', 'Eamon', 'Elena', 'Elif', 'Eliza', 'Emeka', 'Emily', 'Eric', 'Esperanza', 'Ethan',
  'Fatima', 'Felipe', 'Fiona', 'Florence', 'Gabriel', 'Gareth', 'Gloria', 'Grace', 'Greta', 'Gustavo', 'Hana', 'Hannah',
  'Harold', 'Hassan', 'Hector', 'Helen', 'Hiroshi', 'Hollis', 'Ibrahim', 'Ifeoma', 'Ingrid', 'Irene', 'Isaac', 'Isabel',
  'Ivan', 'Jada', 'Jamal', 'Janelle', 'Javier', 'Jasmine', 'Jenna', 'Jerome', 'Jia', 'Joaquin', 'Jolene', 'Jonah',
  'Jorge', 'Joy', 'Julia', 'Jun', 'Kai', 'Kamala', 'Karen', 'Kateri', 'Keisha', 'Kenji', 'Kevin', 'Khadija', 'Kiara',
  'Kofi', 'Kwame', 'Lakshmi', 'Lana', 'Laura', 'Leila', 'Leon', 'Li', 'Liam', 'Lina', 'Lorenzo', 'Lucia', 'Luis',
  'Mahmoud', 'Malik', 'Mara', 'Marcus', 'Mariana', 'Marisol', 'Mark', 'Marta', 'Mateo', 'Maya', 'Mei', 'Miguel',
  'Mina', 'Mohammed', 'Monique', 'Nadia', 'Naomi', 'Nasser', 'Natalia', 'Neha', 'Nikhil', 'Nina', 'Noah', 'Nora',
  'Obinna', 'Olga', 'Omar', 'Oscar', 'Owen', 'Pablo', 'Paige', 'Patrice', 'Paul', 'Pedro', 'Per', 'Pilar', 'Priya',
  'Quentin', 'Rafael', 'Rahul', 'Ramona', 'Rashid', 'Raymond', 'Rebecca', 'Reggie', 'Renee', 'Ricardo', 'Rita', 'Rohan',
  'Rosa', 'Ruth', 'Ryan', 'Sakura', 'Salma', 'Samuel', 'Sana', 'Sandra', 'Santiago', 'Sean', 'Seo-yeon', 'Shanice',
  'Shira', 'Simone', 'Sione', 'Sofia', 'Soren', 'Stella', 'Sunil', 'Tamara', 'Tanvir', 'Tariq', 'Teresa', 'Thanh',
  'Theo', 'Tomas', 'Trevor', 'Tyrone', 'Uma', 'Valentina', 'Vanessa', 'Victor', 'Vikram', 'Wanda', 'Wei', 'Wesley',
  'Xavier', 'Ximena', 'Yara', 'Yasmin', 'Yolanda', 'Yusuf', 'Zainab', 'Zara', 'Zoe',
] as const;

export const LAST_NAMES = [
  'Abara', 'Acosta', 'Adeyemi', 'Aguilar', 'Ahn', 'Alvarado', 'Amundsen', 'Anand', 'Arroyo', 'Asante', 'Baker', 'Balogun',
  'Banerjee', 'Barros', 'Becker', 'Bellamy', 'Bergstrom', 'Bhatt', 'Blackwood', 'Boateng', 'Brennan', 'Bui', 'Calloway',
  'Campos', 'Castellanos', 'Chaudhry', 'Chavez', 'Cheng', 'Christensen', 'Cisneros', 'Coleman', 'Contreras', 'Costa',
  'Cruz', 'Dalton', 'Das', 'Delgado', 'Demir', 'Desai', 'Dlamini', 'Donovan', 'Dubois', 'Duong', 'Eriksen', 'Escobar',
  'Esposito', 'Farouk', 'Fernandes', 'Figueroa', 'Fitzgerald', 'Flores', 'Fontaine', 'Fujita', 'Galloway', 'Garza',
  'Gebre', 'Gonzaga', 'Greenberg', 'Guerrero', 'Gupta', 'Haddad', 'Halvorsen', 'Hamid', 'Harlow', 'Hashemi', 'Hayward',
  'Herrera', 'Hoang', 'Holloway', 'Hossain', 'Ibarra', 'Iqbal', 'Ishikawa', 'Jablonski', 'Jaramillo', 'Jensen', 'Joshi',
  'Kaminski', 'Kapoor', 'Karimi', 'Kaur', 'Keller', 'Khalil', 'Kim', 'Kowalczyk', 'Krishnan', 'Kuznetsov', 'Lachance',
  'Lambert', 'Landry', 'Larsen', 'Le', 'Lindqvist', 'Lopez', 'Lozano', 'Lundgren', 'Madsen', 'Mahmoud', 'Maldonado',
  'Mancini', 'Marquez', 'Mbeki', 'McAllister', 'McCready', 'Medina', 'Mehta', 'Mendoza', 'Mensah', 'Mercer', 'Mirza',
  'Molina', 'Moreau', 'Morrow', 'Mukherjee', 'Murakami', 'Nakamura', 'Navarro', 'Ngata', 'Nguyen', 'Nielsen', 'Novak',
  'Nwosu', 'Obi', 'Ochoa', 'Odom', 'Okafor', 'Okonkwo', 'Oliveira', 'Ortega', 'Osei', 'Ostrowski', 'Pacheco', 'Padilla',
  'Park', 'Patel', 'Pellegrino', 'Pham', 'Pierce', 'Popescu', 'Quintero', 'Rahman', 'Ramirez', 'Rao', 'Reyes', 'Rinaldi',
  'Rios', 'Robles', 'Rosales', 'Rossi', 'Saenz', 'Salazar', 'Sandoval', 'Santos', 'Schmidt', 'Serrano', 'Shah', 'Shapiro',
  'Sharma', 'Silva', 'Sokolov', 'Solis', 'Soto', 'Stavros', 'Sullivan', 'Sundberg', 'Suzuki', 'Tafoya', 'Takahashi',
  'Tan', 'Thibodeaux', 'Torres', 'Tran', 'Trujillo', 'Turner', 'Ueda', 'Valdez', 'Vargas', 'Vasquez', 'Vega', 'Venkatesan',
  'Villanueva', 'Vo', 'Wainwright', 'Walsh', 'Whitaker', 'Wojcik', 'Wong', 'Yamamoto', 'Yang', 'Yilmaz', 'Yoon',
  'Zamora', 'Zhang', 'Zhou', 'Zielinski',
] as const;

export interface PersonName {
  first: string;
  last: string;
}

export function personName(rng: Rng): PersonName {
  return { first: rng.pick(FIRST_NAMES), last: rng.pick(LAST_NAMES) };
}

/** Lower-case ASCII for e-mail local parts: "Seo-yeon" -> "seoyeon". */
export const emailPart = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Keeps e-mail addresses unique across the whole data set. */
export class EmailRegistry {
  private readonly used = new Set<string>();

  /** The first free address among the person's usual patterns, then numbered ones. */
  claim(rng: Rng, name: PersonName, domains: readonly string[]): string {
    const f = emailPart(name.first);
    const l = emailPart(name.last);
    const domain = rng.pick(domains);
    const patterns = rng.shuffle([`${f}.${l}`, `${f[0] ?? ''}${l}`, `${f}${l[0] ?? ''}`, `${f}_${l}`, `${l}.${f}`]);
    const first = patterns[0] ?? `${f}.${l}`;
    const candidates = [first, ...patterns.slice(1)];
    for (const local of candidates) {
      const email = `${local}@${domain}`;
      if (!this.used.has(email)) {
        this.used.add(email);
        return email;
      }
    }
    for (let n = 2; ; n++) {
      const email = `${first}${n}@${domain}`;
      if (!this.used.has(email)) {
        this.used.add(email);
        return email;
      }
    }
  }
}

/** "(312) 555-0147": the 555-0100 … 555-0199 range is reserved for fiction. */
export const fictionalPhone = (rng: Rng, area: string): string => `(${area}) 555-01${String(rng.int(0, 99)).padStart(2, '0')}`;

/** One real area code per state (for people whose city has none given). */
export const STATE_AREA_CODES: Record<string, readonly string[]> = {
  AL: ['205', '256', '334'], AK: ['907'], AZ: ['480', '520', '602'], AR: ['479', '501'], CA: ['213', '310', '415', '619', '714', '916'],
  CO: ['303', '719', '970'], CT: ['203', '860'], DE: ['302'], DC: ['202'], FL: ['305', '407', '813', '904', '954'],
  GA: ['404', '678', '912'], HI: ['808'], ID: ['208'], IL: ['312', '630', '773', '847'], IN: ['317', '574', '812'],
  IA: ['319', '515'], KS: ['316', '785', '913'], KY: ['502', '859'], LA: ['225', '504', '318'], ME: ['207'],
  MD: ['301', '410'], MA: ['508', '617', '781'], MI: ['248', '313', '616'], MN: ['612', '651', '952'], MS: ['601', '662'],
  MO: ['314', '417', '816'], MT: ['406'], NE: ['402', '308'], NV: ['702', '775'], NH: ['603'], NJ: ['201', '732', '973'],
  NM: ['505', '575'], NY: ['212', '516', '585', '716', '718'], NC: ['336', '704', '919'], ND: ['701'], OH: ['216', '513', '614'],
  OK: ['405', '918'], OR: ['503', '541'], PA: ['215', '412', '717'], RI: ['401'], SC: ['803', '843', '864'], SD: ['605'],
  TN: ['423', '615', '901'], TX: ['210', '214', '512', '713', '817'], UT: ['801', '435'], VT: ['802'], VA: ['703', '757', '804'],
  WA: ['206', '425', '509'], WV: ['304'], WI: ['414', '608', '920'], WY: ['307'],
};

// ---------------------------------------------------------------------------------------------
// Streets
// ---------------------------------------------------------------------------------------------

const STREET_NAMES = [
  'Main', 'Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Walnut', 'Washington', 'Lincoln', 'Jefferson', 'Madison', 'Franklin',
  'Park', 'Lake', 'Hill', 'Ridge', 'River', 'Spring', 'Market', 'Church', 'Mill', 'Commerce', 'Industrial', 'Center',
  'Highland', 'Sunset', 'Broad', 'Union', 'Liberty', 'Harbor', 'Meadow', 'Orchard', 'Willow', 'Chestnut', 'Magnolia',
  'Grand', 'Halsted', 'Irving', 'Clinton', 'Grant', 'Fairview', 'Kingsley', 'Prospect', 'Vine', 'Poplar', 'Sycamore',
  '1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', '12th', '14th', '23rd', '38th',
];
const STREET_SUFFIXES = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Way', 'Pkwy', 'Ln', 'Ct', 'Hwy'];
const DIRECTIONS = ['N', 'S', 'E', 'W'];

/** "1450 N Halsted St". */
export function streetAddress(rng: Rng): string {
  const number = rng.chance(0.15) ? rng.int(10, 199) : rng.chance(0.6) ? rng.int(200, 4999) : rng.int(5000, 18999);
  const dir = rng.chance(0.3) ? `${rng.pick(DIRECTIONS)} ` : '';
  return `${number} ${dir}${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}`;
}

export function secondLine(rng: Rng): string {
  return rng.weighted<() => string>([
    [() => `Suite ${rng.int(1, 9) * 100 + rng.pick([0, 0, 10, 20, 50])}`, 5],
    [() => `Unit ${rng.pick(['A', 'B', 'C', 'D', '1', '2', '3', '4'])}`, 3],
    [() => `Bldg ${rng.int(1, 12)}`, 1],
    [() => `Space ${rng.int(101, 140)}`, 1],
    [() => 'Lower Level', 0.5],
  ])();
}

// ---------------------------------------------------------------------------------------------
// Companies
// ---------------------------------------------------------------------------------------------

const PLACE_WORDS = [
  'Summit', 'Keystone', 'Pioneer', 'Riverbend', 'Lakeshore', 'Prairie', 'Cascade', 'Harbor', 'Redwood', 'Ironwood',
  'Blue Ridge', 'Tri-County', 'Metro', 'Crossroads', 'Sandstone', 'Cornerstone', 'Northgate', 'Westfield', 'Southpoint',
  'Eastbrook', 'Clearwater', 'High Plains', 'Bayside', 'Granite', 'Copper Canyon', 'Timberline', 'Mesa Verde',
  'Heartland', 'Capitol', 'Liberty', 'Great River', 'Silver Creek', 'Oak Hollow', 'Pinecrest', 'Stonebridge',
];

export function companyFor(rng: Rng, type: string | null, surname: () => string, homeCity: string): string {
  const place = (): string => rng.pick(PLACE_WORDS);
  switch (type) {
    case 'engineerArchitect':
      return rng.weighted<() => string>([
        [() => `${surname()} ${rng.pick(['Engineering', 'Engineering Group', 'Consulting Engineers', '& Associates', 'MEP Engineers'])}`, 4],
        [() => `${surname()} ${surname()} ${rng.pick(['Architects', 'Architecture', 'Design Studio'])}`, 3],
        [() => `${place()} ${rng.pick(['MEP Design', 'Building Systems', 'Engineering', 'Design Group'])}`, 3],
      ])();
    case 'contractor':
      return rng.weighted<() => string>([
        [() => `${surname()} ${rng.pick(['Plumbing', 'Plumbing & Heating', 'Mechanical', 'Brothers Plumbing', 'Construction'])}`, 5],
        [() => `${place()} ${rng.pick(['Mechanical', 'Plumbing Contractors', 'Builders', 'General Contracting', 'Utility Services'])}`, 4],
      ])();
    case 'distributor':
      return `${place()} ${rng.pick(['Plumbing Supply', 'Supply Co.', 'Pipe & Supply', 'Wholesale Plumbing', 'Waterworks Supply'])}`;
    case 'manufacturerRep':
      return `${place()} ${rng.pick(['Plumbing Sales', 'Mechanical Sales', 'Sales Agency', 'Trade Reps', 'Marketing Associates'])}, ${rng.pick(['Inc.', 'LLC', 'Co.'])}`;
    case 'facilityOwner':
      return rng.weighted<() => string>([
        [() => `${surname()} ${rng.pick(['Hospitality Group', 'Restaurant Group', 'Family Restaurants'])}`, 3],
        [() => `${place()} ${rng.pick(['Foods', 'Hospitality', 'Dining Co.', 'Properties', 'School District', 'Health System'])}`, 4],
      ])();
    case 'ahjInspector':
      return `${homeCity} ${rng.pick(['Building Department', 'Public Works', 'Building & Safety', 'Water Reclamation', 'Environmental Health'])}`;
    case 'companyEmployee':
      return 'Northfield Interceptor Products, Inc.';
    case 'other':
      return `${place()} ${rng.pick(['Foodservice Consulting', 'Kitchen Design', 'Facility Services', 'Environmental Services', 'Property Management'])}`;
    default:
      return `${place()} ${rng.pick(['Group', 'Services', 'Partners'])}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Restaurants and institutions
// ---------------------------------------------------------------------------------------------

/** Place nouns per menu type: "Rosa's Taqueria", "The Copper Kettle Diner". */
export const MENU_NOUNS: Record<string, readonly string[]> = {
  'coffee-shop': ['Coffee', 'Coffee House', 'Espresso Bar', 'Roasters', 'Café'],
  bakery: ['Bakery', 'Bakehouse', 'Patisserie', 'Bread Co.'],
  'bagel-shop': ['Bagels', 'Bagel Bakery', 'Bagel Co.'],
  'deli-sandwich': ['Deli', 'Sandwich Shop', 'Delicatessen', 'Subs'],
  'ice-cream': ['Creamery', 'Ice Cream', 'Frozen Yogurt', 'Gelato'],
  'juice-bar': ['Juice Bar', 'Smoothies', 'Juicery'],
  'convenience-store': ['Market', 'Food Mart', 'Quick Stop', 'Travel Center'],
  pizza: ['Pizzeria', 'Pizza', 'Pizza Kitchen', 'Slice Shop'],
  'cafe-bistro': ['Bistro', 'Café', 'Kitchen', 'Brasserie'],
  'sushi-japanese': ['Sushi', 'Ramen House', 'Izakaya', 'Sushi Bar'],
  thai: ['Thai Kitchen', 'Thai Cuisine', 'Thai Bistro'],
  indian: ['Indian Kitchen', 'Tandoor', 'Curry House', 'Masala'],
  mediterranean: ['Mediterranean Grill', 'Kabob House', 'Falafel', 'Taverna'],
  italian: ['Trattoria', 'Ristorante', 'Osteria', 'Italian Kitchen'],
  seafood: ['Oyster Bar', 'Seafood House', 'Fish Market', 'Crab Shack'],
  'fast-food-burger': ['Burgers', 'Burger Bar', 'Drive-In', 'Burger Joint'],
  'quick-service-mexican': ['Tacos', 'Burrito Co.', 'Taco Shop', 'Taqueria'],
  'family-diner': ['Diner', 'Family Restaurant', 'Kitchen', 'Grill'],
  'breakfast-house': ['Pancake House', 'Breakfast Club', 'Griddle', 'Waffle Shop'],
  'bar-and-grill': ['Tavern', 'Pub', 'Bar & Grill', 'Taphouse', 'Alehouse'],
  barbecue: ['BBQ', 'Smokehouse', 'Barbecue', 'Pit BBQ'],
  'casual-dining': ['Grill', 'Kitchen & Bar', 'Eatery', 'Roadhouse'],
  buffet: ['Buffet', 'Grand Buffet', 'Buffet & Grill'],
  chinese: ['Chinese Kitchen', 'Wok', 'Dumpling House', 'Garden', 'Noodle House'],
  'fried-chicken': ['Fried Chicken', 'Chicken Shack', 'Hot Chicken'],
  'fish-and-chips': ['Fish & Chips', 'Chippy', 'Fish Fry'],
  'full-service-mexican': ['Cantina', 'Cocina', 'Mexican Restaurant', 'Hacienda'],
  steakhouse: ['Steakhouse', 'Chophouse', 'Prime'],
};

const ADJECTIVES = [
  'Golden', 'Blue', 'Red', 'Copper', 'Silver', 'Lucky', 'Little', 'Old Town', 'Sunny', 'Rustic', 'Urban', 'Humble',
  'Happy', 'Green', 'Iron', 'Wild', 'Corner', 'Harbor', 'Northside', 'Southside', 'Village', 'Main Street', 'Twin Oaks',
  'Hidden', 'Smoky', 'Salty', 'Crimson', 'Jade', 'Lotus', 'Saffron', 'Olive', 'Juniper', 'Magnolia', 'Prairie',
];

/** Invented restaurant names for a menu type. */
export function restaurantName(rng: Rng, menuKey: string): string {
  const nouns = MENU_NOUNS[menuKey] ?? ['Kitchen'];
  const noun = rng.pick(nouns);
  const first = rng.pick(FIRST_NAMES);
  return rng.weighted<() => string>([
    [() => `${first}'s ${noun}`, 4],
    [() => `${rng.pick(ADJECTIVES)} ${noun}`, 4],
    [() => `The ${rng.pick(ADJECTIVES)} ${noun}`, 1.5],
    [() => `${rng.pick(LAST_NAMES)} ${noun}`, 1],
    [() => `${rng.pick(ADJECTIVES)} ${rng.pick(['Lantern', 'Spoon', 'Fork', 'Table', 'Kettle', 'Skillet', 'Ember', 'Hearth'])} ${noun}`, 1],
  ])();
}

const SCHOOL_NAMES = ['Lincoln', 'Jefferson', 'Roosevelt', 'Riverside', 'Lakeview', 'Westwood', 'Hillcrest', 'Oak Grove', 'Cedar Ridge', 'Maple Park', 'Northview', 'Eastside'];

/** Names for institutional kitchens. */
export function institutionName(rng: Rng, menuKey: string): string {
  switch (menuKey) {
    case 'school-cafeteria':
      return `${rng.pick(SCHOOL_NAMES)} ${rng.pick(['Elementary', 'Middle School', 'High School', 'Academy', 'Community College'])}`;
    case 'hospital-cafeteria':
      return `${rng.pick(['St. ' + rng.pick(['Agnes', 'Luke', 'Mary', 'Joseph', 'Francis', 'Vincent']), rng.pick(PLACE_WORDS), rng.pick(LAST_NAMES)])} ${rng.pick(['Medical Center', 'Regional Hospital', 'Health Campus', "Children's Hospital", 'Senior Living'])}`;
    case 'hotel-banquet':
      return `${rng.pick(['The ' + rng.pick(ADJECTIVES), rng.pick(PLACE_WORDS), rng.pick(LAST_NAMES)])} ${rng.pick(['Hotel', 'Inn & Suites', 'Conference Center', 'Resort', 'Event Center', 'Country Club'])}`;
    default:
      return restaurantName(rng, menuKey);
  }
}

export { PLACE_WORDS };
