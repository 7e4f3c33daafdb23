/**
 * SPEC §2.6 / §4: the row of the most recently launched activity is highlighted. The id is kept
 * on this device (a local document), so the highlight survives a reload and shows in every tab.
 */
import { useCallback } from 'react';
import { useDeviceState } from '../../localdb/hooks';

export const HIGHLIGHT_STATE_KEY = 'activities-highlight';

interface HighlightState {
  templateId: string | null;
}

const DEFAULTS: HighlightState = { templateId: null };

export function useActivityHighlight(): {
  highlightedId: string | null;
  highlight(templateId: string): Promise<void>;
} {
  const { state, update } = useDeviceState<HighlightState>(HIGHLIGHT_STATE_KEY, DEFAULTS);
  const highlight = useCallback(
    async (templateId: string) => {
      await update({ templateId });
    },
    [update],
  );
  return { highlightedId: state.templateId, highlight };
}
