import { z } from 'zod';

/**
 * A HAR request's body. HAR 1.2 gives it as `text` or, for a form, as `params` (name and value
 * each); a browser or proxy may write only the params. Read as text alone, such a form came in
 * with no body and `curl` without `--data`: evidence gone without a word.
 *
 * A form sent as application/x-www-form-urlencoded is the params, in order, written as the
 * WHATWG urlencoded serializer writes them (what a browser's form sends: a space as `+`). A
 * multipart/form-data body is not rebuilt: its boundary, each part's headers and a file's bytes
 * are not in the params, so a rebuilt one would be a body that never arrived. Such an entry,
 * and params of any other type, are refused, naming the entry.
 */
const FORM_URLENCODED = 'application/x-www-form-urlencoded';

const param = z.object({ name: z.string(), value: z.string().optional() });

/** A media type without its parameters (`; charset=UTF-8`), as compared. */
const essenceOf = (mimeType: string | undefined) =>
  (mimeType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';

export const harPostDataSchema = z
  .object({
    mimeType: z.string().optional(),
    text: z.string().optional(),
    params: z.array(param).optional(),
    _encoding: z.string().optional(),
  })
  .superRefine((postData, context) => {
    const { params, text } = postData;
    if (text !== undefined || params === undefined) return;
    const essence = essenceOf(postData.mimeType);
    if (essence !== FORM_URLENCODED) {
      const named = essence === '' ? 'no mimeType' : essence;
      context.addIssue({
        code: 'custom',
        path: ['params'],
        message:
          essence === 'multipart/form-data'
            ? 'a multipart/form-data body given only as params cannot be rebuilt as it arrived (its boundary, part headers and file bytes are not in them); export the HAR with the body text, or leave this entry out'
            : `a body given only as params is read as ${FORM_URLENCODED}, not ${named}; export the HAR with the body text, or leave this entry out`,
      });
      return;
    }
    const valueless = params.findIndex((one) => one.value === undefined);
    if (valueless !== -1)
      context.addIssue({
        code: 'custom',
        path: ['params', valueless, 'value'],
        message: 'missing: the form body cannot be rebuilt without every value',
      });
  });
export type HarPostData = z.output<typeof harPostDataSchema>;

/** The body a HAR request gives: its text, or its form params written as they were sent. */
export function harRequestBodyText(postData: HarPostData | undefined): string | null {
  if (postData === undefined) return null;
  if (postData.text !== undefined) return postData.text;
  if (postData.params === undefined) return null;
  // harPostDataSchema let through only urlencoded params, each with a value.
  const pairs = postData.params.map(({ name, value }): [string, string] => [name, value ?? '']);
  return new URLSearchParams(pairs).toString();
}
