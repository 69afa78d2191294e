import type { CountryCode } from './currencies';

/** Real places, phone formats and tax rates per country, for sample payloads that look like the region. */

export interface Place {
  city: string;
  region: string;
}

export interface CountryData {
  places: readonly Place[];
  streets: readonly string[];
  /** Mobile numbers: country calling code, the national prefixes in use, and the digits after the prefix. */
  phone: { callingCode: string; prefixes: readonly string[]; restDigits: number };
  /** VAT rate in percent (Kuwait has none). */
  vatPercent: number;
  /** Rough value of one unit of the currency in SAR, to price the same goods everywhere. */
  sarPerUnit: number;
}

export const GULF: Record<CountryCode, CountryData> = {
  SA: {
    places: [
      { city: 'Riyadh', region: 'Riyadh Province' },
      { city: 'Jeddah', region: 'Makkah Province' },
      { city: 'Mecca', region: 'Makkah Province' },
      { city: 'Medina', region: 'Madinah Province' },
      { city: 'Dammam', region: 'Eastern Province' },
      { city: 'Khobar', region: 'Eastern Province' },
      { city: 'Abha', region: 'Asir Province' },
      { city: 'Tabuk', region: 'Tabuk Province' },
    ],
    streets: ['King Fahd Road', 'Olaya Street', 'Tahlia Street', 'King Abdullah Road', 'Prince Sultan Road'],
    phone: { callingCode: '+966', prefixes: ['50', '53', '54', '55', '56', '58', '59'], restDigits: 7 },
    vatPercent: 15,
    sarPerUnit: 1,
  },
  AE: {
    places: [
      { city: 'Dubai', region: 'Dubai' },
      { city: 'Abu Dhabi', region: 'Abu Dhabi' },
      { city: 'Al Ain', region: 'Abu Dhabi' },
      { city: 'Sharjah', region: 'Sharjah' },
      { city: 'Ajman', region: 'Ajman' },
      { city: 'Ras Al Khaimah', region: 'Ras Al Khaimah' },
      { city: 'Fujairah', region: 'Fujairah' },
    ],
    streets: ['Sheikh Zayed Road', 'Al Wasl Road', 'Jumeirah Beach Road', 'Corniche Road', 'Hamdan Street'],
    phone: { callingCode: '+971', prefixes: ['50', '52', '54', '55', '56', '58'], restDigits: 7 },
    vatPercent: 5,
    sarPerUnit: 1.02,
  },
  BH: {
    places: [
      { city: 'Manama', region: 'Capital Governorate' },
      { city: 'Sitra', region: 'Capital Governorate' },
      { city: 'Muharraq', region: 'Muharraq Governorate' },
      { city: 'Hamad Town', region: 'Northern Governorate' },
      { city: 'Riffa', region: 'Southern Governorate' },
      { city: 'Isa Town', region: 'Southern Governorate' },
    ],
    streets: [
      'Government Avenue',
      'Exhibition Avenue',
      'Budaiya Highway',
      'Al Fateh Highway',
      'Sheikh Isa Avenue',
    ],
    phone: { callingCode: '+973', prefixes: ['33', '34', '35', '36', '37', '38', '39'], restDigits: 6 },
    vatPercent: 10,
    sarPerUnit: 9.95,
  },
  KW: {
    places: [
      { city: 'Kuwait City', region: 'Capital Governorate' },
      { city: 'Hawalli', region: 'Hawalli Governorate' },
      { city: 'Salmiya', region: 'Hawalli Governorate' },
      { city: 'Farwaniya', region: 'Farwaniya Governorate' },
      { city: 'Jahra', region: 'Jahra Governorate' },
      { city: 'Fahaheel', region: 'Ahmadi Governorate' },
    ],
    streets: ['Gulf Road', 'Fahad Al-Salem Street', 'Salem Al Mubarak Street', 'Abdullah Al-Salem Street'],
    phone: { callingCode: '+965', prefixes: ['5', '6', '9'], restDigits: 7 },
    vatPercent: 0,
    sarPerUnit: 12.2,
  },
  OM: {
    places: [
      { city: 'Muscat', region: 'Muscat Governorate' },
      { city: 'Seeb', region: 'Muscat Governorate' },
      { city: 'Salalah', region: 'Dhofar Governorate' },
      { city: 'Sohar', region: 'North Al Batinah Governorate' },
      { city: 'Nizwa', region: 'Ad Dakhiliyah Governorate' },
      { city: 'Sur', region: 'South Ash Sharqiyah Governorate' },
    ],
    streets: ['Sultan Qaboos Street', '18th November Street', 'Al Kharjiyah Street', 'Dohat Al Adab Street'],
    phone: { callingCode: '+968', prefixes: ['90', '91', '92', '93', '95', '97', '98', '99'], restDigits: 6 },
    vatPercent: 5,
    sarPerUnit: 9.75,
  },
};

/** Gulf names in Latin letters, for consumers who write their name in English. */
export const TRANSLITERATED_NAMES = {
  male: ['Mohammed', 'Abdullah', 'Faisal', 'Khalid', 'Saud', 'Omar', 'Yousef', 'Hamad', 'Sultan', 'Rashid'],
  female: ['Fatima', 'Noura', 'Maryam', 'Aisha', 'Reem', 'Latifa', 'Hessa', 'Sara', 'Dana', 'Shaikha'],
  family: [
    'Al-Harbi',
    'Al-Qahtani',
    'Al-Mansoori',
    'Al-Otaibi',
    'Al-Dosari',
    'Al-Shamsi',
    'Al-Mutairi',
    'Al-Balushi',
    'Al-Ajmi',
    'Al-Kuwari',
    'Al-Hashmi',
    'Al-Zaabi',
    'Al-Farsi',
  ],
} as const;

/** Goods a Gulf web shop sells, priced in SAR. */
export const PRODUCTS = [
  { name: 'Oud perfume, 100 ml', type: 'physical', priceSar: 385 },
  { name: 'Sukkari dates gift box, 1 kg', type: 'physical', priceSar: 95 },
  { name: 'Arabic coffee dallah set', type: 'physical', priceSar: 240 },
  { name: 'Bakhoor burner, electric', type: 'physical', priceSar: 129 },
  { name: 'Abaya, black crepe', type: 'physical', priceSar: 450 },
  { name: 'Kandura, white cotton', type: 'physical', priceSar: 310 },
  { name: 'Prayer mat, padded', type: 'physical', priceSar: 75 },
  { name: 'Wireless earbuds', type: 'physical', priceSar: 299 },
  { name: 'Saffron, 5 g', type: 'physical', priceSar: 60 },
  { name: 'E-gift card', type: 'digital', priceSar: 200 },
  { name: 'Streaming subscription, 12 months', type: 'digital', priceSar: 349 },
] as const;

/** Fees an education provider charges: the item type is the fee kind, the name the term label. */
export const EDUCATION_FEES = [
  { type: 'tuition', label: 'Tuition fee', priceSar: 4500 },
  { type: 'registration', label: 'Registration fee', priceSar: 750 },
  { type: 'course', label: 'Course fee', priceSar: 1800 },
  { type: 'workshop', label: 'Workshop fee', priceSar: 600 },
  { type: 'exam', label: 'Exam fee', priceSar: 350 },
] as const;
