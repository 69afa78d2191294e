/** A compact JWS: header and claims are JSON objects, so both start `eyJ` once base64url-encoded. */
export const JWT_SHAPE = /eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
/**
 * The JWT shape as a pattern's source, for a reader that first asks whether a text holds
 * anything to redact at all (the text index: one test of one expression per column).
 */
export const JWT_SHAPE_SOURCE = JWT_SHAPE.source;
