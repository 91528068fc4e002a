import { Component, type ErrorInfo, type ReactNode } from 'react';

interface OptionalBoundaryProps {
  /** Names the part in the warning. */
  name: string;
  children: ReactNode;
}

/**
 * Around optional, lazily loaded parts (toasts, dialogs): if their code cannot be loaded the page
 * keeps working without them instead of failing as a whole.
 */
export class OptionalBoundary extends Component<OptionalBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn(`${this.props.name} could not be shown`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
