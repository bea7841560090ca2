import type { LogLevel } from '../settings/env.ts'

export type Logger = {
  debug: (message: string, context?: Record<string, unknown>) => void
  info: (message: string, context?: Record<string, unknown>) => void
  warn: (message: string, context?: Record<string, unknown>) => void
  error: (message: string, context?: Record<string, unknown>) => void
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

/**
 * Characters that would let a logged value (a path, a header, a name) forge or hide a line: C0 and C1 controls
 * (a newline starts a fake entry, an escape sequence repaints the terminal), the Unicode line and paragraph
 * separators, and the bidirectional overrides that make text read in another order than it is stored.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what it must find.
const unsafeInLog = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/** `text` with every such character written as its `\uXXXX` escape, so that one event stays one line. */
export const escapeForLog = (text: string): string =>
  text.replace(unsafeInLog, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)

/**
 * One line per event, human-readable first, context as JSON after it. Whatever a request put in the message or
 * the context is escaped (`escapeForLog`): a path with %0A in it cannot write a line of its own.
 */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Logger {
  const log = (at: Exclude<LogLevel, 'silent'>) => (message: string, context?: Record<string, unknown>) => {
    if (order[at] < order[level]) return
    const time = new Date().toISOString()
    const details = context ? ` ${escapeForLog(JSON.stringify(context))}` : ''
    write(`${time} ${at.toUpperCase().padEnd(5)} ${escapeForLog(message)}${details}`)
  }
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') }
}
