import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { encodeFunctionData, erc20Abi, type Hex, parseAbi, parseSignature, parseUnits } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sends, wallets } from '../../../db/schema.ts'
import { WalletApiError } from '../../../http/WalletApiError.ts'
import type { Sponsor } from '../../../sponsor/Sponsor.ts'
import { fundedMember, fundFromFaucet } from '../../../testing/fundedMember.ts'
import { proxiedRpc, tokenBalance } from '../../../testing/proxiedRpc.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../../../testing/startTestServer.ts'
import type { MemberWallet, WalletCaller } from '../../../testing/WalletCaller.ts'
import { type ChainRpc, chainRpc } from '../chainRpc.ts'
import { followPendingSends } from '../sendRecords.ts'
import { broadcastSend } from './broadcastSend.ts'
import { type SponsoredTransfer, submitSponsoredTransfer } from './sponsoredTransfer.ts'
import {
  authorizationTypedData,
  checkedUsdcDomain,
  type TransferAuthorization,
  transferAuthorization,
  type UsdcDomain,
} from './usdcAuthorization.ts'

// The sponsor's submission driven directly against the local Base Sepolia, whose USDC checks EIP-3009 as Circle's
// FiatTokenV2_2 does: a tampered authorisation is refused by the contract itself (in the node's estimate, before
// anything is reserved or recorded), in its own words. The sponsor here is a test one with a key of its own.

const chainId = 84532
let server: TestServer
let me: WalletCaller
let wallet: MemberWallet
let userId: string
let rpc: ChainRpc
let rpcUrl: string
let usdc: Hex
let domain: UsdcDomain
/** Holds the USDC the authorisations move: a key this test signs with. */
const holder = privateKeyToAccount(generatePrivateKey())
const sponsorKey = privateKeyToAccount(generatePrivateKey())
const reserved: string[] = []
const released: string[] = []
/** The authorisation nonces the holder's key signed, in order. */
const signatures: Hex[] = []

const testSponsor = (account: PrivateKeyAccount): Sponsor => ({
  mode: 'members',
  address: (chainType) => (chainType === 'ethereum' ? account.address : undefined),
  covers: async () => true,
  reserve: async () => {
    const id = randomUUID()
    reserved.push(id)
    return { id }
  },
  release: async ({ id }) => {
    released.push(id)
  },
  signEvmTransaction: (transaction) => account.signTransaction(transaction),
  signSolanaMessage: async () => {
    throw new Error('not on Solana')
  },
  allowance: async () => ({ sendsLeft: 1, sendsPerWindow: 1, windowHours: 24, nextFreeAt: null }),
})

const usdcOf = (address: string) => tokenBalance(me.api, chainId, usdc, address)

async function transfer(
  authorization: TransferAuthorization,
  signedBy: PrivateKeyAccount = holder,
  signed: TransferAuthorization = authorization,
): Promise<SponsoredTransfer> {
  return {
    userId,
    wallet: { id: wallet.id, address: wallet.address },
    chainId,
    chainName: 'Base Sepolia',
    idempotencyKey: randomUUID(),
    usdc,
    transferData: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [authorization.to, authorization.value],
    }),
    authorization,
    sign: () => {
      signatures.push(authorization.nonce)
      return signedBy.signTypedData(authorizationTypedData(domain, signed))
    },
  }
}

type Submitted = ({ hash: Hex; nonce: number } | { error: WalletApiError }) & { nothingSent: boolean }

const submit = async (input: SponsoredTransfer, sponsor = testSponsor(sponsorKey)): Promise<Submitted> => {
  const { db } = await sharedTestDatabase()
  let nothingSent = false
  const sending = { db, sponsor, maxFeeWei: parseUnits('0.01', 18) }
  try {
    return {
      ...(await submitSponsoredTransfer(sending, rpc, input, async () => {
        nothingSent = true
      })),
      nothingSent,
    }
  } catch (error) {
    return { error: error as WalletApiError, nothingSent }
  }
}

