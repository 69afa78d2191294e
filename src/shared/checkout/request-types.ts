import type { z } from 'zod';
import type { educationRequestSchema } from './education-schema';
import type { generalRequestSchema } from './general-schema';

/** The request as the schemas type it (what a form edits); unknown keys are allowed at runtime. */
export type GeneralCheckoutRequest = z.input<ReturnType<typeof generalRequestSchema>>;
export type EducationCheckoutRequest = z.input<ReturnType<typeof educationRequestSchema>>;
export type CheckoutRequest = GeneralCheckoutRequest | EducationCheckoutRequest;
export type RiskAssessment = GeneralCheckoutRequest['risk_assessment'];
export type CheckoutItem = GeneralCheckoutRequest['items'][number];
export type Money = GeneralCheckoutRequest['total_amount'];
