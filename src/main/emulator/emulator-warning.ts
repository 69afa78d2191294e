import type { Finding } from '../../shared/checkout/findings';

/**
 * A warning a request earned (answered in X-Emulator-Warnings): a finding, and, where the warning
 * is about something beyond the request, what it names (another order's id), so the one header
 * line says it too.
 */
export type EmulatorWarning = Finding & { about?: string };
