import type { LogLevel } from './env.ts'

export type Logger = {
  debug: (message: string, context?: Record<string, unknown>) => void
  info: (message: string, context?: Record<string, unknown>) => void
  warn: (message: string, context?: Record<string, unknown>) => void
  error: (message: string, context?: Record<string, unknown>) => void
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

/** One line per event, human-readable first, context as JSON after it. */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Logger {
  const log = (at: Exclude<LogLevel, 'silent'>) => (message: string, context?: Record<string, unknown>) => {
    if (order[at] < order[level]) return
    const time = new Date().toISOString()
    write(`${time} ${at.toUpperCase().padEnd(5)} ${message}${context ? ` ${JSON.stringify(context)}` : ''}`)
  }
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') }
}
