import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/BaseError.ts'
import { InvalidRpcUrlTemplateError } from './InvalidRpcUrlTemplateError.ts'
import { providerRpcUrlForChain } from './providerRpcUrlForChain.ts'

describe('providerRpcUrlForChain', () => {
  it('fills the chain id and appends privyAppId', () => {
    expect(providerRpcUrlForChain('https://rpc.example/{chainId}', 42161, 'app-1')).toBe(
      'https://rpc.example/42161?privyAppId=app-1',
    )
  })

  it('keeps a query the template already has', () => {
    expect(providerRpcUrlForChain('https://rpc.example/v1/{chainId}?key=abc&tier=free', 10, 'app-1')).toBe(
      'https://rpc.example/v1/10?key=abc&tier=free&privyAppId=app-1',
    )
  })

  it('replaces a stale privyAppId rather than sending two', () => {
    expect(providerRpcUrlForChain('https://rpc.example/{chainId}?privyAppId=old', 10, 'new')).toBe(
      'https://rpc.example/10?privyAppId=new',
    )
  })

  it('encodes the app id', () => {
    expect(providerRpcUrlForChain('https://rpc.example/{chainId}', 1, 'a b&c=d')).toBe(
      'https://rpc.example/1?privyAppId=a+b%26c%3Dd',
    )
  })

  it('accepts the chain id in the query or host', () => {
    expect(providerRpcUrlForChain('https://rpc.example/rpc?chain={chainId}', 137, 'x')).toBe(
      'https://rpc.example/rpc?chain=137&privyAppId=x',
    )
    expect(providerRpcUrlForChain('https://{chainId}.rpc.example/', 137)).toBe('https://137.rpc.example/')
  })

  it('leaves privyAppId out when there is no app id', () => {
    expect(providerRpcUrlForChain('https://rpc.example/{chainId}', 1)).toBe('https://rpc.example/1')
    expect(providerRpcUrlForChain('https://rpc.example/{chainId}', 1, '')).toBe('https://rpc.example/1')
  })

  it('keeps a root-relative template root-relative', () => {
    expect(providerRpcUrlForChain('/api/v1/rpc/{chainId}?x=1', 84532, 'app-1')).toBe(
      '/api/v1/rpc/84532?x=1&privyAppId=app-1',
    )
  })

  it('refuses a template without {chainId}', () => {
    expect(() => providerRpcUrlForChain('https://rpc.example/base', 8453, 'a')).toThrowError(
      InvalidRpcUrlTemplateError,
    )
    expect(() => providerRpcUrlForChain('https://rpc.example/base', 8453, 'a')).toThrowError(/\{chainId\}/)
  })

  it('keeps the template, which may hold an API key, out of the message', () => {
    expect(() => providerRpcUrlForChain('https://rpc.example/v2/secret-key', 1)).toThrowError(
      expect.objectContaining({ message: expect.not.stringContaining('secret-key') }),
    )
  })

  it('refuses what is not an http(s) URL or a root path', () => {
    for (const template of ['rpc.example/{chainId}', 'api/v1/rpc/{chainId}', 'ftp://rpc.example/{chainId}']) {
      try {
        providerRpcUrlForChain(template, 1, 'a')
        expect.unreachable(template)
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidRpcUrlTemplateError)
        expect(error).toBeInstanceOf(BaseError)
        expect((error as InvalidRpcUrlTemplateError).shortMessage).toBe(
          'The provider RPC URL is not a usable template',
        )
      }
    }
  })
})
