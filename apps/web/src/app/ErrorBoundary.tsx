import { Component, type ErrorInfo, type ReactNode } from 'react'

type Props = { children: ReactNode; onError?: (error: unknown, info: ErrorInfo) => void }
type State = { error: unknown }

/** Catches a screen that failed to render and says so in words, with a way back, instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info)
  }

  override render() {
    if (this.state.error === undefined) return this.props.children
    return (
      <div role="alert" className="card error-screen">
        <h1>Something went wrong</h1>
        <p>This screen ran into a problem and could not be shown. Your data is safe: nothing was changed.</p>
        <p>Try again; if it keeps happening, reload the page or tell your administrator.</p>
        <button type="button" className="button" onClick={() => this.setState({ error: undefined })}>
          Try again
        </button>
      </div>
    )
  }
}
