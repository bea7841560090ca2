import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { loadSettings, SettingsError, settingNames } from './env.ts'

describe('loadSettings', () => {
  it('starts on the embedded defaults with no settings at all', () => {
    const settings = loadSettings({})
    expect(settings).toMatchObject({ mode: 'embedded', port: 3000, host: '127.0.0.1', logLevel: 'info' })
    expect(settings.dataDir).toMatch(/\.data$/)
  })

  it('treats an empty value as not set', () => {
    expect(loadSettings({ PORT: '', CHARTER_MODE: '' })).toMatchObject({ port: 3000, mode: 'embedded' })
  })

  it('fails fast naming each bad setting', () => {
    expect(() => loadSettings({ PORT: 'eighty', CHARTER_MODE: 'staging' })).toThrow(SettingsError)
    try {
      loadSettings({ PORT: 'eighty', CHARTER_MODE: 'staging' })
    } catch (error) {
      expect(String((error as Error).message)).toContain('PORT')
      expect(String((error as Error).message)).toContain('CHARTER_MODE')
    }
  })
})

describe('loadSettings in production', () => {
  const production = {
    CHARTER_MODE: 'production',
    DATABASE_URL: 'postgres://charter@db.internal/charter',
    AUTH_SECRET: 'b'.repeat(64),
    WALLET_MASTER_KEY: 'c'.repeat(64),
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_FROM: '+15005550006',
    SMS_ALLOWED_COUNTRIES: 'us, ca,GB',
  }

  it('accepts a complete production setup', () => {
    const settings = loadSettings(production)
    expect(settings.smsAllowedCountries).toEqual(['US', 'CA', 'GB'])
    expect(settings.twilio).toMatchObject({ from: '+15005550006', apiUrl: 'https://api.twilio.com' })
    expect(settings.databaseUrl).toBe('postgres://charter@db.internal/charter')
  })

  it.each([
    ['DATABASE_URL', 'DATABASE_URL: required in production'],
    ['AUTH_SECRET', 'AUTH_SECRET: required in production'],
    ['WALLET_MASTER_KEY', 'WALLET_MASTER_KEY: required in production'],
    ['SMS_ALLOWED_COUNTRIES', 'SMS_ALLOWED_COUNTRIES: required with Twilio'],
  ])('refuses to start without %s', (name, message) => {
    expect(() => loadSettings({ ...production, [name]: undefined })).toThrow(message)
  })

  it('refuses to start without any real sender', () => {
    expect(() =>
      loadSettings({ ...production, TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '', TWILIO_FROM: '' }),
    ).toThrow('production needs a real SMS or email sender')
  })

  it('refuses half a Twilio or SMTP setup, and a bad country list', () => {
    expect(() => loadSettings({ TWILIO_AUTH_TOKEN: 'x' })).toThrow('set all three, or none')
    expect(() => loadSettings({ SMTP_URL: 'smtp://localhost' })).toThrow('set both, or neither')
    expect(() => loadSettings({ SMS_ALLOWED_COUNTRIES: 'USA' })).toThrow('two-letter country codes')
  })

  it('defaults SMS to anywhere in embedded mode', () => {
    expect(loadSettings({}).smsAllowedCountries).toEqual(['*'])
  })
})

describe('.env.example', () => {
  const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8')
  const named = new Set([...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]))

  it('describes every setting', () => {
    for (const name of settingNames) expect(named, name).toContain(name)
  })

  it('starts Charter as it is', () => {
    const values = Object.fromEntries(
      [...example.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((match) => [match[1], match[2]]),
    )
    expect(loadSettings(values)).toMatchObject({ mode: 'embedded', port: 3000 })
  })
})
