/**
 * The server's notice on a finished AI request (docs/ai.md `notice`): the topics gave too little
 * for every task asked, or nothing to write about. Shown as the server wrote it, where the
 * organiser looks at the result; nothing at all when there is none. Untitled: the one sentence
 * says what happened for either kind of notice, and a title would fit only one of them.
 */
import { Alert } from '@mantine/core';
import { InfoIcon } from '../library/icons';

export interface AiResultNoticeProps {
  notice: string | null | undefined;
  /** The widest it grows; on a centred screen it is also centred. */
  maw?: number;
  testId: string;
}

export function AiResultNotice({ notice, maw, testId }: AiResultNoticeProps) {
  if (!notice) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      // Advice about a result that is there, not an error: read in turn, not announced at once.
      role="note"
      icon={<InfoIcon />}
      maw={maw}
      w="100%"
      ta="left"
      data-testid={testId}
    >
      {notice}
    </Alert>
  );
}
