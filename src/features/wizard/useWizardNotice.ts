/**
 * The server's notice on the wizard's finished request (docs/ai.md `notice`), for the screens of
 * that activity only: a demo of another activity (reached by its address) shows none. A wizard
 * state stored before notices existed has no field: none.
 */
import { useWizardState } from '../../localdb/hooks';

export function useWizardNotice(templateId: string): string | null {
  const { state } = useWizardState();
  return state.template?.id === templateId ? (state.notice ?? null) : null;
}
