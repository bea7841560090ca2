import { type EmbeddedWalletAccount, ProviderRpcError, selectEmbeddedWallet } from '@charter/core'
import { recoverMessageAddress, recoverTypedDataAddress } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { eip712DomainType, etherMail } from '../../../../../../packages/core/src/__fixtures__/typedData.ts'
import { signedInOnThisDevice } from '../../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../../testing/stubApi.ts'
import { evmWalletId } from '../../../testing/walletServer.ts'
import { createWalletProxy, memoryKeyStore } from '../../walletProxy/index.ts'
import { makeWalletKey } from '../../walletProxy/makeWalletKey.ts'
import type { SignatureRequest } from '../describe/SignatureRequest.ts'
import { createEvmProvider } from './createEvmProvider.ts'

/** EIP-712's example on Base Sepolia, as a dapp sends it to eth_signTypedData_v4: the domain's type among the types. */
const mail = {
  types: { EIP712Domain: eip712DomainType, ...etherMail.types },
  primaryType: etherMail.primaryType,
  domain: { ...etherMail.domain, chainId: 84532 },
  message: etherMail.message,
}

/** `code` and `message` of a refusal, as a dapp reads them. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ProviderRpcError)
  const { code, message } = error as ProviderRpcError
  return { code, message }
}

async function setUp(options: { approve?: boolean; start?: boolean } = {}) {
  const keyStore = memoryKeyStore()
  const server = await signedInOnThisDevice({ appId: 'charter-test', keyStore })
  const api = stubApi(server.routes)
  const proxy = createWalletProxy({ keyStore, appId: async () => 'charter-test' })
  const asked: SignatureRequest[] = []
  let approve = options.approve ?? true
  const wallet = selectEmbeddedWallet(server.user.linked_accounts, 'ethereum') as EmbeddedWalletAccount
  const provider = createEvmProvider({
    proxy,
    wallet: () => wallet,
    confirm: async (request) => {
      asked.push(request)
      return approve
    },
  })
  if (options.start !== false) await proxy.init(server.user.id)
  return {
    server,
    api,
    proxy,
    provider,
    asked,
    address: server.account.address,
    setApprove: (value: boolean) => {
      approve = value
    },
  }
}

const hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`

describe('the EIP-1193 provider', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('has no accounts until the proxy is ready, and says why a request cannot be served', async () => {
    const { provider, proxy, server } = await setUp({ start: false })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await refusal(provider.request({ method: 'eth_requestAccounts' }))).toEqual({
      code: 4900,
      message: 'Wallet proxy not initialized',
    })
    expect(
      await refusal(
        provider.request({ method: 'personal_sign', params: [hex('hi'), server.account.address] }),
      ),
    ).toEqual({ code: 4900, message: 'Wallet proxy not initialized' })

    await proxy.init(server.user.id)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([server.account.address])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([server.account.address])

    proxy.signOut()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await refusal(provider.request({ method: 'eth_requestAccounts' }))).toEqual({
      code: 4100,
      message: 'User must be authenticated',
    })
  })

  it('tells listeners about connect, accounts, chains and disconnect', async () => {
    const { provider, proxy, server } = await setUp({ start: false })
    const events: [string, unknown][] = []
    const record = (name: string) => (value: unknown) => events.push([name, value])
    const onAccounts = record('accountsChanged')
    provider.on('connect', record('connect'))
    provider.on('accountsChanged', onAccounts)
    provider.on('chainChanged', record('chainChanged'))
    provider.on('disconnect', (error: ProviderRpcError) => events.push(['disconnect', error.code]))

    await proxy.init(server.user.id)
    // `connect` names the chain, which the chain list gives: it and the accounts come once that is read.
    await vi.waitFor(() => expect(events).toHaveLength(2))
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x14a34' }] })
    provider.removeListener('accountsChanged', onAccounts)
    proxy.signOut()
    expect(events).toEqual([
      ['connect', { chainId: '0x1' }],
      ['accountsChanged', [server.account.address]],
      ['chainChanged', '0x14a34'],
      ['disconnect', 4900],
    ])
  })

  it('switches among Charter’s chains and refuses others with 4902', async () => {
    const { provider } = await setUp()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xaa36a7' }] }),
    ).toBe(null)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xaa36a7')
    expect(await provider.request({ method: 'net_version' })).toBe('11155111')
    const unknown = await refusal(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x539' }] }),
    )
    expect(unknown.code).toBe(4902)
    expect(unknown.message).toMatch(/^Charter does not offer chain 1337/)
    expect(
      (await refusal(provider.request({ method: 'wallet_switchEthereumChain', params: [{}] }))).code,
    ).toBe(-32602)
  })

  it('refuses a method it does not support with 4200, and a request without a method with -32600', async () => {
    const { provider, api, address } = await setUp()
    expect(await refusal(provider.request({ method: 'eth_sign', params: [address, '0x00'] }))).toEqual({
      code: 4200,
      message: 'Charter’s wallet does not support eth_sign.',
    })
    expect((await refusal(provider.request({ method: '' }))).code).toBe(-32600)
    expect(api.calls.filter((call) => call.path.endsWith('/rpc'))).toEqual([])
  })

  it('personal_sign: shows the text, sends the bytes, answers a signature of the wallet', async () => {
    const { provider, asked, server, address } = await setUp()
    const message = 'Grüße aus Charter ✓'
    const signature = (await provider.request({
      method: 'personal_sign',
      params: [hex(message), address],
    })) as `0x${string}`
    expect(asked).toEqual([
      {
        kind: 'message',
        address,
        text: message,
        hex: hex(message),
        bytes: 23,
        warnings: [],
        refusal: undefined,
      },
    ])
    expect(server.rpcCalls).toEqual([
      { method: 'personal_sign', params: { message: hex(message), encoding: 'hex' } },
    ])
    expect(await recoverMessageAddress({ message, signature })).toBe(address)
  })

  it('personal_sign: shows bytes that are not text as bytes, and takes plain text and the old order too', async () => {
    const { provider, asked, server, address } = await setUp()
    await provider.request({ method: 'personal_sign', params: ['0xdeadbeef00', address] })
    expect(asked[0]).toMatchObject({ kind: 'message', text: undefined, hex: '0xdeadbeef00' })
    await provider.request({ method: 'personal_sign', params: [address.toLowerCase(), 'plain words'] })
    expect(asked[1]).toMatchObject({ kind: 'message', text: 'plain words' })
    expect(server.rpcCalls[1]).toEqual({
      method: 'personal_sign',
      params: { message: 'plain words', encoding: 'utf-8' },
    })
  })

  it('rejects with 4001 in the spec’s words when the person rejects, and signs nothing', async () => {
    const { provider, server, address } = await setUp({ approve: false })
    const error = await provider
      .request({ method: 'personal_sign', params: [hex('no'), address] })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ProviderRpcError)
    // What a dapp reads, and what crosses a postMessage or JSON boundary: the message and its detail.
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      code: 4001,
      message: 'Signature rejected',
      data: { details: 'Please try signing again.' },
    })
    expect(server.rpcCalls).toEqual([])
    // The Reject is recorded (signed, through the proxy) for the member's activity; nothing waits for it.
    await vi.waitFor(() =>
      expect(server.declines).toEqual([{ walletId: evmWalletId, method: 'personal_sign' }]),
    )
  })

  it('refuses to sign for another address with 4100', async () => {
    const { provider, asked } = await setUp()
    const other = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'
    expect(
      (await refusal(provider.request({ method: 'personal_sign', params: [hex('x'), other] }))).code,
    ).toBe(4100)
    expect(
      (await refusal(provider.request({ method: 'eth_signTypedData_v4', params: [other, '{}'] }))).code,
    ).toBe(4100)
    expect(asked).toEqual([])
  })

  it('eth_signTypedData_v4: shows who asks, on which chain, and every field; the signature recovers', async () => {
    const { provider, asked, server, address } = await setUp()
    const signature = (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(mail)],
    })) as `0x${string}`
    const text = (value: string) => ({ kind: 'text', type: 'string', text: value })
    const person = (name: string, wallet: string) => ({
      kind: 'struct',
      type: 'Person',
      fields: [
        { name: 'name', value: text(name) },
        { name: 'wallet', value: { kind: 'address', address: wallet } },
      ],
    })
    expect(asked[0]).toEqual({
      kind: 'typed-data',
      address,
      domain: {
        name: 'Ether Mail',
        version: '1',
        chain: { id: '84532', name: 'Base Sepolia' },
        verifyingContract: { address: mail.domain.verifyingContract, token: undefined },
        salt: undefined,
      },
      primaryType: 'Mail',
      fields: [
        { name: 'from', value: person('Cow', mail.message.from.wallet) },
        { name: 'to', value: person('Bob', mail.message.to.wallet) },
        { name: 'contents', value: text('Hello, Bob!') },
      ],
      fieldCount: 5,
      hiddenFields: 0,
      warnings: [],
      refusal: undefined,
      // A letter for a contract: the contract acts on it, so what it moves cannot be read off it.
      effect: {
        moves: [],
        unweighable: [
          `a Mail signature for the contract ${mail.domain.verifyingContract}, which may act on it`,
        ],
      },
    })
    expect(server.rpcCalls[0]).toEqual({
      method: 'eth_signTypedData_v4',
      params: {
        typed_data: { domain: mail.domain, types: mail.types, message: mail.message, primary_type: 'Mail' },
      },
    })
    const { EIP712Domain: _, ...types } = mail.types
    expect(
      await recoverTypedDataAddress({ ...mail, types, primaryType: 'Mail', signature } as Parameters<
        typeof recoverTypedDataAddress
      >[0]),
    ).toBe(address)
  })

  it('eth_signTypedData_v4: refuses what is not typed data with -32602 before asking anyone', async () => {
    const { provider, asked, address } = await setUp()
    for (const bad of ['{not json', '[]', JSON.stringify({ ...mail, primaryType: 'Nope' })]) {
      expect(
        (await refusal(provider.request({ method: 'eth_signTypedData_v4', params: [address, bad] }))).code,
      ).toBe(-32602)
    }
    expect(asked).toEqual([])
  })

  it('eth_signTransaction: shows chain, recipient, amount and data; sends snake_case quantities', async () => {
    const { provider, asked, server, address } = await setUp()
    const to = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'
    const signed = await provider.request({
      method: 'eth_signTransaction',
      params: [
        {
          from: address,
          to,
          value: '0x6f05b59d3b20000',
          data: '0xa9059cbb',
          nonce: '0x7',
          gas: '0x5208',
          maxFeePerGas: '0x3b9aca00',
          maxPriorityFeePerGas: '0x1',
          chainId: '0x14a34',
          type: '0x2',
        },
      ],
    })
    expect(signed).toMatch(/^0x02/)
    expect(asked[0]).toEqual({
      kind: 'transaction',
      sends: false,
      address,
      chainId: 84532,
      chainName: 'Base Sepolia',
      to: { address: to, token: undefined },
      amount: '0.5 ETH',
      fee: { max: '0.000021 ETH', gasLimit: '21,000', perGas: '1 gwei' },
      total: '0.500021 ETH',
      tokenCall: undefined,
      totals: ['0.500021 ETH'],
      call: { kind: 'other', selector: '0xa9059cbb', bytes: 4 },
      data: '0xa9059cbb',
      nonce: '7',
      // A selector without its arguments decodes as nothing: shown raw, with a warning.
      warnings: [{ kind: 'unreadable-call', selector: '0xa9059cbb', bytes: 4 }],
      refusal: undefined,
      // What the policy reads: the value and the fee, and a call it cannot weigh.
      effect: {
        moves: [{ chain: '84532', asset: 'native', amount: 500_021_000_000_000_000n }],
        unweighable: [`a call to the contract ${to} that cannot be weighed`],
      },
    })
    expect(server.rpcCalls[0]).toEqual({
      method: 'eth_signTransaction',
      params: {
        transaction: {
          chain_id: '0x14a34',
          to,
          value: '0x6f05b59d3b20000',
          data: '0xa9059cbb',
          nonce: '0x7',
          gas_limit: '0x5208',
          max_fee_per_gas: '0x3b9aca00',
          max_priority_fee_per_gas: '0x1',
          type: '0x2',
        },
      },
    })
  })

  it('eth_signTransaction: the current chain when none is given; a contract creation; refusals', async () => {
    const { provider, asked } = await setUp()
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] })
    await provider.request({ method: 'eth_signTransaction', params: [{ data: '0x6000', gasPrice: '0x1' }] })
    expect(asked[0]).toMatchObject({
      chainName: 'Polygon',
      to: undefined,
      amount: '0 POL',
      call: { kind: 'create', bytes: 2 },
    })
    const other = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'
    expect(
      (await refusal(provider.request({ method: 'eth_signTransaction', params: [{ from: other }] }))).code,
    ).toBe(4100)
    expect(
      (await refusal(provider.request({ method: 'eth_signTransaction', params: [{ type: '0x1' }] }))).code,
    ).toBe(-32602)
    expect(
      (await refusal(provider.request({ method: 'eth_signTransaction', params: [{ to: 'nobody' }] }))).code,
    ).toBe(-32602)
    expect(asked).toHaveLength(1)
  })

  it('never signs what Charter refuses to show, even when the confirmation says yes', async () => {
    const { provider, asked, server, address } = await setUp({ approve: true })
    const pads = Array.from({ length: 300 }, (_, index) => ({ name: `pad${index}`, type: 'uint256' }))
    const oversize = {
      domain: { chainId: 1 },
      types: { Big: [...pads, { name: 'spender', type: 'address' }] },
      primaryType: 'Big',
      message: { ...Object.fromEntries(pads.map((pad) => [pad.name, '0'])), spender: address },
    }
    expect(
      (await refusal(provider.request({ method: 'eth_signTypedData_v4', params: [address, oversize] }))).code,
    ).toBe(4001)
    expect(asked[0]).toMatchObject({ fieldCount: 301, hiddenFields: 101 })
    expect(server.rpcCalls).toEqual([])
  })

  it('describes and sends the same snapshot of what a caller passed, read once', async () => {
    const { provider, asked, server, address } = await setUp()
    let reads = 0
    const transaction = {
      from: address,
      to: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB',
      chainId: '0x14a34',
      get value() {
        reads += 1
        return reads === 1 ? '0x1' : '0xde0b6b3a7640000'
      },
    }
    await provider.request({ method: 'eth_signTransaction', params: [transaction] })
    expect(asked[0]).toMatchObject({ amount: '0.000000000000000001 ETH' })
    expect(server.rpcCalls[0]).toMatchObject({ params: { transaction: { value: '0x1' } } })
  })

  it('passes on the advice to sign out and in when the session holds another key', async () => {
    const { provider, proxy, server, address } = await setUp()
    server.registeredKeys[0] = (await makeWalletKey(server.user.id)).publicKey
    const first = await refusal(provider.request({ method: 'personal_sign', params: [hex('x'), address] }))
    expect(first.code).toBe(4100)
    expect(first.message).toMatch(/Sign out and sign in again/)
    expect(proxy.getState().status).toBe('error')
    expect(await refusal(provider.request({ method: 'eth_requestAccounts' }))).toEqual(first)
  })

  it('says to sign out and in, with 4100, when the session has no device key at all', async () => {
    const { provider, proxy, server, address } = await setUp({ start: false })
    server.registeredKeys.length = 0
    await proxy.init(server.user.id).catch(() => undefined)
    expect(proxy.getState().status).toBe('error')
    const answer = await refusal(provider.request({ method: 'personal_sign', params: [hex('x'), address] }))
    expect(answer.code).toBe(4100)
    expect(answer.message).toMatch(/sign in again/i)
  })

  it('passes the server’s own codes and words through', async () => {
    const { provider, server, address } = await setUp()
    stubApi({
      ...server.routes,
      'POST /api/v1/wallets/wallet-evm-0/rpc': () =>
        Response.json(
          { error: 'params.message: Too big: expected string to have <=32768 characters', code: -32602 },
          { status: 400 },
        ),
    })
    expect(await refusal(provider.request({ method: 'personal_sign', params: [hex('x'), address] }))).toEqual(
      {
        code: -32602,
        message: 'params.message: Too big: expected string to have <=32768 characters',
      },
    )
  })
})
