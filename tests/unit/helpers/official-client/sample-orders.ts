import type { ClientItem, ClientOrder } from './requests';

/**
 * The orders both official-client tests place: the TypeScript re-write's bytes
 * (official-client-contract.test.ts) and the PHP client itself (official-client-php.test.ts).
 */

export const RISK = {
  is_premium_customer: false,
  account_creation_date: '01-01-2024',
  total_order_count: 3,
  date_first_paid: '02-01-2024',
  date_last_paid: '03-03-2026',
};

export const KWD_ITEMS: ClientItem[] = [
  {
    referenceId: 'SKU-1',
    type: 'Physical',
    name: 'Oud perfume',
    sku: 'OUD-1',
    quantity: 1,
    tax: 1,
    total: 12.345,
    unitPrice: 12.345,
  },
  // Unset in the merchant's code: unit price (null), image and item URL ("").
  {
    referenceId: 'SKU-2',
    type: 'Physical',
    name: 'Dates, 1 kg',
    sku: 'DATES-1',
    quantity: 1,
    tax: 0.985,
    total: 7.5,
  },
];

/** A KWD order of the two items above, its notifications sent to `notification`. */
export const kwdOrder = (
  reference: string,
  notification: string,
  overrides: Partial<ClientOrder> = {},
): ClientOrder => ({
  referenceId: reference,
  total: 23.83,
  currency: 'KWD',
  description: 'Perfume and dates',
  countryCode: 'KW',
  paymentType: 'PAY_BY_INSTALMENTS',
  instalments: 3,
  items: KWD_ITEMS,
  consumer: {
    firstName: 'Fatima',
    lastName: 'Al-Sabah',
    phoneNumber: '+96550000000',
    email: 'fatima@example.com',
  },
  shipping: {
    firstName: 'Fatima',
    lastName: 'Al-Sabah',
    line1: 'Block 3, Street 12',
    city: 'Kuwait City',
    countryCode: 'KW',
  },
  tax: 1.985,
  shipping_amount: 2,
  merchantUrl: {
    success: 'https://shop.example.com/success',
    failure: 'https://shop.example.com/failure',
    cancel: 'https://shop.example.com/cancel',
    notification,
  },
  riskAssessment: RISK,
  ...overrides,
});

/** The address and item of the SAR order with every optional value set. */
export const SAR_ADDRESS = {
  firstName: 'Omar',
  lastName: 'Haddad',
  line1: 'King Fahd Rd 1',
  city: 'Riyadh',
  countryCode: 'SA',
  phoneNumber: '+966500000000',
};
export const SAR_ITEMS: ClientItem[] = [
  {
    referenceId: 'A1',
    type: 'Digital',
    name: 'Gift card',
    sku: 'GC-100',
    quantity: 1,
    tax: 15,
    total: 115,
    unitPrice: 115,
    discount: 0,
    imageUrl: 'https://img.example.com/gc.png',
    itemUrl: 'https://shop.example.com/gc',
  },
];

/** The SAR order with every optional value set. */
export const sarOrder = (reference: string, notification: string): ClientOrder =>
  kwdOrder(reference, notification, {
    currency: 'SAR',
    countryCode: 'SA',
    total: 105,
    items: SAR_ITEMS,
    tax: 0,
    shipping_amount: 0,
    discount: { name: 'WELCOME10', amount: 10, currency: 'SAR' },
    locale: 'en_US',
    billing: SAR_ADDRESS,
    shipping: SAR_ADDRESS,
    platform: 'Magento',
    expiresInMinutes: 60,
  });
