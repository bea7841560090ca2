import { type EmbeddedWalletAccount, selectEmbeddedWallet } from '@charter/core'
import {
  BrowserProvider,
  Signature as EthersSignature,
  Transaction,
  verifyMessage,
  verifyTypedData,
} from 'ethers'
import {
  createWalletClient,
  custom,
  parseEther,
  parseTransaction,
  recoverMessageAddress,
  recoverTransactionAddress,
  recoverTypedDataAddress,
  UserRejectedRequestError,
} from 'viem'
import { baseSepolia } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { signedInOnThisDevice } from '../../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../../testing/stubApi.ts'
import { createWalletProxy, memoryKeyStore } from '../../walletProxy/index.ts'
import { createEvmProvider } from './createEvmProvider.ts'

const domain = {
  name: 'Charter Roles',
  version: '1',
  chainId: 84532,
  verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
} as const
const types = {
  Grant: [
    { name: 'role', type: 'string' },
    { name: 'member', type: 'address' },
    { name: 'until', type: 'uint256' },
  ],
} as const
const grant = {
  role: 'Treasurer',
  member: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB',
  until: 1_900_000_000n,
} as const
const recipient = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'

/** The provider over a real proxy; the network is stubbed at `fetch` by a stand-in that checks every signature. */
async function setUp(approve = true) {
  const keyStore = memoryKeyStore()
  const server = await signedInOnThisDevice({ appId: 'charter-test', keyStore })
  stubApi(server.routes)
  const proxy = createWalletProxy({ keyStore, appId: async () => 'charter-test' })
  const wallet = selectEmbeddedWallet(server.user.linked_accounts, 'ethereum') as EmbeddedWalletAccount
  const provider = createEvmProvider({ proxy, wallet: () => wallet, confirm: async () => approve })
  await proxy.init(server.user.id)
  return { server, provider, address: server.account.address }
}

describe('libraries on the provider, unchanged', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('viem’s wallet client: accounts, chain, switch, message, typed data, transaction', async () => {
    const { provider, address, server } = await setUp()
    const client = createWalletClient({ transport: custom(provider) })
    expect(await client.getAddresses()).toEqual([address])
    const [account] = await client.requestAddresses()
    expect(account).toBe(address)
    expect(await client.getChainId()).toBe(1)

    const message = 'viem signs through Charter'
    const signature = await client.signMessage({ account: address, message })
    expect(await recoverMessageAddress({ message, signature })).toBe(address)

    const typed = await client.signTypedData({
      account: address,
      domain,
      types,
      primaryType: 'Grant',
      message: grant,
    })
    expect(
      await recoverTypedDataAddress({
        domain,
        types,
        primaryType: 'Grant',
        message: grant,
        signature: typed,
      }),
    ).toBe(address)

    await client.switchChain({ id: baseSepolia.id })
    expect(await client.getChainId()).toBe(baseSepolia.id)
    const signedTransaction = await client.signTransaction({
      account: address,
      chain: baseSepolia,
      to: recipient,
      value: parseEther('0.25'),
      nonce: 3,
      gas: 21_000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000n,
    })
    const parsed = parseTransaction(signedTransaction)
    expect(parsed).toMatchObject({ chainId: baseSepolia.id, value: parseEther('0.25'), nonce: 3 })
    expect(parsed.to?.toLowerCase()).toBe(recipient.toLowerCase())
    expect(await recoverTransactionAddress({ serializedTransaction: signedTransaction as never })).toBe(
      address,
    )
    expect(server.refused).toEqual([])
  })

  it('viem reads a rejection as UserRejectedRequestError (4001)', async () => {
    const { provider, address } = await setUp(false)
    const client = createWalletClient({ transport: custom(provider, { retryCount: 0 }) })
    const error = await client
      .signMessage({ account: address, message: 'no' })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect((error as UserRejectedRequestError).code).toBe(4001)
  })

  it('ethers’ BrowserProvider: network, signer, message, typed data, transaction', async () => {
    const { provider, address, server } = await setUp()
    // ethers wants its own mutable shapes of the same typed data.
    const ethersTypes = { Grant: [...types.Grant] }
    const ethersProvider = new BrowserProvider(provider)
    try {
      expect((await ethersProvider.getNetwork()).chainId).toBe(1n)
      const signer = await ethersProvider.getSigner()
      expect(await signer.getAddress()).toBe(address)

      const message = 'ethers signs through Charter'
      expect(verifyMessage(message, await signer.signMessage(message))).toBe(address)

      const typedSignature = await signer.signTypedData(domain, ethersTypes, grant)
      expect(verifyTypedData(domain, ethersTypes, grant, typedSignature)).toBe(address)

      const signedTransaction = await signer.signTransaction({
        to: recipient,
        value: 10n ** 15n,
        nonce: 0,
        gasLimit: 21_000n,
        maxFeePerGas: 3_000_000_000n,
        maxPriorityFeePerGas: 1_000_000n,
        chainId: 11_155_111n,
        type: 2,
      })
      const transaction = Transaction.from(signedTransaction)
      expect(transaction.from).toBe(address)
      expect(transaction.chainId).toBe(11_155_111n)
      expect(transaction.to).toBe(recipient)
      expect(EthersSignature.from(transaction.signature ?? '').v).toBeGreaterThan(0)
      expect(server.refused).toEqual([])
    } finally {
      ethersProvider.destroy()
    }
  })

  it('ethers reads a rejection as ACTION_REJECTED', async () => {
    const { provider } = await setUp(false)
    const ethersProvider = new BrowserProvider(provider)
    try {
      const signer = await ethersProvider.getSigner()
      await expect(signer.signMessage('no')).rejects.toMatchObject({ code: 'ACTION_REJECTED' })
    } finally {
      ethersProvider.destroy()
    }
  })
})
