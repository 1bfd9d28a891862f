/** Word lists the demo data is drawn from (invented people and companies; any likeness is chance). */

export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Oliver', 'Sophia', 'Elijah', 'Charlotte', 'James', 'Ava', 'Lucas',
  'Mia', 'Mateo', 'Isabella', 'Leo', 'Layla', 'Omar', 'Fatima', 'Youssef', 'Amira', 'Karim', 'Nadia', 'Hassan',
  'Leila', 'Samir', 'Chloé', 'Louis', 'Camille', 'Hugo', 'Manon', 'Jules', 'Inès', 'Arthur', 'Léa', 'Gabriel',
  'Hannah', 'Lukas', 'Marie', 'Felix', 'Sofia', 'Marco', 'Giulia', 'Luca', 'Elena', 'Pablo', 'Lucía', 'Diego',
  'Aiko', 'Haruto', 'Yuna', 'Wei', 'Mei', 'Arjun', 'Priya', 'Ravi', 'Ananya', 'Kwame', 'Amara', 'Chidi',
  'Zara', 'Ethan', 'Grace', 'Henry', 'Ella', 'Jack', 'Nora', 'Samuel', 'Ruby', 'Daniel', 'Alice', 'Victor',
];

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Anderson',
  'Taylor', 'Thomas', 'Moore', 'Martin', 'Lee', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Scott', 'Green',
  'Haddad', 'Khoury', 'Mansour', 'Nasser', 'Saleh', 'Farah', 'Aziz', 'Rahman', 'Benali', 'Dubois', 'Moreau',
  'Laurent', 'Lefebvre', 'Fontaine', 'Rousseau', 'Mercier', 'Girard', 'Bonnet', 'Schneider', 'Fischer', 'Weber',
  'Becker', 'Rossi', 'Russo', 'Ferrari', 'Romano', 'Fernández', 'Navarro', 'Tanaka', 'Suzuki', 'Sato', 'Chen',
  'Wang', 'Li', 'Zhang', 'Patel', 'Sharma', 'Gupta', 'Mensah', 'Okafor', 'Adeyemi', 'Novak', 'Kowalski',
  'Nielsen', 'Larsen', 'Svensson', 'Costa', 'Silva', 'Pereira',
];

export const COMPANY_STEMS = [
  'Acme', 'Blue Harbor', 'Northwind', 'Cedar', 'Silverline', 'Brightpath', 'Atlas', 'Summit', 'Greenfield',
  'Redwood', 'Pioneer', 'Nova', 'Vertex', 'Horizon', 'Keystone', 'Lumen', 'Orbit', 'Quantum', 'Riverstone',
  'Sunrise', 'Trident', 'Evergreen', 'Falcon', 'Granite', 'Ironbridge', 'Juniper', 'Kestrel', 'Lighthouse',
  'Maple', 'Meridian', 'Oakridge', 'Polaris', 'Sapphire', 'Sterling', 'Tidewater', 'Union', 'Velocity',
  'Westgate', 'Zenith', 'Alpine', 'Beacon', 'Cobalt', 'Delta', 'Ember', 'Fjord', 'Harbor Light', 'Indigo',
  'Jade', 'Lotus', 'Mosaic', 'Nimbus', 'Onyx', 'Prism', 'Crescent', 'Oasis', 'Sahara', 'Atrium', 'Solstice',
];

export const INDUSTRY_SUFFIXES = {
  Technology: ['Software', 'Labs', 'Systems', 'Digital', 'Cloud', 'Technologies'],
  Healthcare: ['Health', 'Medical', 'Clinics', 'Care', 'Pharma', 'Biotech'],
  Finance: ['Capital', 'Finance', 'Partners', 'Advisors', 'Bank', 'Insurance'],
  Retail: ['Retail', 'Stores', 'Market', 'Goods', 'Outfitters', 'Brands'],
  Manufacturing: ['Industries', 'Manufacturing', 'Works', 'Materials', 'Fabrication', 'Components'],
} as const;

export const LEGAL_FORMS = ['Inc.', 'Ltd', 'LLC', 'Group', 'SA', 'GmbH', 'Co.', ''];

