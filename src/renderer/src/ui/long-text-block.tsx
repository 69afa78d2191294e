import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useMemo, useState, type CSSProperties } from 'react';
import { formatCount } from '@shared/count-format';
import { downloadFile } from './download-file';
import { FIRST_PART_CHARS, partEnd, textPieces } from './text-parts';

/** The whole of what a long text shows (a body as it was received), for Copy and Save. */
export interface WholeOfText {
  copyLabel: string;
  /** What Copy puts on the clipboard: all of it, never the part drawn. */
  copyText: () => string;
  saveLabel: string;
  save: () => { blob: Blob; fileName: string };
}

/**
 * A piece of a long text: laid out only when scrolled near (content-visibility), so drawing a
 * long text costs what its visible pieces cost. Until drawn, its height is a guess from its
 * length (a line of JSON is some 40 characters of 20 px); the browser keeps the real one after.
 */
const pieceStyle = (piece: string): CSSProperties => ({
  display: 'block',
  contentVisibility: 'auto',
  containIntrinsicSize: `auto ${Math.ceil(piece.length / 40) * 20}px`,
});

function CopyWholeButton({ whole }: { whole: WholeOfText }) {
  const clipboard = useClipboard({ timeout: 2000 });
  return (
    <Button
      size="compact-xs"
      variant="default"
      leftSection={clipboard.copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
      color={clipboard.copied ? 'teal' : undefined}
      onClick={() => clipboard.copy(whole.copyText())}
    >
      {clipboard.copied ? 'Copied' : whole.copyLabel}
    </Button>
  );
}

/**
 * A block of text that may be megabytes long (a stored body, a service's answer). Up to
 * FIRST_PART_CHARS it is drawn as it is; past that, its first part is drawn and the line above
 * says so, with the whole length, Show all (drawn in pieces the browser lays out as they
 * scroll into view), Copy and Save of the whole. The browser lays a text block out whole before
 * it paints, so a 5 MB body drawn at once held the page for seconds every time it was shown.
 */
export function LongTextBlock({
  text,
  whole,
  testId,
  className,
  style,
  textIs,
}: {
  text: string;
  /**
   * What the text is where it is not what the note's neighbours measure ("the laid-out text"):
   * a pretty-printed body's characters beside its size in bytes read as a count of the body.
   */
  textIs?: string | undefined;
  whole: WholeOfText;
  testId: string;
  className?: string;
  style?: CSSProperties;
}) {
  // Show all is asked for one text: another record, or another view of this one, starts cut.
  const [allOf, setAllOf] = useState<string | null>(null);
  const all = allOf === text;
  const cutAt = useMemo(() => partEnd(text, 0, FIRST_PART_CHARS), [text]);
  const pieces = useMemo(() => textPieces(all ? text : text.slice(0, cutAt)), [all, text, cutAt]);
  if (cutAt === text.length) {
    return (
      <Code block className={className} style={style} data-testid={testId}>
        {text}
      </Code>
    );
  }
  const saveWhole = () => {
    const { blob, fileName } = whole.save();
    downloadFile(blob, fileName);
  };
  return (
    <Stack gap={4}>
      <Group gap="xs" data-testid={`${testId}-part`}>
        <Text size="xs" c="dimmed" data-testid={`${testId}-part-note`}>
          {all
            ? `Showing all ${formatCount(text.length)} characters.`
            : `Showing the first ${formatCount(cutAt)} of ${textIs === undefined ? '' : `${textIs}'s `}${formatCount(text.length)} characters.`}
        </Text>
        {!all && (
          <Button size="compact-xs" variant="light" onClick={() => setAllOf(text)}>
            Show all
          </Button>
        )}
        <CopyWholeButton whole={whole} />
        <Button
          size="compact-xs"
          variant="default"
          leftSection={<IconDownload size={12} />}
          onClick={saveWhole}
        >
          {whole.saveLabel}
        </Button>
      </Group>
      <Code block className={className} style={style} data-testid={testId}>
        {pieces.map((piece, index) => (
          // Pieces never move: the text is fixed while they are shown.
          <span key={index} style={pieceStyle(piece)}>
            {piece}
          </span>
        ))}
      </Code>
    </Stack>
  );
}