const recipient = () => privateKeyToAccount(generatePrivateKey()).address

beforeAll(async () => {
  server = await startTestServer({ env: { LOCAL_CHAINS: 'on' } })
  const member = await fundedMember(server.url, [])
  me = member.caller
  wallet = member.wallet('ethereum')
  const { db } = await sharedTestDatabase()
  const [row] = await db.select({ userId: wallets.userId }).from(wallets).where(eq(wallets.id, wallet.id))
  userId = row?.userId ?? ''
  await fundFromFaucet(me.api, holder.address, { chainId, asset: 'USDC', amount: '25' })
  await fundFromFaucet(me.api, sponsorKey.address, { chainId, asset: 'native', amount: '1' })
  const chain = server.parts.registry.get('chains').adapter.find(String(chainId))
  if (chain?.info.type !== 'ethereum' || !chain.info.usdc) throw new Error('no local Base Sepolia with USDC')
  rpcUrl = chain.rpcUrl
  rpc = chainRpc(rpcUrl)
  usdc = chain.info.usdc.address as Hex
  const checked = await checkedUsdcDomain(rpc, rpcUrl, chainId)
  if (typeof checked === 'string') throw new Error(checked)
  domain = checked
}, 120_000)

afterAll(() => server?.close())

describe('the sponsor submits a transfer authorisation', () => {
  it("reads the devnet USDC's domain as the real contract's: USDC, version 2, at its address", () => {
    expect(domain).toMatchObject({ name: 'USDC', version: '2', chainId, verifyingContract: usdc })
  })

  it("reads the local Arbitrum Sepolia's too, and refuses a chain whose contract uses another domain", async () => {
    const chains = server.parts.registry.get('chains').adapter
    const arbitrum = chains.find('421614')
    if (arbitrum?.info.type !== 'ethereum') throw new Error('no local Arbitrum Sepolia')
    expect(await checkedUsdcDomain(chainRpc(arbitrum.rpcUrl), arbitrum.rpcUrl, 421614)).toMatchObject({
      name: 'USDC',
      version: '2',
      chainId: 421614,
    })
    // Base Sepolia's node asked for Arbitrum Sepolia's domain: nothing there answers its separator.
    expect(await checkedUsdcDomain(rpc, `${rpcUrl}#other`, 421614)).toBe(
      'its USDC contract does not use the EIP-712 domain Charter would sign with',
    )
    // A chain without a checked domain.
    expect(await checkedUsdcDomain(rpc, rpcUrl, 1)).toBe('its USDC contract has no checked EIP-712 domain')
  })

  it('moves exactly the amount, the holder pays no gas, the sponsor does, recorded as the wallet send', async () => {
    const to = recipient()
    const input = await transfer(transferAuthorization(holder.address, to, parseUnits('10', 6)))
    const sent = await submit(input)
    expect('hash' in sent, JSON.stringify(sent)).toBe(true)
    if (!('hash' in sent)) return
    await expect
      .poll(() => proxiedRpc(me.api, chainId, 'eth_getTransactionReceipt', [sent.hash]), {
        timeout: 10_000,
      })
      .toBeTruthy()
    const receipt = await proxiedRpc(me.api, chainId, 'eth_getTransactionReceipt', [sent.hash])
    expect(receipt.status).toBe('0x1')
    expect(receipt.from.toLowerCase()).toBe(sponsorKey.address.toLowerCase())
    expect(await usdcOf(to)).toBe(parseUnits('10', 6))
    expect(await usdcOf(holder.address)).toBe(parseUnits('15', 6))
    expect(BigInt(await proxiedRpc(me.api, chainId, 'eth_getBalance', [holder.address, 'latest']))).toBe(0n)
    const { db } = await sharedTestDatabase()
    const [row] = await db.select().from(sends).where(eq(sends.hash, sent.hash))
    expect(row).toMatchObject({
      walletId: wallet.id,
      feePayer: sponsorKey.address,
      toAddress: usdc,
      value: '0',
      tokenTo: to,
      tokenAmount: parseUnits('10', 6).toString(),
      nonce: 0,
    })
    await followPendingSends(db, server.parts.registry.get('chains').adapter)
    const [followed] = await db.select().from(sends).where(eq(sends.hash, sent.hash))
    expect(followed?.status).toBe('confirmed')

    // The same authorisation again: its nonce is used, and the contract says so.
    const again = await submit({ ...input, idempotencyKey: randomUUID() })
    expect(again).toMatchObject({ nothingSent: false })
    expect('error' in again && again.error.message).toMatch(
      /^The chain refused the transfer: FiatTokenV2: authorization is used or canceled\. It was not sent; the authorisation your wallet signed expires at \d\d:\d\d UTC and Charter will not submit it\.$/,
    )
  })

  it.each([
    {
      what: 'a signature by another key',
      make: async () =>
        transfer(
          transferAuthorization(holder.address, recipient(), 1n),
          privateKeyToAccount(generatePrivateKey()),
        ),
      reason: 'FiatTokenV2: invalid signature',
    },
    {
      what: 'an expired authorisation',
      make: async () => {
        const authorization = transferAuthorization(holder.address, recipient(), 1n)
        return transfer({ ...authorization, validBefore: BigInt(Math.floor(Date.now() / 1000) - 60) })
      },
      reason: 'FiatTokenV2: authorization is expired',
    },
    {
      what: 'a different recipient than the one signed',
      make: async () => {
        const signed = transferAuthorization(holder.address, recipient(), 1n)
        return transfer({ ...signed, to: recipient() }, holder, signed)
      },
      reason: 'FiatTokenV2: invalid signature',
    },
    {
      what: 'a larger amount than the one signed',
      make: async () => {
        const signed = transferAuthorization(holder.address, recipient(), 1n)
        return transfer({ ...signed, value: 2n }, holder, signed)
      },
      reason: 'FiatTokenV2: invalid signature',
    },
  ])(
    'refuses $what in the contract words, before anything is recorded, keeping the reservation of the signed authorisation',
    async ({ make, reason }) => {
      const input = await make()
      const reservedBefore = reserved.length
      const releasedBefore = released.length
      const refused = await submit(input)
      expect('error' in refused).toBe(true)
      if (!('error' in refused)) return
      expect(refused.error).toBeInstanceOf(WalletApiError)
      expect(refused.error.status).toBe(400)
      expect(refused.error.message).toMatch(
        new RegExp(
          `^The chain refused the transfer: ${reason}\\. It was not sent; the authorisation your wallet signed expires at \\d\\d:\\d\\d UTC and Charter will not submit it\\.$`,
        ),
      )
      // Signed, so out of Charter's hands until it expires: the reservation and the policy's budget stay spent.
      expect(refused.nothingSent).toBe(false)
      expect(reserved.length).toBe(reservedBefore + 1)
      expect(released.length).toBe(releasedBefore)
      const { db } = await sharedTestDatabase()
      expect(await db.select().from(sends).where(eq(sends.idempotencyKey, input.idempotencyKey))).toEqual([])
    },
  )

  it('a 429 from the allowance comes before the holder signs anything: no signature, no estimate, nothing recorded', async () => {
    const input = await transfer(transferAuthorization(holder.address, recipient(), 1n))
    const calls: string[] = []
    const counting: ChainRpc = <T>(method: string, params: unknown[]) => {
      calls.push(method)
      return rpc<T>(method, params)
    }
    const full: Sponsor = {
      ...testSponsor(sponsorKey),
      reserve: async () => {
        throw new WalletApiError(-32005, 429, 'No more sponsored sends today.')
      },
    }
    const signedBefore = signatures.length
    const { db } = await sharedTestDatabase()
    let nothingSent = false
    const refused = await submitSponsoredTransfer(
      { db, sponsor: full, maxFeeWei: parseUnits('0.01', 18) },
      counting,
      input,
      async () => {
        nothingSent = true
      },
    ).catch((error: WalletApiError) => error)
    expect(refused).toBeInstanceOf(WalletApiError)
    expect((refused as WalletApiError).status).toBe(429)
    expect(signatures.length).toBe(signedBefore)
    expect(calls).not.toContain('eth_estimateGas')
    expect(nothingSent).toBe(true)
    expect(await db.select().from(sends).where(eq(sends.idempotencyKey, input.idempotencyKey))).toEqual([])
  })

  it('a transfer the chain reverts (no estimate to stop it) is a failed send with the contract reason', async () => {
    const authorization = transferAuthorization(holder.address, recipient(), 1n)
    const expired = { ...authorization, validBefore: BigInt(Math.floor(Date.now() / 1000) - 60) }
    const input = await transfer(expired)
    const { r, s, yParity } = parseSignature(await input.sign())
    const data = encodeFunctionData({
      abi: parseAbi([
        'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
      ]),
      functionName: 'transferWithAuthorization',
      args: [
        expired.from,
        expired.to,
        expired.value,
        expired.validAfter,
        expired.validBefore,
        expired.nonce,
        yParity + 27,
        r,
        s,
      ],
    })
    const { db } = await sharedTestDatabase()
    const { hash } = await broadcastSend(
      db,
      rpc,
      {
        userId,
        wallet: { id: wallet.id, address: wallet.address },
        chainId,
        idempotencyKey: input.idempotencyKey,
        to: usdc,
        value: 0n,
        data: input.transferData,
        token: { to: expired.to, amount: expired.value },
        feePayer: sponsorKey.address,
      },
      (nonce) =>
        sponsorKey.signTransaction({
          chainId,
          to: usdc,
          data,
          nonce,
          gas: 200_000n,
          maxFeePerGas: parseUnits('10', 9),
          maxPriorityFeePerGas: 1n,
        }),
    )
    await expect
      .poll(() => proxiedRpc(me.api, chainId, 'eth_getTransactionReceipt', [hash]), { timeout: 10_000 })
      .toBeTruthy()
    await followPendingSends(db, server.parts.registry.get('chains').adapter)
    const [row] = await db.select().from(sends).where(eq(sends.hash, hash))
    expect(row).toMatchObject({ status: 'failed', reason: 'reverted: FiatTokenV2: authorization is expired' })
  })

  it('a transaction the node refuses keeps the reservation and the policy budget (the authorisation is signed), and is recorded failed', async () => {
    const input = await transfer(transferAuthorization(holder.address, recipient(), 1n))
    const honest = testSponsor(sponsorKey)
    // A sponsor whose transaction offers less than the base fee: estimated fine, refused at the broadcast.
    const stingy: Sponsor = {
      ...honest,
      signEvmTransaction: (transaction) =>
        sponsorKey.signTransaction({
          chainId,
          to: transaction.to ?? null,
          data: transaction.data,
          nonce: transaction.nonce,
          gas: transaction.gas,
          maxFeePerGas: 1n,
          maxPriorityFeePerGas: 1n,
        }),
    }
    const releasedBefore = released.length
    const refused = await submit(input, stingy)
    expect('error' in refused && refused.error.message).toMatch(
      /^The node refused the transaction: .+\. It was not sent; the authorisation your wallet signed expires at \d\d:\d\d UTC and Charter will not submit it\.$/,
    )
    expect(refused.nothingSent).toBe(false)
    expect(released.length).toBe(releasedBefore)
    const { db } = await sharedTestDatabase()
    const [row] = await db
      .select()
      .from(sends)
      .where(eq(sends.walletId, wallet.id))
      .orderBy(desc(sends.createdAt))
      .limit(1)
    expect(row).toMatchObject({ status: 'failed', idempotencyKey: null, feePayer: sponsorKey.address })
    // Its nonce is free again: the next transfer takes it and confirms.
    const next = await submit(await transfer(transferAuthorization(holder.address, recipient(), 1n)))
    expect('nonce' in next && next.nonce).toBe(row?.nonce)
  })
})
