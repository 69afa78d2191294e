/**
 * A request the listener could not read as HTTP (Node could not parse it, or it stopped short)
 * is stored as a webhook with the bytes that arrived and no method or target (method null), and
 * nothing in it is judged. What it is, said once for every reader that cannot treat it as a
 * request: curl and replay have nothing to send again as it came.
 */
export const RAW_REQUEST_WORDS =
  'a raw request: the listener stored the bytes that arrived, not a method and a target it could read (Node could not parse them, or they stopped short)';
