/**
 * One policy for both front doors. Scripts only from our own bundle; styles may be inline
 * because Mantine writes CSS variables at run time; `connect-src 'self'` covers the
 * same-origin WebSocket bridge in browser mode and nothing else.
 */
export function contentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
