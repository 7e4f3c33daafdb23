/**
 * The top-level error boundary (SPEC §1, §2.10, §4 Error boundary): an uncaught rendering error
 * outside the routes' own error screens is reported to the error-reporting service, tagged with
 * the UI framework and, when the wrapped area names one, an action; then the fallback screen
 * shows.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../telemetry/errorReporting';
import { FallbackErrorScreen } from '../ui/FallbackErrorScreen';

interface Props {
  children: ReactNode;
  /** What the wrapped area is for, sent with the report (SPEC §4 "an optional action name"). */
  action?: string;
}

interface State {
  readonly failed: boolean;
}

export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled rendering error', error, info.componentStack);
    reportError(error, { action: this.props.action, componentStack: info.componentStack });
  }

  override render() {
    return this.state.failed ? <FallbackErrorScreen /> : this.props.children;
  }
}
