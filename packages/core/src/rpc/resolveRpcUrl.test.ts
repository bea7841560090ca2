import { describe, expect, it } from 'vitest'
import type { ChainDefinition } from '../chains/ChainDefinition.ts'
import { base } from '../chains/definitions/base.ts'
import { BaseError } from '../errors/BaseError.ts'
import { NoRpcUrlError } from './NoRpcUrlError.ts'
import { resolveRpcUrl } from './resolveRpcUrl.ts'
import { rpcProxyUrlTemplate } from './rpcProxyUrlTemplate.ts'

const chainWithBoth: Pick<ChainDefinition, 'id' | 'rpcUrls'> = {
  id: 8453,
  rpcUrls: {
    default: { http: ['https://default.example/rpc'] },
    public: { http: ['https://public.example/rpc'] },
  },
}

const everything = {
  chain: chainWithBoth,
  walletRpcOverride: 'https://wallet.example/rpc',
  appRpcUrls: { 8453: 'https://app.example/base', 1: 'https://app.example/mainnet' },
  providerRpcUrl: 'https://charter.example/api/v1/rpc/{chainId}',
  appId: 'app-123',
}

describe('resolveRpcUrl', () => {
  it('1. prefers the wallet provider override', () => {
    expect(resolveRpcUrl(everything)).toBe('https://wallet.example/rpc')
  })

  it("2. then the app's URL for this chain", () => {
    expect(resolveRpcUrl({ ...everything, walletRpcOverride: undefined })).toBe('https://app.example/base')
  })

  it("skips the app's URLs for other chains", () => {
    expect(
      resolveRpcUrl({
        ...everything,
        walletRpcOverride: undefined,
        appRpcUrls: { 1: 'https://app.example/mainnet' },
      }),
    ).toBe('https://charter.example/api/v1/rpc/8453?privyAppId=app-123')
  })

  it("3. then the provider's proxy for this chain, with privyAppId", () => {
    expect(resolveRpcUrl({ ...everything, walletRpcOverride: undefined, appRpcUrls: undefined })).toBe(
      'https://charter.example/api/v1/rpc/8453?privyAppId=app-123',
    )
  })

  it('4. then the chain’s public URL', () => {
    expect(resolveRpcUrl({ chain: chainWithBoth, appId: 'app-123' })).toBe('https://public.example/rpc')
  })

  it('5. then the chain’s default URL', () => {
    const chain = { id: 8453, rpcUrls: { default: { http: ['https://default.example/rpc'] } } }
    expect(resolveRpcUrl({ chain })).toBe('https://default.example/rpc')
  })

  it('falls back to the default URL when the public list is empty', () => {
    const chain = {
      id: 1,
      rpcUrls: { default: { http: ['https://default.example/rpc'] }, public: { http: [] } },
    }
    expect(resolveRpcUrl({ chain })).toBe('https://default.example/rpc')
  })

  it('uses viem’s default URL for a Charter chain with nothing configured', () => {
    expect(resolveRpcUrl({ chain: base })).toBe('https://mainnet.base.org')
  })

  it('treats blank settings as not set', () => {
    expect(
      resolveRpcUrl({
        chain: chainWithBoth,
        walletRpcOverride: '',
        appRpcUrls: { 8453: '  ' },
        providerRpcUrl: '',
      }),
    ).toBe('https://public.example/rpc')
  })

  it('throws NoRpcUrlError with the text of docs/chains.md when no URL exists', () => {
    const chain = { id: 31337, rpcUrls: { default: { http: [] } } }
    expect(() => resolveRpcUrl({ chain })).toThrowError(NoRpcUrlError)
    try {
      resolveRpcUrl({ chain, appRpcUrls: { 1: 'https://app.example/mainnet' } })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(BaseError)
      expect((error as NoRpcUrlError).message).toBe('No RPC url found for 31337')
      expect((error as NoRpcUrlError).chainId).toBe(31337)
    }
  })

  it("reaches Charter's own proxy on the web app's origin", () => {
    expect(resolveRpcUrl({ chain: base, providerRpcUrl: rpcProxyUrlTemplate, appId: 'app-123' })).toBe(
      '/api/v1/rpc/8453?privyAppId=app-123',
    )
  })
})
