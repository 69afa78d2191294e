/** The spec's Limits table, one constant each, shared by the schemas and the field catalogue. */
export const LIMITS = {
  totalAmountMinimum: 0.1,
  /** shipping_amount, tax_amount, item tax_amount and item discount_amount. */
  nonNegativeAmountMinimum: 0,
  itemNameMaxLength: 255,
  itemSkuMaxLength: 128,
  itemUrlMaxLength: 1024,
  /** "declared maximum 256"; enforced as an error (README, decisions). */
  descriptionMaxLength: 256,
  expiryMinutesMinimum: 5,
  expiryMinutesMaximum: 1440,
  /** Not a limit on the field: the service's default when it is left out. */
  defaultExpiryMinutes: 30,
  educationEmailMaxLength: 128,
  educationPhoneMaxLength: 32,
  educationItemQuantity: 1,
  /**
   * "webhook URL: at most 255 characters", the portal's webhook form's: a profile's public
   * listener URL (registered there) is refused over it, a request's notification URL only warned.
   */
  webhookUrlMaxLength: 255,
} as const;

/**
 * `payment_type` and `instalments` values are not shown in the spec: free text, with these
 * suggested, the official client's own (Order::PAY_BY_INSTALMENTS, Order::PAY_BY_LATER) and no
 * other: nothing the console can read names a third.
 */
export const PAYMENT_TYPE_SUGGESTIONS = ['PAY_BY_INSTALMENTS', 'PAY_BY_LATER'] as const;

/** `education_type` is described by examples ("course, workshop, tutoring and the like"): suggestions. */
export const EDUCATION_SUGGESTIONS = {
  education_type: ['course', 'workshop', 'tutoring'],
} as const;

/** `event_location` "(online or offline)" and `purchase_type` "(subscription or one-time)": closed lists. */
export const EDUCATION_VALUES = {
  event_location: ['online', 'offline'],
  purchase_type: ['subscription', 'one-time'],
} as const;

/** "Additional risk field names also occur in a request example"; types and rules not shown. */
export const EXTRA_RISK_FIELDS = [
  'phone_verified',
  'customer_age',
  'customer_dob',
  'customer_gender',
  'customer_nationality',
  'is_existing_customer',
  'is_guest_user',
  'platform_account_creation_date',
  'date_of_first_transaction',
  'is_card_on_file',
  'is_COD_customer',
  'has_delivered_order',
  'is_fraudulent_customer',
  'total_ltv',
  'order_amount_last3months',
  'order_count_last3months',
  'last_order_date',
  'last_order_amount',
  'reward_program_enrolled',
  'reward_program_points',
] as const;

/** The request field that carries the notification URL is not shown; the profile default. */
export const DEFAULT_NOTIFICATION_FIELD = 'merchant_url.notification';