export const PLACES: readonly { city: string; country: string; phone: string; tld: string }[] = [
  { city: 'New York', country: 'United States', phone: '+1 212', tld: 'com' },
  { city: 'San Francisco', country: 'United States', phone: '+1 415', tld: 'com' },
  { city: 'Chicago', country: 'United States', phone: '+1 312', tld: 'com' },
  { city: 'Austin', country: 'United States', phone: '+1 512', tld: 'com' },
  { city: 'Toronto', country: 'Canada', phone: '+1 416', tld: 'ca' },
  { city: 'London', country: 'United Kingdom', phone: '+44 20', tld: 'co.uk' },
  { city: 'Manchester', country: 'United Kingdom', phone: '+44 161', tld: 'co.uk' },
  { city: 'Paris', country: 'France', phone: '+33 1', tld: 'fr' },
  { city: 'Lyon', country: 'France', phone: '+33 4', tld: 'fr' },
  { city: 'Berlin', country: 'Germany', phone: '+49 30', tld: 'de' },
  { city: 'Munich', country: 'Germany', phone: '+49 89', tld: 'de' },
  { city: 'Madrid', country: 'Spain', phone: '+34 91', tld: 'es' },
  { city: 'Milan', country: 'Italy', phone: '+39 02', tld: 'it' },
  { city: 'Amsterdam', country: 'Netherlands', phone: '+31 20', tld: 'nl' },
  { city: 'Stockholm', country: 'Sweden', phone: '+46 8', tld: 'se' },
  { city: 'Dubai', country: 'United Arab Emirates', phone: '+971 4', tld: 'ae' },
  { city: 'Riyadh', country: 'Saudi Arabia', phone: '+966 11', tld: 'sa' },
  { city: 'Cairo', country: 'Egypt', phone: '+20 2', tld: 'com.eg' },
  { city: 'Casablanca', country: 'Morocco', phone: '+212 522', tld: 'ma' },
  { city: 'Beirut', country: 'Lebanon', phone: '+961 1', tld: 'com.lb' },
  { city: 'Lagos', country: 'Nigeria', phone: '+234 1', tld: 'ng' },
  { city: 'Nairobi', country: 'Kenya', phone: '+254 20', tld: 'co.ke' },
  { city: 'Singapore', country: 'Singapore', phone: '+65 6', tld: 'sg' },
  { city: 'Tokyo', country: 'Japan', phone: '+81 3', tld: 'jp' },
  { city: 'Sydney', country: 'Australia', phone: '+61 2', tld: 'com.au' },
  { city: 'São Paulo', country: 'Brazil', phone: '+55 11', tld: 'com.br' },
  { city: 'Mumbai', country: 'India', phone: '+91 22', tld: 'in' },
];

export const STREETS = ['Main Street', 'Market Street', 'Park Avenue', 'High Street', 'Rue de Rivoli', 'Harbour Road', 'King Street', 'Station Road', 'Church Lane', 'Elm Street', 'Avenue des Champs', 'Business Bay'];

export const CUSTOMER_TAGS = ['vip', 'enterprise', 'smb', 'startup', 'renewal', 'upsell', 'newsletter', 'partner', 'trial', 'priority', 'q4-target', 'event-lead', 'referral', 'churn-risk'];

export const DEAL_PRODUCTS = [
  'Annual license', 'Enterprise plan', 'Onboarding package', 'Support renewal', 'Team expansion', 'Pilot project',
  'Analytics add-on', 'Consulting retainer', 'Multi-site rollout', 'Integration project', 'Training program',
  'Premium support', 'Platform migration', 'Starter plan', 'Hardware bundle',
];

export const DEAL_TAGS = ['inbound', 'outbound', 'renewal', 'upsell', 'new-business', 'strategic', 'discount', 'multi-year'];

export const COMMUNICATION_SUBJECTS = {
  email: ['Proposal follow-up', 'Pricing questions', 'Meeting recap', 'Contract draft', 'Welcome aboard', 'Quarterly update'],
  call: ['Discovery call', 'Check-in call', 'Pricing discussion', 'Renewal call', 'Support escalation'],
  meeting: ['Product demo', 'Kick-off meeting', 'Quarterly business review', 'On-site visit', 'Workshop'],
  sms: ['Meeting reminder', 'Quick question', 'Running late'],
  whatsapp: ['Document shared', 'Follow-up', 'Thanks for today'],
  note: ['Decision maker identified', 'Budget confirmed', 'Competitor in play', 'Prefers e-mail'],
} as const;

export const COMMUNICATION_CONTENT = [
  'Discussed their current process and where the team loses time.',
  'They asked for a detailed quote for the next quarter.',
  'Walked through the reporting features; strong interest from finance.',
  'Agreed on next steps and a follow-up date.',
  'Sent the requested documents and the case study.',
  'They are comparing us with two other vendors.',
  'Budget approval expected by the end of the month.',
];

export const TASK_TITLES = {
  call: ['Call {name} about the proposal', 'Follow-up call with {name}', 'Qualification call: {company}'],
  email: ['Send pricing to {name}', 'E-mail the contract draft to {company}', 'Share the case study with {name}'],
  meeting: ['Meeting with {company}', 'Quarterly review with {name}', 'On-site visit at {company}'],
  follow_up: ['Follow up on {deal}', 'Check in with {name}', 'Chase signature for {deal}'],
  demo: ['Product demo for {company}', 'Technical demo: {deal}', 'Demo the analytics add-on to {name}'],
  other: ['Prepare the quote for {deal}', 'Update CRM notes for {company}', 'Review the contract terms for {deal}'],
} as const;

export const TASK_TAGS = ['urgent-client', 'pipeline', 'admin', 'renewal', 'demo', 'paperwork'];
