import { type EmbeddedWalletAccount, type ProviderRpcError, selectEmbeddedWallet } from '@charter/core'
import { BrowserProvider } from 'ethers'
import {
  createWalletClient,
  custom,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  numberToHex,
  parseEther,
  parseTransaction,
  parseUnits,
  recoverTransactionAddress,
  type TransactionSerializedEIP1559,
} from 'viem'
import { baseSepolia } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chainServer } from '../../../testing/chainServer.ts'
import { signedInOnThisDevice } from '../../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../../testing/stubApi.ts'
import { createWalletProxy, memoryKeyStore } from '../../walletProxy/index.ts'
import type { SignatureRequest } from '../describe/SignatureRequest.ts'
import { createEvmProvider } from './createEvmProvider.ts'

const recipient = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'
const usdc = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'
/** The stand-in chain's quote: 1 gwei base fee and tip, so the cap is 3 gwei; a transfer estimates 21 000 gas. */
const transferMaxFee = 25_200n * 3_000_000_000n

/** The provider on the server's chains (local Base Sepolia first), over a real proxy and the stand-ins. */
async function setUp(options: { approve?: boolean } = {}) {
  const keyStore = memoryKeyStore()
  const server = await signedInOnThisDevice({ appId: 'charter-test', keyStore })
  const chains = chainServer()
  const routes = { ...server.routes, ...chains.routes }
  const api = stubApi(routes)
  const proxy = createWalletProxy({ keyStore, appId: async () => 'charter-test' })
  const wallet = selectEmbeddedWallet(server.user.linked_accounts, 'ethereum') as EmbeddedWalletAccount
  const asked: SignatureRequest[] = []
  const provider = createEvmProvider({
    proxy,
    wallet: () => wallet,
    confirm: async (request) => {
      asked.push(request)
      return options.approve ?? true
    },
    chains: async () =>
      chains.chains.flatMap((chain) =>
        chain.type === 'ethereum' ? [{ id: Number(chain.id), name: chain.name, rpcPath: chain.rpcPath }] : [],
      ),
  })
  await proxy.init(server.user.id)
  const sendPosts = () => api.calls.filter((call) => call.path === '/api/v1/wallets/wallet-evm-0/rpc')
  return { server, chains, api, routes, provider, asked, address: server.account.address, sendPosts }
}

