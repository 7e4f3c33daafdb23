/**
 * The top-level error boundary (SPEC §1, §2.10): an uncaught rendering error outside the routes'
 * own error screens shows the fallback screen. Reporting to the error-reporting service arrives
 * with telemetry; until then the error goes to the console.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FallbackErrorScreen } from './FallbackErrorScreen';

interface State {
  readonly failed: boolean;
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled rendering error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <FallbackErrorScreen /> : this.props.children;
  }
}
