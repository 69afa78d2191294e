import {
  anyJson,
  bool,
  decimal,
  integer,
  nullableSpecDate,
  objectOf,
  oneOf,
  optionalSpecDate,
  optionalText,
  requiredText,
  specDate,
  type FieldRef,
} from './field-rules';
import { EDUCATION_VALUES, EXTRA_RISK_FIELDS } from './limits';
import { request, type CheckoutForm } from './request-parts';

/** risk_assessment with account_security, education and the extra risk fields; additional_data. */

const risk = (key: string, requiredRule?: string): FieldRef => ({
  table: 'risk_assessment',
  key,
  requiredRule,
});

export function accountSecuritySchema() {
  const field = (key: string): FieldRef => ({ table: 'account_security', key });
  return objectOf(risk('account_security'), {
    is_email_verified: bool(field('is_email_verified')).optional(),
    is_phone_verified: bool(field('is_phone_verified')).optional(),
    password_last_changed: optionalSpecDate(field('password_last_changed')),
    last_login_date: optionalSpecDate(field('last_login_date')),
    last_verification_method: optionalText(field('last_verification_method')),
    device_id: optionalText(field('device_id')),
    devices_linked: integer(field('devices_linked')).optional(),
  });
}

export function educationSchema() {
  const field = (key: string): FieldRef => ({ table: 'education', key });
  return objectOf(risk('education', 'risk_assessment: education — required in the education form'), {
    education_type: requiredText(field('education_type')),
    start_date: specDate(field('start_date')),
    end_date: specDate(field('end_date')),
    event_location: oneOf(field('event_location'), EDUCATION_VALUES.event_location),
    purchase_type: oneOf(field('purchase_type'), EDUCATION_VALUES.purchase_type),
  });
}

const extraRiskShape = Object.fromEntries(EXTRA_RISK_FIELDS.map((name) => [name, anyJson()])) as Record<
  (typeof EXTRA_RISK_FIELDS)[number],
  ReturnType<typeof anyJson>
>;

function commonRiskShape() {
  return {
    is_premium_customer: bool(risk('is_premium_customer')),
    account_creation_date: specDate(risk('account_creation_date')),
    total_order_count: integer(risk('total_order_count')),
    date_first_paid: nullableSpecDate(risk('date_first_paid')),
    date_last_paid: nullableSpecDate(risk('date_last_paid')),
    risk_score: integer(risk('risk_score')).optional(),
    order_count_last_24h: integer(risk('order_count_last_24h')).optional(),
    account_security: accountSecuritySchema().optional(),
    ...extraRiskShape,
  };
}

/** risk_assessment: `education` is optional in the general form and required in the education form. */
export function riskAssessmentSchema(form: 'general'): ReturnType<typeof generalRisk>;
export function riskAssessmentSchema(form: 'education'): ReturnType<typeof educationRisk>;
export function riskAssessmentSchema(form: CheckoutForm) {
  return form === 'general' ? generalRisk() : educationRisk();
}

const generalRisk = () =>
  objectOf(request('risk_assessment'), { ...commonRiskShape(), education: educationSchema().optional() });
const educationRisk = () =>
  objectOf(request('risk_assessment'), { ...commonRiskShape(), education: educationSchema() });

export function additionalDataSchema() {
  const field = (key: string): FieldRef => ({ table: 'additional_data', key });
  return objectOf(request('additional_data'), {
    delivery_method: optionalText(field('delivery_method')),
    pickup_store: optionalText(field('pickup_store')),
    store_code: optionalText(field('store_code')),
    vendor_amount: decimal(field('vendor_amount')).optional(),
    merchant_settlement_amount: decimal(field('merchant_settlement_amount')).optional(),
    vendor_reference_code: optionalText(field('vendor_reference_code')),
  });
}
