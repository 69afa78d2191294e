import { z } from 'zod';

/**
 * What the pretty-printing worker is asked and answers. Both sides parse what they receive: a
 * message is a boundary, even between our own scripts.
 */
export const prettyRequestSchema = z.object({ id: z.number().int(), text: z.string() });
export type PrettyRequest = z.infer<typeof prettyRequestSchema>;

export const prettyAnswerSchema = z.object({ id: z.number().int(), pretty: z.string().nullable() });
export type PrettyAnswer = z.infer<typeof prettyAnswerSchema>;
