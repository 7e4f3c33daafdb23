/**
 * SPEC §4 Help panel state: open or closed, with the current topic. An id that names no topic is
 * reported as SPEC §8 says ("No help topic found for helpId {id}") and opens nothing.
 */
import { useCallback, useMemo, useState } from 'react';
import { reportError } from '../../telemetry/errorReporting';
import type { BuilderContextValue, HelpTopicId } from './BuilderContext';
import { isHelpTopicId, unknownHelpTopicMessage } from './helpTopics';

export function useHelpPanel(): BuilderContextValue['help'] {
  const [openId, setOpenId] = useState<HelpTopicId | null>(null);

  const toggle = useCallback((id: string) => {
    if (!isHelpTopicId(id)) {
      const message = unknownHelpTopicMessage(id);
      console.error(message);
      reportError(new Error(message), { action: 'builder-help' });
      return;
    }
    // The same topic's help button closes the panel; another topic's replaces what it shows.
    setOpenId((current) => (current === id ? null : id));
  }, []);
  const clear = useCallback(() => setOpenId(null), []);

  return useMemo(() => ({ openId, toggle, clear }), [openId, toggle, clear]);
}