describe('eth_sendTransaction through the provider', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('viem’s sendTransaction: the dialog shows a send with its maximum fee, the server sends it once, viem gets the hash', async () => {
    const { provider, asked, server, address, sendPosts } = await setUp()
    const client = createWalletClient({ chain: baseSepolia, transport: custom(provider, { retryCount: 0 }) })
    const hash = await client.sendTransaction({ account: address, to: recipient, value: parseEther('0.25') })

    expect(server.sends).toHaveLength(1)
    expect(hash).toBe(server.sends[0]?.hash)
    const [request] = asked
    expect(request).toMatchObject({
      kind: 'transaction',
      sends: true,
      chainName: 'Base Sepolia',
      to: { address: recipient },
      amount: '0.25 ETH',
      fee: { max: '0.0000756 ETH', gasLimit: '25,200', perGas: '3 gwei' },
      totals: [`${0.25 + Number(transferMaxFee) / 1e18} ETH`],
    })
    const [post] = sendPosts()
    // The chain is named as Privy names it, the fees the dialog showed are the ones sent, and the send is keyed.
    expect(post?.body).toMatchObject({
      method: 'eth_sendTransaction',
      caip2: 'eip155:84532',
      params: {
        transaction: {
          chain_id: '0x14a34',
          to: recipient,
          value: '0x3782dace9d90000',
          gas_limit: '0x6270',
          max_fee_per_gas: '0xb2d05e00',
          max_priority_fee_per_gas: '0x3b9aca00',
        },
      },
    })
    expect(post?.headers['privy-idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(Number(post?.headers['privy-request-expiry'])).toBeGreaterThan(Date.now())
  })

  it('a USDC transfer leads with the token, the amount and the real recipient', async () => {
    const { provider, asked } = await setUp()
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, parseUnits('2.5', 6)],
    })
    await provider.request({ method: 'eth_sendTransaction', params: [{ to: usdc, data }] })
    expect(asked[0]).toMatchObject({
      sends: true,
      tokenCall: { kind: 'transfer', to: recipient },
      totals: ['2.5 USDC', '0.000234 ETH'],
    })
  })

  it('each request has its own key; a post whose answer was lost is posted again under the same key, and sends once', async () => {
    const { provider, server, routes } = await setUp()
    const rpc = routes['POST /api/v1/wallets/:id/rpc']
    let lose = 1
    // The server takes the first post but its answer never arrives (a dropped connection).
    const api = stubApi({
      ...routes,
      'POST /api/v1/wallets/:id/rpc': async (call, params) => {
        const answer = await rpc?.(call, params)
        if (lose-- > 0) throw new TypeError('Failed to fetch')
        return answer as Response
      },
    })
    const send = () =>
      provider.request({ method: 'eth_sendTransaction', params: [{ to: recipient, value: '0x1' }] })
    const first = await send()
    const second = await send()

    expect(server.sends.map((one) => one.hash)).toEqual([second, first])
    const firstKey = server.sendKeys.get(first as string)
    const secondKey = server.sendKeys.get(second as string)
    expect(firstKey).not.toBe(secondKey)
    const keysPosted = api.calls
      .filter((call) => call.path === '/api/v1/wallets/wallet-evm-0/rpc')
      .map((call) => call.headers['privy-idempotency-key'])
    expect(keysPosted).toEqual([firstKey, firstKey, secondKey])
  })

  it('refuses, before the dialog, a transaction for another chain, another sender, or one the node says would fail', async () => {
    const { provider, asked, server } = await setUp()
    const refusal = (params: unknown[]) =>
      provider.request({ method: 'eth_sendTransaction', params }).then(
        () => undefined,
        (error: unknown) => error as ProviderRpcError,
      )
    expect((await refusal([{ to: recipient, chainId: '0x66eee' }]))?.code).toBe(4901)
    expect(
      (await refusal([{ to: recipient, from: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' }]))?.code,
    ).toBe(4100)
    expect((await refusal([{ to: recipient, value: '1.5' }]))?.code).toBe(-32602)
    expect(asked).toEqual([])
    expect(server.sends).toEqual([])
  })

  it('Privy’s {sponsor: true} on a USDC transfer: the dialog says Charter pays the fee, the call asks for it and sets no fee', async () => {
    const { provider, asked, sendPosts } = await setUp({ approve: false })
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, 10_000_000n],
    })
    await expect(
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ to: usdc, value: '0x0', data }, { sponsor: true }],
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(asked[0]).toMatchObject({
      kind: 'transaction',
      feePaidBy: 'Charter',
      fee: undefined,
      totals: ['10 USDC'],
      transfer: { amount: '10 USDC', to: recipient, feePaidBy: 'Charter' },
    })
    // A native send asks in vain: its fee is filled and shown as the wallet's.
    await expect(
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ to: recipient, value: '0x1' }, { sponsor: true }],
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(asked[1]).toMatchObject({ feePaidBy: undefined, fee: { max: '0.0000756 ETH' } })
    // Options that are not Privy's shape are refused before anything is shown.
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ to: usdc, data }, { sponsor: 'yes' }] }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(asked).toHaveLength(2)
    expect(sendPosts()).toEqual([])
  })

  it('the sponsored call is posted with sponsor: true at the top of the body and without fee fields', async () => {
    const { provider, api } = await setUp()
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, 10_000_000n],
    })
    await provider
      .request({
        method: 'eth_sendTransaction',
        params: [{ to: usdc, value: '0x0', data }, { sponsor: true }],
      })
      .catch(() => undefined)
    const post = api.calls.find((call) => call.path === '/api/v1/wallets/wallet-evm-0/rpc')
    expect(post?.body).toEqual({
      method: 'eth_sendTransaction',
      caip2: 'eip155:84532',
      sponsor: true,
      params: { transaction: { chain_id: '0x14a34', to: usdc, value: '0x0', data } },
    })
  })

  it('a rejection is 4001 and sends nothing', async () => {
    const { provider, server } = await setUp({ approve: false })
    const error = await provider
      .request({ method: 'eth_sendTransaction', params: [{ to: recipient, value: '0x1' }] })
      .catch((caught: unknown) => caught as ProviderRpcError)
    expect((error as ProviderRpcError).code).toBe(4001)
    expect(server.sends).toEqual([])
  })

  it('ethers’ BrowserProvider: the signer’s sendTransaction goes through it, and ethers finds the sent transaction on the node', async () => {
    const { provider, server, routes } = await setUp()
    const chainRpc = routes['POST /api/v1/rpc/:chainId']
    // The node knows what the server broadcast: ethers reads the transaction back by its hash.
    stubApi({
      ...routes,
      'POST /api/v1/rpc/:chainId': async (call, params) => {
        const body = call.body as { id: number; method: string; params: [Hex] }
        const raw =
          body.method === 'eth_getTransactionByHash' ? server.signedSends.get(body.params[0]) : undefined
        if (!raw) return chainRpc?.(call, params) as Response
        const sent = parseTransaction(raw)
        return Response.json({
          jsonrpc: '2.0',
          id: body.id,
          result: {
            hash: body.params[0],
            from: await recoverTransactionAddress({
              serializedTransaction: raw as TransactionSerializedEIP1559,
            }),
            to: sent.to,
            nonce: numberToHex(sent.nonce ?? 0),
            gas: numberToHex(sent.gas ?? 0n),
            value: numberToHex(sent.value ?? 0n),
            input: sent.data ?? '0x',
            chainId: numberToHex(sent.chainId ?? 0),
            type: '0x2',
            maxFeePerGas: numberToHex(sent.maxFeePerGas ?? 0n),
            maxPriorityFeePerGas: numberToHex(sent.maxPriorityFeePerGas ?? 0n),
            accessList: [],
            r: sent.r,
            s: sent.s,
            yParity: numberToHex(sent.yParity ?? 0),
            v: numberToHex(sent.yParity ?? 0),
            blockHash: null,
            blockNumber: null,
            transactionIndex: null,
          },
        })
      },
    })
    const signer = await new BrowserProvider(provider).getSigner()
    const response = await signer.sendTransaction({ to: recipient, value: parseEther('0.01') })
    expect(server.sends).toHaveLength(1)
    expect(response.hash).toBe(server.sends[0]?.hash)
    expect(response.from).toBe(server.account.address)
    expect(response.value).toBe(parseEther('0.01'))
    expect(server.rpcCalls[0]?.caip2).toBe('eip155:84532')
  })
})
