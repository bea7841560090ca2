import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { appIdLengthNotice } from './appId.ts'
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

  it('caps sponsored sends per chain and hour across all members, 300 unless set', () => {
    expect(loadSettings({}).sponsor.chainSendsPerHour).toBe(300)
    expect(loadSettings({ SPONSOR_SENDS_PER_HOUR: '40' }).sponsor.chainSendsPerHour).toBe(40)
    expect(() => loadSettings({ SPONSOR_SENDS_PER_HOUR: '-1' })).toThrow(/SPONSOR_SENDS_PER_HOUR/)
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

/** A complete production setup; each test takes one thing away or changes it. */
const production = {
  CHARTER_MODE: 'production',
  APP_ID: 'cm4k2production0app000001',
  DATABASE_URL: 'postgres://charter@db.internal/charter',
  PUBLIC_URL: 'https://charter.example.org',
  AUTH_SECRET: '3f9c1a7e5b2d8f40c6e1a9b7d3f5c2e8a4b6d0f1c3e5a7b9d2f4e6a8c0b1d3f5',
  WALLET_MASTER_KEY: '9a4e7c2b1f8d3a6e5c0b9f2d7a4e1c8b3f6d5a0e9c2b7f4d1a8e3c6b5f0d9a2e',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+15005550006',
  SMS_ALLOWED_COUNTRIES: 'us, ca,GB',
}

describe('loadSettings in production', () => {
  it('accepts a complete production setup', () => {
    const settings = loadSettings(production)
    expect(settings.smsAllowedCountries).toEqual(['US', 'CA', 'GB'])
    expect(settings.twilio).toMatchObject({ from: '+15005550006', apiUrl: 'https://api.twilio.com' })
    expect(settings.databaseUrl).toBe('postgres://charter@db.internal/charter')
  })

  it.each([
    ['DATABASE_URL', 'DATABASE_URL: required in production'],
    ['APP_ID', 'APP_ID: required in production, the id your apps are given, the same on every replica'],
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

  it('refuses a weak AUTH_SECRET, a degenerate WALLET_MASTER_KEY and a missing PUBLIC_URL', () => {
    expect(() => loadSettings({ ...production, AUTH_SECRET: 'a'.repeat(40) })).toThrow(
      'AUTH_SECRET: too weak (one character repeated)',
    )
    expect(() => loadSettings({ ...production, AUTH_SECRET: 'short' })).toThrow('at least 32 characters')
    expect(() => loadSettings({ ...production, WALLET_MASTER_KEY: '00'.repeat(32) })).toThrow(
      'WALLET_MASTER_KEY: too weak (one byte repeated)',
    )
    expect(() => loadSettings({ ...production, PUBLIC_URL: undefined })).toThrow(
      'PUBLIC_URL: required in production',
    )
  })

  it.each([
    ['AUTH_SECRET', 'ab'.repeat(16), 'a pattern of 2 characters repeated'],
    ['AUTH_SECRET', '0123456789'.repeat(4), 'a pattern of 10 characters repeated'],
    ['AUTH_SECRET', `${'0'.repeat(63)}1`, 'only 2 distinct characters'],
    ['APP_SECRET', 'abcdefghijklmnopqrstuvwxyzABCDEFGH', 'a counting sequence'],
    ['WALLET_MASTER_KEY', `0x${'00'.repeat(31)}01`, 'only 2 distinct bytes'],
    [
      'WALLET_MASTER_KEY',
      '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
      'a counting sequence',
    ],
  ])('refuses %s = %s in production: %s', (name, value, reason) => {
    expect(() => loadSettings({ ...production, [name]: value })).toThrow(`${name}: too weak (${reason})`)
  })

  it('still takes the weak secret of a test in embedded mode', () => {
    expect(loadSettings({ AUTH_SECRET: 'ab'.repeat(16) }).authSecret).toBe('ab'.repeat(16))
  })

  it('defaults SMS to anywhere in embedded mode', () => {
    expect(loadSettings({}).smsAllowedCountries).toEqual(['*'])
  })
})

describe('embedded mode off this machine', () => {
  it('listens on loopback only unless the dev outbox has a token', () => {
    expect(() => loadSettings({ HOST: '0.0.0.0' })).toThrow('also set DEV_OUTBOX_TOKEN')
    expect(loadSettings({ HOST: '::1' }).host).toBe('::1')
    expect(loadSettings({ HOST: '0.0.0.0', DEV_OUTBOX_TOKEN: 'f'.repeat(32) }).devOutboxToken).toBe(
      'f'.repeat(32),
    )
  })

  it('reads TRUST_PROXY as the number of proxies, true as one', () => {
    expect(loadSettings({}).trustProxy).toBe(0)
    expect(loadSettings({ TRUST_PROXY: 'true' }).trustProxy).toBe(1)
    expect(loadSettings({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(() => loadSettings({ TRUST_PROXY: 'yes' })).toThrow('TRUST_PROXY')
  })
})

describe('the app and its server API', () => {
  const secret = '5d2c8e1f4a7b0c3e6d9f2a5b8c1e4d7a0f3b6c9e2d5a8b1c4f7e0d3a6b9c2e5f'

  it('describes the app as Charter, issues tokens as charter, and keeps the server API off', () => {
    const settings = loadSettings({})
    expect(settings.app).toEqual({
      name: 'Charter',
      logoUrl: undefined,
      accentColor: '#1f4bd8',
      termsUrl: undefined,
      privacyUrl: undefined,
    })
    expect(settings.accessTokenIssuer).toBe('charter')
    expect(settings.appSecretDigest).toBeUndefined()
    expect(loadSettings({ ACCESS_TOKEN_ISSUER: 'privy.io' }).accessTokenIssuer).toBe('privy.io')
  })

  it('keeps only a digest of APP_SECRET', () => {
    const settings = loadSettings({ APP_SECRET: secret })
    expect(settings.appSecretDigest).toBe(createHash('sha256').update(secret).digest('hex'))
    expect(JSON.stringify(settings)).not.toContain(secret)
  })

  it('refuses a short APP_SECRET, one equal to AUTH_SECRET, and a weak one in production', () => {
    expect(() => loadSettings({ APP_SECRET: 'short' })).toThrow('APP_SECRET: must be at least 32 characters')
    expect(() => loadSettings({ APP_SECRET: secret, AUTH_SECRET: secret })).toThrow(
      'APP_SECRET: must differ from AUTH_SECRET',
    )
    // The same secret pasted twice, once with a stray space, tab or line break, is still the same secret.
    for (const [app, auth] of [
      [` ${secret}`, secret],
      [secret, `${secret}\t`],
      [`${secret.slice(0, 32)} ${secret.slice(32)}`, secret],
      [secret, `${secret.slice(0, 16)}\n${secret.slice(16)}\r\n`],
    ]) {
      expect(() => loadSettings({ APP_SECRET: app, AUTH_SECRET: auth })).toThrow(
        'APP_SECRET: must differ from AUTH_SECRET',
      )
    }
    expect(() => loadSettings({ ...production, APP_SECRET: ` ${production.AUTH_SECRET}\n` })).toThrow(
      'APP_SECRET: must differ from AUTH_SECRET',
    )
    expect(() => loadSettings({ ...production, APP_SECRET: 'x'.repeat(40) })).toThrow(
      'APP_SECRET: too weak (one character repeated)',
    )
    expect(() => loadSettings({ ...production, APP_SECRET: 'ab'.repeat(16) })).toThrow(
      'APP_SECRET: too weak (a pattern of 2 characters repeated)',
    )
    expect(loadSettings({ ...production, APP_SECRET: secret }).appSecretDigest).toHaveLength(64)
  })

  it('refuses an app page that is not an http(s) URL, a colour that is not #RRGGBB, and a spaced issuer', () => {
    expect(() => loadSettings({ APP_LOGO_URL: 'javascript:alert(1)' })).toThrow('APP_LOGO_URL')
    expect(() => loadSettings({ APP_TERMS_URL: 'ftp://example.org/terms' })).toThrow('APP_TERMS_URL')
    expect(() => loadSettings({ APP_ACCENT_COLOR: 'red' })).toThrow('APP_ACCENT_COLOR')
    expect(() => loadSettings({ ACCESS_TOKEN_ISSUER: 'privy io' })).toThrow('ACCESS_TOKEN_ISSUER')
  })
})

describe('secrets from files (X_FILE)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'charter-env-'))
  const file = (name: string, text: string) => {
    const path = join(folder, name)
    writeFileSync(path, text, { mode: 0o600 })
    return path
  }
  const secret = '7c1e9a4f2b8d5e0c3a6f9b2e5d8c1a4f7b0e3d6c9a2f5b8e1d4c7a0f3b6e9d2c'

  it('reads each secret from its file, without the trailing newline', () => {
    const settings = loadSettings({
      APP_SECRET_FILE: file('app', `${secret}\n`),
      AUTH_SECRET_FILE: file('auth', `${secret.split('').reverse().join('')}\r\n`),
      DEV_OUTBOX_TOKEN_FILE: file('outbox', '0f1e2d3c4b5a69788796a5b4c3d2e1f0'),
      WALLET_MASTER_KEY_FILE: file('master', `0x${secret}\n`),
      SMTP_URL_FILE: file('smtp', 'smtps://user:pa55@smtp.example.org:465\n'),
      EMAIL_FROM: 'codes@example.org',
    })
    expect(settings.appSecretDigest).toBe(createHash('sha256').update(secret).digest('hex'))
    expect(settings.authSecret).toBe(secret.split('').reverse().join(''))
    expect(settings.devOutboxToken).toBe('0f1e2d3c4b5a69788796a5b4c3d2e1f0')
    expect(settings.walletMasterKey).toBe(secret)
    expect(settings.smtp?.url).toBe('smtps://user:pa55@smtp.example.org:465')
  })

  it('checks a value from a file as it checks the variable', () => {
    expect(() => loadSettings({ APP_SECRET_FILE: file('short', 'short\n') })).toThrow(
      'APP_SECRET: must be at least 32 characters',
    )
    expect(() =>
      loadSettings({
        ...production,
        AUTH_SECRET: undefined,
        AUTH_SECRET_FILE: file('weak', 'ab'.repeat(16)),
      }),
    ).toThrow('AUTH_SECRET: too weak')
  })

  it('refuses X and X_FILE together, naming both', () => {
    expect(() => loadSettings({ APP_SECRET: secret, APP_SECRET_FILE: file('both', secret) })).toThrow(
      'APP_SECRET and APP_SECRET_FILE: set one or the other, not both',
    )
  })

  it('says which file it cannot read, and why', () => {
    const missing = join(folder, 'nowhere')
    expect(() => loadSettings({ TWILIO_AUTH_TOKEN_FILE: missing })).toThrow(
      `TWILIO_AUTH_TOKEN_FILE: cannot read ${missing} (ENOENT)`,
    )
    expect(() => loadSettings({ AUTH_SECRET_FILE: folder })).toThrow(
      `AUTH_SECRET_FILE: cannot read ${folder} (EISDIR)`,
    )
    expect(() => loadSettings({ AUTH_SECRET_FILE: file('empty', '\n') })).toThrow('AUTH_SECRET_FILE:')
    expect(() => loadSettings({ AUTH_SECRET_FILE: file('empty', '\n') })).toThrow('is empty')
  })
})

describe('the pinning settings', () => {
  it('keeps PINNING_API_KEYS as digests only, and takes Pinata from PINATA_JWT', () => {
    const key = 'b7e0c4a1f9d2e8c3a5b6f1d0e9c8a7b6'
    const settings = loadSettings({
      PINNING_API_KEYS: ` ${key}, c0ffee00c0ffee00c0ffee00c0ffee00 `,
      PINATA_JWT: 'jwt',
    })
    expect(settings.pinning.apiKeyDigests[0]).toBe(createHash('sha256').update(key).digest('hex'))
    expect(settings.pinning.apiKeyDigests).toHaveLength(2)
    expect(JSON.stringify(settings)).not.toContain(key)
    expect(settings.pinning.maxBytes).toBe(1024 * 1024)
    expect(settings.pinning.pinata).toEqual({
      jwt: 'jwt',
      apiUrl: 'https://api.pinata.cloud',
      gateway: undefined,
      gatewayToken: undefined,
    })
  })

  it('refuses a gateway that already ends in /ipfs, saying why', () => {
    for (const gateway of ['https://example.mypinata.cloud/ipfs', 'https://example.mypinata.cloud/ipfs/']) {
      expect(() => loadSettings({ PINATA_JWT: 'jwt', PINATA_GATEWAY: gateway })).toThrow(
        'PINATA_GATEWAY: give the gateway without /ipfs at the end',
      )
    }
    expect(
      loadSettings({ PINATA_JWT: 'jwt', PINATA_GATEWAY: 'https://example.mypinata.cloud/' }).pinning.pinata
        ?.gateway,
    ).toBe('https://example.mypinata.cloud')
  })

  it('refuses a gateway without Pinata, a short key, and a limit out of range', () => {
    expect(() => loadSettings({ PINATA_GATEWAY_TOKEN: 'token' })).toThrow('apply with PINATA_JWT')
    expect(() => loadSettings({ PINNING_API_KEYS: 'short' })).toThrow('PINNING_API_KEYS')
    expect(() => loadSettings({ PINNING_MAX_BYTES: '10' })).toThrow('PINNING_MAX_BYTES')
  })
})

describe('.env.example', () => {
  const example = readFileSync(new URL('../../../../.env.example', import.meta.url), 'utf8')
  const named = [...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1])

  it('describes every setting', () => {
    for (const name of settingNames) expect(named, name).toContain(name)
  })

  it('describes exactly the settings the schema has, each once', () => {
    expect(named.toSorted()).toEqual(settingNames.toSorted())
  })

  it('starts Charter as it is', () => {
    const values = Object.fromEntries(
      [...example.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((match) => [match[1], match[2]]),
    )
    expect(loadSettings(values)).toMatchObject({ mode: 'embedded', port: 3000 })
  })
})

describe("the README's Settings table", () => {
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8')
  const section = readme.split(/^## /m).find((part) => part.startsWith('Settings\n')) ?? ''
  // The first cell of each row names one setting or a group of them (`TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN`…).
  const named = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .flatMap((line) =>
      [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]),
    )

  it('lists exactly the settings the schema has, each once', () => {
    expect(named.length).toBeGreaterThan(0)
    expect(named.toSorted()).toEqual(settingNames.toSorted())
  })
})

describe('the chains of production', () => {
  const production = {
    CHARTER_MODE: 'production',
    APP_ID: 'charter-production',
    DATABASE_URL: 'postgres://charter@db.internal/charter',
    PUBLIC_URL: 'https://charter.example.org',
    AUTH_SECRET: '3f9c1a7e5b2d8f40c6e1a9b7d3f5c2e8a4b6d0f1c3e5a7b9d2f4e6a8c0b1d3f5',
    WALLET_MASTER_KEY: '9a4e7c2b1f8d3a6e5c0b9f2d7a4e1c8b3f6d5a0e9c2b7f4d1a8e3c6b5f0d9a2e',
    SMTP_URL: 'smtps://codes:pw@smtp.example.org:465',
    EMAIL_FROM: 'codes@example.org',
  }
  const key = 'AbCdEf0123456789SecretKey'

  it('offers the USDC mainnets on their public URLs by default, and none in embedded mode', () => {
    const { chains } = loadSettings(production)
    expect(chains.map((chain) => chain.id)).toEqual([1, 8453, 42161, 10, 137])
    expect(chains.find((chain) => chain.id === 8453)?.rpcUrl).toBe('https://mainnet.base.org')
    expect(loadSettings({}).chains).toEqual([])
  })

  it("lets the app's own URL win over the public one, and adds Solana when its URL is set", () => {
    const { chains } = loadSettings({
      ...production,
      RPC_URL_8453: `https://base-mainnet.g.alchemy.com/v2/${key}`,
      SOLANA_RPC_URL_MAINNET_BETA: `https://solana.example/${key}`,
    })
    expect(chains.find((chain) => chain.id === 8453)?.rpcUrl).toBe(
      `https://base-mainnet.g.alchemy.com/v2/${key}`,
    )
    expect(chains.at(-1)).toEqual({
      type: 'solana',
      id: 'mainnet-beta',
      rpcUrl: `https://solana.example/${key}`,
    })
  })

  it('takes CHAINS in its order, EVM ids and Solana clusters', () => {
    const { chains } = loadSettings({
      ...production,
      CHAINS: ' 84532, solana:devnet ,1',
      SOLANA_RPC_URL_DEVNET: 'https://devnet.example',
    })
    expect(chains.map((chain) => chain.id)).toEqual([84532, 'devnet', 1])
  })

  it.each([
    [{ CHAINS: '1,999' }, 'CHAINS: 999 is not a chain Charter supports'],
    [{ CHAINS: '1,solana:mainnet' }, 'CHAINS: "solana:mainnet" is neither an EVM chain id nor'],
    [{ CHAINS: '1,1' }, 'CHAINS: 1 is listed twice'],
    [{ CHAINS: 'solana:devnet' }, 'SOLANA_RPC_URL_DEVNET: required, since CHAINS offers solana:devnet'],
    [{ RPC_URL_999: 'https://rpc.example' }, 'RPC_URL_999: chain 999 is not one Charter supports'],
    [{ SOLANA_RPC_URL_LOCALNET: 'https://rpc.example' }, 'SOLANA_RPC_URL_LOCALNET: not a Solana cluster'],
    [{ RPC_URL_8453: `ftp://rpc.example/${key}` }, 'RPC_URL_8453: must be an http(s) URL'],
    [{ RPC_URL_8453: `rpc.example/${key}` }, 'RPC_URL_8453: must be an http(s) URL'],
  ])('refuses %o naming the setting, never printing a URL', (change, message) => {
    expect(() => loadSettings({ ...production, ...change })).toThrow(SettingsError)
    try {
      loadSettings({ ...production, ...change })
    } catch (error) {
      expect((error as Error).message).toContain(message)
      expect((error as Error).message).not.toContain(key)
    }
  })

  it('refuses CHAINS in embedded mode, which runs its own devnets', () => {
    expect(() => loadSettings({ CHAINS: '8453' })).toThrow('CHAINS: embedded mode runs its own local devnets')
  })
})

describe('ALLOWED_APP_ORIGINS', () => {
  const originsOf = (value: string) => loadSettings({ ALLOWED_APP_ORIGINS: value }).allowedAppOrigins
  const refusal = (value: string) => {
    try {
      loadSettings({ ALLOWED_APP_ORIGINS: value })
    } catch (error) {
      expect(error).toBeInstanceOf(SettingsError)
      return (error as Error).message
    }
    throw new Error(`${value} was accepted`)
  }

  it('is empty unless set', () => {
    expect(loadSettings({}).allowedAppOrigins).toEqual([])
    expect(originsOf(' , ')).toEqual([])
  })

  it('takes a list of origins, each as a browser sends it in Origin', () => {
    expect(
      originsOf(
        ' https://app.example.org , HTTPS://Partner.Example.org:8443,http://localhost:5173,http://127.0.0.1:8080,http://[::1]:3000,http://shop.localhost,',
      ),
    ).toEqual([
      'https://app.example.org',
      'https://partner.example.org:8443',
      'http://localhost:5173',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
      'http://shop.localhost',
    ])
  })

  it('keeps each origin once, however it was spelt', () => {
    expect(
      originsOf(
        'https://app.example.org,https://APP.example.org,https://app.example.org:443,http://localhost:80',
      ),
    ).toEqual(['https://app.example.org', 'http://localhost'])
  })

  it.each([
    ['ftp://app.example.org', '"ftp://app.example.org" is not http(s)'],
    ['wss://app.example.org', '"wss://app.example.org" is not http(s)'],
    ['app.example.org', '"app.example.org" is not an origin'],
    ['javascript:alert(1)', '"javascript:alert(1)" is not an origin'],
    ['https://app.example.org/', '"https://app.example.org/" has more than the origin (/)'],
    ['https://app.example.org/wallet', '"https://app.example.org/wallet" has more than the origin (/wallet)'],
    ['https://app.example.org?a=1', 'has more than the origin (?a=1)'],
    ['https://app.example.org#top', 'has more than the origin (#top)'],
    ['https://app.example.org and more', 'has more than the origin ( and more)'],
    ['https://app.example.org:443abc', '"https://app.example.org:443abc" is not an origin'],
    ['https://app.example.org:99999', 'is not an origin'],
    ['https://user:pw@app.example.org', 'holds a user name or password'],
    ['https://*.example.org', 'no wildcards'],
    ['http://app.example.org', 'uses http on a host other than this machine: use https://app.example.org'],
    ['http://192.168.1.20:3000', 'use https://192.168.1.20:3000'],
    ['http://localhost.example.org', 'uses http on a host other than this machine'],
    ['http://127.0.0.2', 'uses http on a host other than this machine'],
  ])('refuses %s, naming it', (value, message) => {
    const text = refusal(`https://good.example.org,${value}`)
    expect(text).toContain(`ALLOWED_APP_ORIGINS: "${value}"`)
    expect(text).toContain(message)
    expect(text).not.toContain('"https://good.example.org"')
  })

  it('names every bad entry at once', () => {
    const text = refusal('http://one.example.org, https://two.example.org/')
    expect(text).toContain('"http://one.example.org"')
    expect(text).toContain('"https://two.example.org/"')
  })
})

describe('APP_ID', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'charter-app-id-'))

  it("unset: an id in Privy's shape, to be kept in DATA_DIR/app-id, which loading the settings does not write", () => {
    const folder = dataDir()
    const settings = loadSettings({ DATA_DIR: folder })
    expect(settings.appId).toMatch(/^c[a-z0-9]{24}$/)
    expect(settings.appIdFile).toBe(join(folder, 'app-id'))
    expect(existsSync(join(folder, 'app-id'))).toBe(false)
    expect(loadSettings({ DATA_DIR: dataDir() }).appId).not.toBe(settings.appId)
  })

  it('unset: the id DATA_DIR/app-id holds', () => {
    const folder = dataDir()
    writeFileSync(join(folder, 'app-id'), 'cm0kept00000000000000000a\n', { mode: 0o600 })
    expect(loadSettings({ DATA_DIR: folder })).toMatchObject({
      appId: 'cm0kept00000000000000000a',
      appIdFile: join(folder, 'app-id'),
    })
  })

  it('set: the id given, of any length, and DATA_DIR/app-id is not read', () => {
    const folder = dataDir()
    writeFileSync(join(folder, 'app-id'), 'not an id')
    expect(loadSettings({ DATA_DIR: folder, APP_ID: 'charter-local' })).toMatchObject({
      appId: 'charter-local',
      appIdFile: undefined,
    })
    expect(() => loadSettings({ APP_ID: 'my app' })).toThrow('APP_ID: use letters, digits, - and _')
  })

  it.each([
    ['empty', '\n', 'is empty'],
    ['another shape', 'charter-local\n', 'does not hold an app id (25 lower-case letters and digits)'],
    ['upper case', 'CM0KEPT00000000000000000A', 'does not hold an app id'],
    ['26 characters', 'cm0kept00000000000000000ab', 'does not hold an app id'],
  ])('refuses a DATA_DIR/app-id that is %s, naming the file', (_, text, message) => {
    const folder = dataDir()
    const file = join(folder, 'app-id')
    writeFileSync(file, text)
    expect(() => loadSettings({ DATA_DIR: folder })).toThrow(SettingsError)
    expect(() => loadSettings({ DATA_DIR: folder })).toThrow(`DATA_DIR/app-id: ${file} ${message}`)
  })

  it('refuses a DATA_DIR/app-id it cannot read, saying why', () => {
    const folder = dataDir()
    const file = join(folder, 'app-id')
    mkdirSync(file)
    expect(() => loadSettings({ DATA_DIR: folder })).toThrow(`DATA_DIR/app-id: cannot read ${file} (EISDIR)`)
  })

  it("says when an APP_ID is one Privy's React SDK refuses, and only then", () => {
    expect(appIdLengthNotice('charter-local')).toBe(
      "APP_ID is 13 characters long: Privy's React SDK (@privy-io/react-auth) refuses app ids that are not exactly 25 characters, so apps on it need an APP_ID of 25 characters; Charter's own web app and Privy's vanilla client work with any.",
    )
    expect(appIdLengthNotice('cm0kept00000000000000000a')).toBeUndefined()
    expect(appIdLengthNotice('x'.repeat(26))).toContain('APP_ID is 26 characters long')
  })
})
