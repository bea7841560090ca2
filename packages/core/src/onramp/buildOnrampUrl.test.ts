import { describe, expect, it } from 'vitest'
import chainData from '../chains/__fixtures__/chain-data.json'
import { BaseError } from '../errors/BaseError.ts'
import { type BuildOnrampUrlParameters, buildOnrampUrl } from './buildOnrampUrl.ts'
import { getOnrampNetwork } from './getOnrampNetwork.ts'
import { InvalidOnrampParameterError } from './InvalidOnrampParameterError.ts'
import { MissingOnrampParameterError } from './MissingOnrampParameterError.ts'
import { onrampDefaultAssetIds } from './onrampDefaultAssetIds.ts'

const required = { appId: 'app-123', sessionToken: 'tok_secret', defaultExperience: 'buy' } as const

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://relative.invalid').searchParams)

describe('buildOnrampUrl', () => {
  it('builds the full Coinbase link with every parameter, in the order of docs/onramp.md', () => {
    const url = buildOnrampUrl({
      ...required,
      presetCryptoAmount: '.5',
      network: 'base',
      asset: 'USDC',
      partnerUserId: 'did:privy:user1',
    })
    expect(url).toBe(
      'https://pay.coinbase.com/buy/select-asset?appId=app-123&sessionToken=tok_secret' +
        '&endPartnerName=privy%3Aapp-123&defaultExperience=buy&presetCryptoAmount=0.5&defaultNetwork=base' +
        '&defaultPaymentMethod=CARD&defaultAsset=2b92315d-eab7-5bef-84fa-089a131333f5' +
        '&partnerUserId=did%3Aprivy%3Auser1',
    )
    expect(queryOf(url)).toEqual({
      appId: 'app-123',
      sessionToken: 'tok_secret',
      endPartnerName: 'privy:app-123',
      defaultExperience: 'buy',
      presetCryptoAmount: '0.5',
      defaultNetwork: 'base',
      defaultPaymentMethod: 'CARD',
      defaultAsset: '2b92315d-eab7-5bef-84fa-089a131333f5',
      partnerUserId: 'did:privy:user1',
    })
  })

  it("points at chain-data.json's buy URL", () => {
    const url = new URL(buildOnrampUrl(required))
    expect(`${url.origin}${url.pathname}`).toBe(chainData.coinbaseOnramp.buyUrl)
  })

  it('sends only the required parameters and the payment method when nothing optional is given', () => {
    expect(buildOnrampUrl(required)).toBe(
      'https://pay.coinbase.com/buy/select-asset?appId=app-123&sessionToken=tok_secret' +
        '&endPartnerName=privy%3Aapp-123&defaultExperience=buy&defaultPaymentMethod=CARD',
    )
  })

  it('preselects CARD to buy and CRYPTO_ACCOUNT to send', () => {
    expect(queryOf(buildOnrampUrl({ ...required, defaultExperience: 'buy' })).defaultPaymentMethod).toBe(
      'CARD',
    )
    const send = queryOf(buildOnrampUrl({ ...required, defaultExperience: 'send' }))
    expect(send.defaultExperience).toBe('send')
    expect(send.defaultPaymentMethod).toBe('CRYPTO_ACCOUNT')
    expect(chainData.coinbaseOnramp.defaultPaymentMethodByExperience).toMatchObject({
      buy: 'CARD',
      send: 'CRYPTO_ACCOUNT',
    })
  })

  it('names the end partner privy:<appId>', () => {
    expect(queryOf(buildOnrampUrl({ ...required, appId: 'cm0abc' })).endPartnerName).toBe('privy:cm0abc')
  })

  it.each([
    ['USDC', '2b92315d-eab7-5bef-84fa-089a131333f5'],
    ['ETH', 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4'],
    ['BTC', '5b71fc48-3dd3-540c-809b-f8c94d0e68b5'],
    ['SOL', '4f039497-3af8-5bb3-951c-6df9afa9be1c'],
    ['POL', '026bcc1e-9163-591c-a709-34dd18b2e7a1'],
  ] as const)('sends the fixed id of %s as defaultAsset', (asset, id) => {
    expect(queryOf(buildOnrampUrl({ ...required, asset })).defaultAsset).toBe(id)
  })

  it('has exactly the five asset ids of chain-data.json', () => {
    expect(Object.keys(onrampDefaultAssetIds)).toEqual(['USDC', 'ETH', 'BTC', 'SOL', 'POL'])
    for (const [symbol, id] of Object.entries(onrampDefaultAssetIds)) {
      expect(chainData.coinbaseOnramp.assetIds.find((fact) => fact.symbol === symbol)?.id).toBe(id)
    }
  })

  it('sends the network of a chain, Avalanche as avacchain, and Solana', () => {
    expect(queryOf(buildOnrampUrl({ ...required, network: getOnrampNetwork(43114) })).defaultNetwork).toBe(
      'avacchain',
    )
    expect(queryOf(buildOnrampUrl({ ...required, network: getOnrampNetwork(10) })).defaultNetwork).toBe(
      'optimism',
    )
    expect(queryOf(buildOnrampUrl({ ...required, network: 'solana', asset: 'SOL' }))).toMatchObject({
      defaultNetwork: 'solana',
      defaultAsset: '4f039497-3af8-5bb3-951c-6df9afa9be1c',
    })
  })

  it('leaves the network out for a chain the on-ramp does not serve', () => {
    expect(queryOf(buildOnrampUrl({ ...required, network: getOnrampNetwork(84532) }))).not.toHaveProperty(
      'defaultNetwork',
    )
  })

  it('puts a 0 before an amount starting with a dot, and keeps others as given', () => {
    expect(queryOf(buildOnrampUrl({ ...required, presetCryptoAmount: '.25' })).presetCryptoAmount).toBe(
      '0.25',
    )
    expect(queryOf(buildOnrampUrl({ ...required, presetCryptoAmount: '10' })).presetCryptoAmount).toBe('10')
  })

  it('treats blank optional inputs as not given', () => {
    const url = buildOnrampUrl({
      ...required,
      presetCryptoAmount: '',
      network: undefined,
      asset: undefined,
      partnerUserId: '  ',
      baseUrl: '',
    })
    expect(url).toBe(buildOnrampUrl(required))
  })

  it('trims surrounding spaces from the ids', () => {
    expect(queryOf(buildOnrampUrl({ ...required, appId: ' app-123 ', partnerUserId: ' u1 ' }))).toMatchObject(
      {
        appId: 'app-123',
        endPartnerName: 'privy:app-123',
        partnerUserId: 'u1',
      },
    )
  })

  it('encodes values so they cannot add parameters of their own', () => {
    const url = buildOnrampUrl({ ...required, partnerUserId: 'a&defaultAsset=x #y' })
    expect(queryOf(url).partnerUserId).toBe('a&defaultAsset=x #y')
    expect(new URL(url).searchParams.getAll('defaultAsset')).toEqual([])
  })

  describe('baseUrl', () => {
    it('serves the same path and parameters from the sandbox page', () => {
      const coinbase = buildOnrampUrl({ ...required, network: 'base', asset: 'ETH', presetCryptoAmount: '1' })
      const sandbox = buildOnrampUrl({
        ...required,
        network: 'base',
        asset: 'ETH',
        presetCryptoAmount: '1',
        baseUrl: 'http://localhost:3000',
      })
      expect(sandbox).toBe(coinbase.replace('https://pay.coinbase.com', 'http://localhost:3000'))
      expect(sandbox.startsWith('http://localhost:3000/buy/select-asset?appId=app-123&')).toBe(true)
    })

    it('keeps a path prefix and drops trailing slashes', () => {
      expect(buildOnrampUrl({ ...required, baseUrl: 'https://charter.example/onramp-sandbox/' })).toMatch(
        /^https:\/\/charter\.example\/onramp-sandbox\/buy\/select-asset\?appId=/,
      )
      expect(buildOnrampUrl({ ...required, baseUrl: 'https://charter.example/' })).toMatch(
        /^https:\/\/charter\.example\/buy\/select-asset\?/,
      )
    })

    it('keeps a root-relative base root-relative, for the sandbox on the app’s own origin', () => {
      expect(buildOnrampUrl({ ...required, baseUrl: '/sandbox' })).toMatch(
        /^\/sandbox\/buy\/select-asset\?appId=/,
      )
      expect(buildOnrampUrl({ ...required, baseUrl: '/' })).toMatch(/^\/buy\/select-asset\?appId=/)
    })

    it('refuses what is not an http(s) URL or a root path, or has a query or fragment', () => {
      for (const baseUrl of [
        'pay.coinbase.com',
        'sandbox',
        '//evil.example',
        'javascript:alert(1)',
        'ftp://pay.example',
        'https://pay.example/?x=1',
        'https://pay.example/#top',
      ]) {
        try {
          buildOnrampUrl({ ...required, baseUrl })
          expect.unreachable(baseUrl)
        } catch (error) {
          expect(error, baseUrl).toBeInstanceOf(InvalidOnrampParameterError)
          expect((error as InvalidOnrampParameterError).parameter).toBe('baseUrl')
        }
      }
    })
  })

  describe('bad inputs', () => {
    it.each(['appId', 'sessionToken', 'defaultExperience'] as const)(
      'throws MissingOnrampParameterError when %s is missing or blank',
      (parameter) => {
        for (const value of [undefined, '', '   ']) {
          const parameters = { ...required, [parameter]: value } as unknown as BuildOnrampUrlParameters
          try {
            buildOnrampUrl(parameters)
            expect.unreachable(`${parameter}=${value}`)
          } catch (error) {
            expect(error).toBeInstanceOf(MissingOnrampParameterError)
            expect(error).toBeInstanceOf(BaseError)
            const missing = error as MissingOnrampParameterError
            expect(missing.shortMessage).toBe(`The on-ramp link needs ${parameter}`)
            expect(missing.parameter).toBe(parameter)
            expect(missing.code).toBe('missing_onramp_parameter')
            expect(missing.name).toBe('MissingOnrampParameterError')
          }
        }
      },
    )

    it('refuses an experience other than buy or send', () => {
      const parameters = { ...required, defaultExperience: 'sell' } as unknown as BuildOnrampUrlParameters
      expect(() => buildOnrampUrl(parameters)).toThrowError(InvalidOnrampParameterError)
      expect(() => buildOnrampUrl(parameters)).toThrowError(/defaultExperience/)
      expect(() => buildOnrampUrl({ ...parameters, defaultExperience: 'toString' } as never)).toThrowError(
        InvalidOnrampParameterError,
      )
    })

    it('refuses a network the on-ramp does not know, naming the ones it does', () => {
      const parameters = { ...required, network: 'avalanche-c-chain' } as unknown as BuildOnrampUrlParameters
      try {
        buildOnrampUrl(parameters)
        expect.unreachable()
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidOnrampParameterError)
        const invalid = error as InvalidOnrampParameterError
        expect(invalid.parameter).toBe('defaultNetwork')
        expect(invalid.details).toContain('avacchain')
      }
    })

    it('refuses an asset without a fixed id', () => {
      for (const asset of ['usdc', 'MATIC', 'AVAX', 'toString']) {
        const parameters = { ...required, asset } as unknown as BuildOnrampUrlParameters
        expect(() => buildOnrampUrl(parameters), asset).toThrowError(InvalidOnrampParameterError)
        expect(() => buildOnrampUrl(parameters), asset).toThrowError(/defaultAsset/)
      }
    })

    it('refuses an amount that is not a positive decimal', () => {
      for (const presetCryptoAmount of ['0', '-1', '1e3', 'abc', '.']) {
        expect(() => buildOnrampUrl({ ...required, presetCryptoAmount }), presetCryptoAmount).toThrowError(
          InvalidOnrampParameterError,
        )
      }
    })

    it('never puts the session token in an error message', () => {
      const bad: Partial<BuildOnrampUrlParameters>[] = [
        { appId: '' },
        { defaultExperience: 'sell' as never },
        { network: 'moon' as never },
        { asset: 'DOGE' as never },
        { presetCryptoAmount: '-1' },
        { baseUrl: 'ftp://x' },
      ]
      for (const change of bad) {
        expect(() => buildOnrampUrl({ ...required, ...change })).toThrowError(
          expect.objectContaining({ message: expect.not.stringContaining('tok_secret') }),
        )
      }
    })
  })
})
