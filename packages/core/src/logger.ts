/** Where core's warnings go: core never writes to the console itself; the caller passes a logger in. */
export type Logger = {
  warn: (message: string, context?: Record<string, unknown>) => void
}

/** A logger that drops everything, for callers that do not care. */
export const silentLogger: Logger = { warn: () => {} }
