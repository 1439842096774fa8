import { Component, type ErrorInfo, type ReactNode } from 'react';

type TProps = { fallback: ReactNode; children: ReactNode; resetKey?: string };
type TState = { failed: boolean; resetKey?: string };

/** Shows `fallback` when a page fails to load or render; a new `resetKey` (the path) tries again. */
export class ErrorBoundary extends Component<TProps, TState> {
  override state: TState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<TState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: TProps, state: TState): Partial<TState> | null {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
