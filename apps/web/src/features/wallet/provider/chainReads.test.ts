import { ProviderRpcError } from '@charter/core'
import { QueryClient } from '@tanstack/react-query'
import { BrowserProvider } from 'ethers'
import { createPublicClient, custom, formatEther, parseEther } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chainServer, remoteBase } from '../../../testing/chainServer.ts'
import { stubApi } from '../../../testing/stubApi.ts'
import { memoryKeyStore } from '../../walletProxy/index.ts'
import { walletRuntimeFor } from '../walletRuntime.ts'

const holder = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

/** The provider of a tab (the runtime's, fed by the server's chain list), over the stand-in's chain routes. */
function setUp(options: Parameters<typeof chainServer>[0] = {}) {
  const chains = chainServer(options)
  const api = stubApi(chains.routes)
  const { provider } = walletRuntimeFor(new QueryClient(), { keyStore: memoryKeyStore() })
  const chainChanges: string[] = []
  provider.on('chainChanged', (chainId: string) => chainChanges.push(chainId))
  return { chains, api, provider, chainChanges }
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ProviderRpcError)
  return error as ProviderRpcError
}

describe('the provider’s chains and reads', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('starts on the first EVM chain the server offers, and viem’s public client reads through it', async () => {
    const { chains, api, provider } = setUp()
    chains.fund(84532, holder, { native: parseEther('1.25') })
    chains.fund(421614, holder, { native: parseEther('7') })

    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x14a34')
    const client = createPublicClient({ transport: custom(provider) })
    expect(await client.getChainId()).toBe(84532)
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(1n)
    expect(formatEther(await client.getBalance({ address: holder }))).toBe('1.25')
    // Each read went to the proxy of the provider's chain, as the node's own method and params.
    expect(api.bodiesOf('POST /api/v1/rpc/:chainId')).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [holder, 'latest'] },
    ])
    expect(api.calls.filter((call) => call.path === '/api/v1/rpc/84532')).toHaveLength(2)
  })

  it('switches among the server’s chains, says so with chainChanged, and reads the new one', async () => {
    const { chains, provider, chainChanges } = setUp()
    chains.fund(421614, holder, { native: parseEther('7') })
    // To the chain it starts on, before anyone asked which: no change, and nobody told of one.
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x14a34' }] })
    expect(chainChanges).toEqual([])

    expect(
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x66eee' }] }),
    ).toBe(null)
    expect(chainChanges).toEqual(['0x66eee'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x66eee')
    expect(await provider.request({ method: 'net_version' })).toBe('421614')
    // Switching to the chain it is on changes nothing, and tells nobody.
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x66eee' }] })
    expect(chainChanges).toEqual(['0x66eee'])

    // ethers' BrowserProvider, unchanged, reads the chain the provider is on.
    const ethers = new BrowserProvider(provider)
    expect((await ethers.getNetwork()).chainId).toBe(421614n)
    expect(await ethers.getBalance(holder)).toBe(parseEther('7'))
  })

  it('refuses with 4902 a chain the server does not offer, Charter’s own included, and stays where it was', async () => {
    const { provider, chainChanges } = setUp()
    // Ethereum is one of core's chains, but this server offers only its local devnets.
    const ethereum = await refusal(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    )
    expect(ethereum.code).toBe(4902)
    expect(ethereum.message).toBe('Charter does not offer chain 1. It offers Base Sepolia, Arbitrum Sepolia.')
    // Solana is offered, but it is no EVM chain.
    expect(
      (
        await refusal(
          provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x0' }] }),
        )
      ).code,
    ).toBe(4902)
    expect(
      (await refusal(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 8453 }] })))
        .code,
    ).toBe(-32602)
    expect(chainChanges).toEqual([])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x14a34')
  })

  it('gives the node’s error (code and message) to the caller, as viem reads it', async () => {
    const { chains, provider } = setUp({ chains: [remoteBase] })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105')
    chains.fail(8453)
    const down = await refusal(provider.request({ method: 'eth_blockNumber' }))
    expect({ code: down.code, message: down.message }).toEqual({
      code: -32002,
      message: "Base's node is not available right now. Try again later.",
    })
    const client = createPublicClient({ transport: custom(provider, { retryCount: 0 }) })
    await expect(client.getBlockNumber({ cacheTime: 0 })).rejects.toMatchObject({ code: -32002 })

    chains.fail(8453, false)
    // A method the node does not serve: its -32601, with its words.
    const unserved = await refusal(
      provider.request({ method: 'eth_getLogs', params: [{ blockHash: '0x00' }] }),
    )
    expect({ code: unserved.code, message: unserved.message }).toEqual({
      code: -32601,
      message: 'eth_getLogs is not stood in for',
    })
  })
})
