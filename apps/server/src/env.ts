import { resolve } from 'node:path'
import { z } from 'zod'

/**
 * Every setting of the server, read and validated in one place. No other file reads `process.env`:
 * the rest of the server receives a `Settings` value, so tests build one without touching the environment.
 * Each setting is described in `.env.example`.
 */
const settingsSchema = z.object({
  CHARTER_MODE: z.enum(['embedded', 'production']).default('embedded'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
})

export type Mode = 'embedded' | 'production'
export type LogLevel = z.infer<typeof settingsSchema>['LOG_LEVEL']

export type Settings = {
  mode: Mode
  port: number
  host: string
  /** Absolute path of the folder that holds the embedded parts' state (database, keys). */
  dataDir: string
  logLevel: LogLevel
}

export class SettingsError extends Error {
  override name = 'SettingsError'
}

export function loadSettings(source: Record<string, string | undefined> = process.env): Settings {
  // An empty value in a .env file means "not set", not "set to the empty string".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const parsed = settingsSchema.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new SettingsError(`Charter cannot start: some settings are invalid.\n${problems.join('\n')}`)
  }
  const env = parsed.data
  return {
    mode: env.CHARTER_MODE,
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR),
    logLevel: env.LOG_LEVEL,
  }
}
