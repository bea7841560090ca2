import type { Logger } from '../../logger.ts'

export type RecordedWarning = { message: string; context: Record<string, unknown> | undefined }

/** A real `Logger` that keeps what it is told, so a test can assert exactly which warnings were given. */
export function recordingLogger(): Logger & { warnings: RecordedWarning[] } {
  const warnings: RecordedWarning[] = []
  return { warnings, warn: (message, context) => warnings.push({ message, context }) }
}
