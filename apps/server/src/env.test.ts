import { describe, expect, it } from 'vitest'
import { loadSettings, SettingsError } from './env.ts'

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
