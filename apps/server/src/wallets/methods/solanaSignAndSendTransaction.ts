import { createHash, randomUUID, sign, verify } from 'node:crypto'
import { associatedTokenAccount, readSolanaTransaction, type SolanaTransactionReading } from '@charter/core'
import {
  type Address,
  type Blockhash,
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageEncoder,
} from '@solana/kit'
import { getTokenSize } from '@solana-program/token'
import { and, eq } from 'drizzle-orm'
import { formatUnits } from 'viem'
import { z } from 'zod'
import { UpstreamError } from '../../chains/UpstreamError.ts'
import type { Db } from '../../db/Database.ts'
import { isUniqueViolation } from '../../db/isUniqueViolation.ts'
import { sends } from '../../db/schema.ts'
import { WalletApiError } from '../../http/WalletApiError.ts'
import { ChainRpcError } from '../sends/ChainRpcError.ts'
import { type ChainRpc, chainRpc } from '../sends/chainRpc.ts'
import { earlierSend } from '../sends/earlierSend.ts'
import { nodeCall } from '../sends/nodeCall.ts'
import { findSolanaChain } from '../sends/solana/solanaChains.ts'
import {
  type SolanaSponsorship,
  solanaSponsorship,
  sponsoredRent,
} from '../sends/solana/solanaSponsorship.ts'
import { ed25519PrivateKey } from '../walletKeys.ts'
import { base64Param } from './base64Param.ts'
import type { Authorization, MethodOutcome, WalletMethodContext } from './WalletMethod.ts'

export const solanaSignAndSendTransactionParams = z.strictObject({
  transaction: base64Param,
  encoding: z.literal('base64'),
  /** A fee above the server's cap (SEND_MAX_FEE_SOL) goes only with this set. */
  allow_high_fee: z.boolean().optional(),
})

export type SolanaSignAndSendTransactionParameters = z.output<typeof solanaSignAndSendTransactionParams>

/** `hash` is the transaction's signature (the fee payer's, this wallet's), base58. */
export type SolanaSignAndSendTransactionReturnType = { caip2: string; hash: string }

/** The recent blockhash a caller leaves for the server to fill: 32 zero bytes (`1111…1` in base58), as Privy's. */
export const blockhashToFill = '11111111111111111111111111111111'

const refuse = (message: string) => new WalletApiError(-32602, 400, message)
const cannotPay = (message: string) => new WalletApiError(-32000, 400, `insufficient funds: ${message}`)
const interrupted = (reason: string | null) =>
  new WalletApiError(
    -32000,
    409,
    `The send under this idempotency key was interrupted before it was broadcast and will never be sent (${reason}). Send again with a new key.`,
  )

/** SHA-256 of the transaction as the caller sent it: a replay under the same key must send these same bytes. */
const requestDigest = (transaction: string) =>
  createHash('sha256').update(Buffer.from(transaction, 'base64')).digest('hex')

/**
 * Solana `signAndSendTransaction`: fills the recent blockhash the caller left as `1111…1` (the wallet being the
 * transaction's one signer), refuses before signing what the wallet cannot pay and what the chain says would
 * fail, records the send, broadcasts it and answers its signature. One send per (wallet,
 * `privy-idempotency-key`): a replay answers the first signature, whichever server process it reaches; a send
 * recorded and never broadcast (its server stopped) goes out on the replay while its blockhash is valid, the same
 * signed bytes, so it can land once only.
 *
 * Sponsored (`sponsor: true`, or the sponsor as fee payer): the sponsor pays the fee and the recipient's new USDC
 * account, once its check (`sends/solana/sponsoredSolanaTransfer.ts`) finds nothing but the member's USDC transfer;
 * the fee and rent are reserved against the member's allowance before signing, the wallet signs as the owner and
 * the sponsor last, and the answer's signature is the sponsor's (the fee payer's). The wallet needs no SOL.
 *
 * Runs again unchanged with the same params and no caller (a held request, `heldReplay`).
 */
export async function solanaSignAndSendTransaction(
  context: WalletMethodContext,
  { transaction, allow_high_fee }: SolanaSignAndSendTransactionParameters,
): Promise<MethodOutcome<SolanaSignAndSendTransactionReturnType>> {
  const { wallet, request } = context
  const { db, chains } = context.sending
  const { key, earlier } = await earlierSend(db, 'signAndSendTransaction', context)
  if (earlier) {
    // Another session of the member may have used the key: it answers only the same send.
    if (request.caip2 !== earlier.caip2 || requestDigest(transaction) !== earlier.dataDigest) {
      throw new WalletApiError(-32600, 409, 'This idempotency key was already used for a different send.')
    }
    const chain = findSolanaChain(chains, earlier.caip2).chain
    if (earlier.status === 'pending' && earlier.broadcastAt === null) {
      if (!chain) {
        throw new WalletApiError(
          -32603,
          502,
          `The send ${earlier.hash} was recorded and not yet broadcast, and this server does not reach ${earlier.caip2}. Retry with the same idempotency key.`,
        )
      }
      await resumeRecorded(db, chainRpc(chain.rpcUrl), earlier)
    } else if (earlier.status === 'pending' && chain) {
      await rebroadcast(chainRpc(chain.rpcUrl), earlier)
    }
    const line = await context.activity({
      signed: { method: 'signAndSendTransaction', caip2: earlier.caip2, hash: earlier.hash },
      summary: `Sent transaction ${earlier.hash}${chain ? ` on ${chain.info.name}` : ''}`,
      sendHash: earlier.hash,
    })
    return { data: { caip2: earlier.caip2, hash: earlier.hash }, line }
  }

  // The cluster: one this server offers, named by its CAIP-2 id.
  const { chain, offered } = findSolanaChain(chains, request.caip2)
  if (!chain) {
    const named = request.caip2 === undefined ? 'caip2 is required' : `Unrecognized chain ${request.caip2}`
    throw new WalletApiError(
      4902,
      400,
      `${named}: this server does not offer it (unsupported_chain_id). Send the cluster as 'solana:<genesis hash, 32 characters>'; it offers ${offered.join(', ') || 'no Solana cluster'}.`,
    )
  }
  const caip2 = request.caip2 as string
  const rpc = chainRpc(chain.rpcUrl)
  const walletAddress = wallet.address as Address
  const usdcMint = (chain.info.usdc?.address ?? null) as Address | null
  const usdcAccount = usdcMint === null ? null : await associatedTokenAccount(walletAddress, usdcMint)
  const reading = readSolanaTransaction(new Uint8Array(Buffer.from(transaction, 'base64')), {
    wallet: walletAddress,
    usdcMint,
    usdcAccount,
  })

  // Sponsored: asked with `sponsor: true`, or built with the sponsor as fee payer. The sponsor's check comes
  // first: it must do nothing but the member's USDC transfer, or nothing is reserved or signed.
  const { sponsor } = context.sending
  const sponsorAddress = sponsor.address('solana')
  const sponsorship: SolanaSponsorship | undefined =
    request.sponsor || (sponsorAddress !== undefined && reading.signers[0] === sponsorAddress)
      ? await solanaSponsorship({
          sponsor,
          userId: wallet.userId,
          chain,
          rpc,
          reading,
          wallet: walletAddress,
        })
      : undefined

  // Who signs: this wallet pays the fee (or the sponsor does); any other signer's signature is already there, and
  // valid.
  const [feePayer, ...others] = reading.signers
  if (feePayer !== walletAddress && !sponsorship) {
    throw refuse(
      `params.transaction: its fee payer is ${feePayer}, not this wallet (${walletAddress}). This wallet signs only transactions whose fee it pays.`,
    )
  }
  const missing = others.filter((signer, index) => {
    const signature = reading.signatures[index + 1] as Uint8Array
    return signer !== walletAddress && !signedBy(signer, signature, reading.messageBytes)
  })
  if (missing.length > 0) {
    throw refuse(
      `params.transaction: it needs a valid signature from ${missing.join(', ')}, which it lacks. Have the other signers sign first, then send it here.`,
    )
  }
  const soleSigner = others.length === 0
  // Every signature is the server's: the wallet's, and the sponsor's (which signs last), so the blockhash is free.
  const ownSignersOnly = soleSigner || sponsorship !== undefined

  // The recent blockhash: filled when left as 1111…1, else the caller's while it is valid.
  let lastValidBlockHeight: bigint
  let message = reading.message
  const latest = (
    await nodeCall<{ value: { blockhash: string; lastValidBlockHeight: number | string } }>(
      rpc,
      'getLatestBlockhash',
      [{ commitment: 'confirmed' }],
    )
  ).value
  // A re-run refreshes a sole signer's blockhash; other signers' blockhash stays, valid or refused.
  const fill = message.lifetimeToken === blockhashToFill || (context.heldReplay && ownSignersOnly)
  if (fill) {
    if (!ownSignersOnly) {
      throw refuse(
        'params.transaction: other signers signed it, so its blockhash cannot be changed; set a recent blockhash before they sign.',
      )
    }
    message = { ...message, lifetimeToken: latest.blockhash as Blockhash }
    lastValidBlockHeight = BigInt(latest.lastValidBlockHeight)
  } else {
    const valid = await nodeCall<{ value: boolean }>(rpc, 'isBlockhashValid', [
      message.lifetimeToken,
      { commitment: 'confirmed' },
    ])
    if (!valid.value) {
      throw refuse(
        `params.transaction: its recent blockhash ${message.lifetimeToken} has expired (or ${chain.info.name} never issued it). Set it to ${blockhashToFill} and the server fills in a fresh one.`,
      )
    }
    // A blockhash valid now was issued no later than the latest: it expires by the latest's last valid height.
    lastValidBlockHeight = BigInt(latest.lastValidBlockHeight)
  }
  const messageBytes = fill
    ? new Uint8Array(getCompiledTransactionMessageEncoder().encode(message))
    : reading.messageBytes
  // The wallet's slot: the first, or the second after the sponsor's.
  const walletSlot = sponsorship ? 1 : 0
  const wire = (walletSignature: Uint8Array, sponsorSignature = new Uint8Array(64)) =>
    wireTransaction(reading.signatures.length, messageBytes, (slot) =>
      slot === walletSlot
        ? walletSignature
        : sponsorship && slot === 0
          ? sponsorSignature
          : (reading.signatures[slot] as Uint8Array),
    )
  const unsigned = wire(new Uint8Array(64))

  // What the wallet holds against what leaves it, before anything is signed.
  const sol = (lamports: bigint) => `${formatUnits(lamports, 9)} SOL`
  const name = chain.info.name
  const native = reading.native.reduce((sum, each) => sum + each.lamports, 0n)
  const usdc = reading.usdc.reduce((sum, each) => sum + each.amount, 0n)
  const balance = BigInt(
    (
      await nodeCall<{ value: number | string }>(rpc, 'getBalance', [
        walletAddress,
        { commitment: 'confirmed' },
      ])
    ).value,
  )
  if (native > balance) {
    throw cannotPay(`the transaction moves ${sol(native)} and the wallet holds ${sol(balance)} on ${name}.`)
  }
  const fee = (
    await nodeCall<{ value: number | string | null }>(rpc, 'getFeeForMessage', [
      Buffer.from(messageBytes).toString('base64'),
      { commitment: 'confirmed' },
    ])
  ).value
  if (fee === null) {
    throw refuse(
      `params.transaction: ${name} no longer knows its recent blockhash. Set it to ${blockhashToFill} and the server fills in a fresh one.`,
    )
  }
  // What the sponsor pays has no priority fee (its check refuses a compute budget): a fee above the cap is the
  // network's, and the sponsor does not pay it whatever the caller allows.
  if (sponsorship && BigInt(fee) > context.sending.maxFeeLamports) {
    throw refuse(
      `the network asks a fee of ${sol(BigInt(fee))} for this send on ${name}, more than Charter pays for a send now. Try again later.`,
    )
  }
  // A priority fee set by mistake (a price per compute unit meant as lamports) could cost far more than the move.
  if (BigInt(fee) > context.sending.maxFeeLamports && allow_high_fee !== true) {
    throw refuse(
      `the fee, ${sol(BigInt(fee))}, is above this server's cap of ${sol(context.sending.maxFeeLamports)} (SEND_MAX_FEE_SOL). Send params.allow_high_fee: true to pay it anyway.`,
    )
  }
  const rent = sponsorship
    ? await sponsoredRent(rpc, sponsorship.transfer)
    : await rentOfCreatedAccounts(rpc, reading)
  // What the sponsor may pay: the fee and the rent of the account it may create (even one that exists now: it can
  // be closed before the send lands), all within what it holds.
  const sponsorPays = sponsorship ? BigInt(fee) + rent : 0n
  if (sponsorship) {
    const held = BigInt(
      (
        await nodeCall<{ value: number | string }>(rpc, 'getBalance', [
          sponsorship.sponsor,
          { commitment: 'confirmed' },
        ])
      ).value,
    )
    if (sponsorPays > held) {
      throw new WalletApiError(
        -32603,
        502,
        `Charter cannot pay network fees on ${name} at the moment. Try again later; nothing was signed.`,
      )
    }
  } else if (native + BigInt(fee) + rent > balance) {
    const rentWords = rent > 0n ? ` + rent of the token accounts it creates ${sol(rent)}` : ''
    throw cannotPay(
      `the transaction moves ${sol(native)} + fee ${sol(BigInt(fee))}${rentWords} = ${sol(native + BigInt(fee) + rent)}, and the wallet holds ${sol(balance)} on ${name}.`,
    )
  }
  if (usdc > 0n && usdcMint !== null) {
    const held = await usdcHeld(rpc, walletAddress, usdcMint)
    if (usdc > held) {
      throw cannotPay(
        `the transfer is ${formatUnits(usdc, 6)} USDC and the wallet holds ${formatUnits(held, 6)} USDC on ${name}.`,
      )
    }
  }
  const simulated = await nodeCall<{ value: { err: unknown; logs: string[] | null } }>(
    rpc,
    'simulateTransaction',
    [
      Buffer.from(unsigned).toString('base64'),
      { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: false, commitment: 'confirmed' },
    ],
  )
  if (simulated.value.err !== null) {
    // The program's own words, not the runtime's bookkeeping (invoke, consumed, success).
    const lines = (simulated.value.logs ?? []).filter(
      (line) => !/^Program \w+ (invoke \[\d+\]|success|consumed .*)$/.test(line),
    )
    const said = lines.findLast((line) => /error|insufficient|fail/i.test(line)) ?? lines.at(-1)
    throw new WalletApiError(
      -32000,
      400,
      `The chain says this transaction would fail: ${JSON.stringify(simulated.value.err)}${said ? ` (${said})` : ''}. Nothing was signed.`,
    )
  }

  // Whom it pays, in words and on the record: a USDC transfer's recipient is the token account's owner.
  const token = reading.usdc[0] && {
    to: sponsorship
      ? sponsorship.transfer.recipient
      : await tokenAccountOwner(rpc, reading, reading.usdc[0].destination),
    amount: usdc,
  }
  const firstProgram = message.staticAccounts[message.instructions[0]?.programAddressIndex ?? -1]
  const to = token?.to ?? reading.native[0]?.to ?? firstProgram ?? walletAddress

  const moving = token
    ? `${formatUnits(token.amount, 6)} USDC to ${token.to}`
    : native > 0n
      ? `${sol(native)} to ${to}`
      : undefined
  const paidBy = sponsorship ? ' · network fee paid by Charter' : ''

  // The sponsor's place in the member's allowance, held before anything is signed (a 429 past it), and given
  // back whenever nothing goes out.
  const reservation = sponsorship
    ? await sponsor.reserve({ userId: wallet.userId, caip2, maxFee: sponsorPays })
    : undefined
  const releaseReservation = async () => {
    if (reservation) await sponsor.release(reservation)
  }

  // After every check above, before anything is signed: the policy decides, and a held send goes out later.
  // What leaves the wallet counts its fee and the rent of accounts it creates (none of it when the sponsor pays
  // them); what the transaction could move beyond what can be measured from it (an approval, another program
  // handed the wallet's account) is unweighable.
  const chainKey = String(chain.info.id)
  let authorized: Authorization
  try {
    authorized = await context.authorize({
      effect: {
        moves: [
          { chain: chainKey, asset: 'native', amount: native + BigInt(fee) + rent - sponsorPays },
          { chain: chainKey, asset: 'usdc', amount: usdc },
        ],
        unweighable: [
          ...reading.unmeasured,
          ...(BigInt(fee) > context.sending.maxFeeLamports
            ? [`a fee of ${sol(BigInt(fee))}, above this server's cap`]
            : []),
        ],
      },
      what: `${moving ? `Send ${moving}` : 'Send a transaction'} on ${name}${paidBy}`,
      send: {
        caip2,
        replay: {
          method: request.method,
          params: request.params,
          idempotencyKey: key,
          // A send built for the sponsor asks it again when it goes out later.
          sponsor: request.sponsor || sponsorship !== undefined,
        },
      },
    })
  } catch (error) {
    // Refused, or held to go out later (when it reserves again): nothing is signed now.
    await releaseReservation()
    throw error
  }

  const id = randomUUID()
  let hash: string
  let signed: string
  try {
    // The wallet signs as the owner of what moves; the sponsor, when it pays, signs last.
    const signature = new Uint8Array(
      await authorized.withKey((seed) => sign(null, messageBytes, ed25519PrivateKey(seed))),
    )
    const sponsorSignature = sponsorship
      ? new Uint8Array(await sponsor.signSolanaMessage(messageBytes))
      : undefined
    // The transaction's signature is its fee payer's.
    hash = getBase58Decoder().decode(sponsorSignature ?? signature)
    signed = Buffer.from(wire(signature, sponsorSignature)).toString('base64')
    try {
      // Recorded before it is broadcast: a crash from here on cannot lose it, and a retry sends these same bytes.
      await db.insert(sends).values({
        id,
        userId: wallet.userId,
        walletId: wallet.id,
        idempotencyKey: key,
        caip2,
        lastValidBlockHeight: lastValidBlockHeight.toString(),
        toAddress: to,
        value: native.toString(),
        dataDigest: requestDigest(transaction),
        tokenTo: token?.to ?? null,
        tokenAmount: token ? token.amount.toString() : null,
        signedTransaction: signed,
        feePayer: sponsorship?.sponsor ?? null,
        hash,
        status: 'pending',
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      const [sameKey] = await db
        .select({ id: sends.id })
        .from(sends)
        .where(and(eq(sends.walletId, wallet.id), eq(sends.idempotencyKey, key)))
      if (sameKey) {
        throw new WalletApiError(-32600, 409, 'A send with this idempotency key is already being handled.')
      }
      throw new WalletApiError(
        -32000,
        409,
        `An identical transaction (${hash}) was already sent under another idempotency key with this same blockhash; it can land only once. Send it again in a moment, when a new blockhash makes it a new transaction.`,
      )
    }
  } catch (error) {
    // Nothing was recorded, so nothing can go out under this request: its budget and place are free again.
    await authorized.release()
    await releaseReservation()
    throw error
  }
  try {
    await broadcast(db, rpc, { id, hash, signed })
  } catch (error) {
    // The node refused it (400): nothing went out, and the budget and the sponsor's place are free again.
    if (error instanceof WalletApiError && error.status === 400) {
      await authorized.release()
      await releaseReservation()
    }
    throw error
  }

  const what = moving ?? `transaction ${hash}`
  // A send's line names the transaction it broadcast, so it is said last.
  const line = await context.activity({
    signed: { method: 'signAndSendTransaction', caip2, hash },
    summary: `Sent ${what} on ${name}${paidBy}`,
    sendHash: hash,
  })
  return { data: { caip2, hash }, line }
}

/** Whether `signature` is `signer`'s valid Ed25519 signature of the message. */
function signedBy(signer: Address, signature: Uint8Array, messageBytes: Uint8Array): boolean {
  if (signature.every((byte) => byte === 0)) return false
  const publicKey = new Uint8Array(getBase58Encoder().encode(signer))
  return verify(null, messageBytes, ed25519PublicKeyObject(publicKey), signature)
}

/** An Ed25519 public key from its 32 bytes, as node:crypto takes it (DER SubjectPublicKeyInfo). */
function ed25519PublicKeyObject(publicKey: Uint8Array) {
  const spkiPrefix = Buffer.from('302a300506032b6570032100', 'hex')
  return { key: Buffer.concat([spkiPrefix, publicKey]), format: 'der' as const, type: 'spki' as const }
}

/** A wire transaction: the signature count (compact-u16; a header holds it in a byte), the slots, the message. */
function wireTransaction(
  count: number,
  messageBytes: Uint8Array,
  slot: (index: number) => Uint8Array,
): Uint8Array {
  const prefix = count < 0x80 ? [count] : [(count & 0x7f) | 0x80, count >> 7]
  const start = prefix.length
  const bytes = new Uint8Array(start + count * 64 + messageBytes.length)
  bytes.set(prefix, 0)
  for (let index = 0; index < count; index++) bytes.set(slot(index), start + index * 64)
  bytes.set(messageBytes, start + count * 64)
  return bytes
}

/** Rent the wallet pays for the associated token accounts the transaction creates that do not exist yet. */
async function rentOfCreatedAccounts(rpc: ChainRpc, reading: SolanaTransactionReading): Promise<bigint> {
  if (reading.createdTokenAccounts.length === 0) return 0n
  const found = await nodeCall<{ value: (unknown | null)[] }>(rpc, 'getMultipleAccounts', [
    reading.createdTokenAccounts.map((each) => each.account),
    { encoding: 'base64', commitment: 'confirmed' },
  ])
  const toCreate = found.value.filter((account) => account === null).length
  if (toCreate === 0) return 0n
  const rent = BigInt(
    await nodeCall<number | string>(rpc, 'getMinimumBalanceForRentExemption', [getTokenSize()]),
  )
  return BigInt(toCreate) * rent
}

/** The wallet's USDC across its token accounts of the mint (base units). */
async function usdcHeld(rpc: ChainRpc, wallet: Address, mint: Address): Promise<bigint> {
  const accounts = await nodeCall<{
    value: { account: { data: { parsed?: { info?: { tokenAmount?: { amount?: string } } } } } }[]
  }>(rpc, 'getTokenAccountsByOwner', [wallet, { mint }, { encoding: 'jsonParsed', commitment: 'confirmed' }])
  return accounts.value.reduce(
    (sum, each) => sum + BigInt(each.account.data.parsed?.info?.tokenAmount?.amount ?? '0'),
    0n,
  )
}

/** The owner of a token account: from the instruction creating it, else the chain's; the account itself if unknown. */
async function tokenAccountOwner(
  rpc: ChainRpc,
  reading: SolanaTransactionReading,
  account: Address,
): Promise<string> {
  const created = reading.createdTokenAccounts.find((each) => each.account === account)
  if (created) return created.owner
  const info = await nodeCall<{ value: { data?: { parsed?: { info?: { owner?: string } } } } | null }>(
    rpc,
    'getAccountInfo',
    [account, { encoding: 'jsonParsed', commitment: 'confirmed' }],
  )
  return info.value?.data?.parsed?.info?.owner ?? account
}

/**
 * Broadcasts a recorded send. A transaction the node refuses is marked `failed` with the node's words (its key
 * freed); a broadcast without an answer stays pending, followed by its signature, since the node may have it.
 */
async function broadcast(
  db: Db,
  rpc: ChainRpc,
  send: { id: string; hash: string; signed: string },
  /** A retry of a recorded send: another process may be broadcasting it at this moment. */
  retry = false,
) {
  try {
    await rpc('sendTransaction', [send.signed, { encoding: 'base64', preflightCommitment: 'confirmed' }])
  } catch (error) {
    if (error instanceof ChainRpcError) {
      // It may have landed already (a retry of a send another process broadcast): then it is not refused.
      if ((await signatureStatus(rpc, send.hash)) !== undefined) {
        await db
          .update(sends)
          .set({ broadcastAt: new Date(), updatedAt: new Date() })
          .where(eq(sends.id, send.id))
        return
      }
      if (retry) {
        // Another process may still land it: it stays recorded, followed until its blockhash expires.
        throw new WalletApiError(
          -32000,
          400,
          `The node refused the transaction: ${error.message}. It stays recorded and is followed; retry with the same key, never with a new one.`,
        )
      }
      await db
        .update(sends)
        .set({
          status: 'failed',
          reason: `refused by the node: ${error.message}`,
          idempotencyKey: null,
          updatedAt: new Date(),
        })
        .where(eq(sends.id, send.id))
      throw new WalletApiError(
        -32000,
        400,
        `The node refused the transaction: ${error.message}. Nothing was sent.`,
      )
    }
    if (!(error instanceof UpstreamError)) throw error
    // No answer: the node may have it. The send stays pending, followed by its signature; a retry answers it.
    await db
      .update(sends)
      .set({ broadcastAt: new Date(), updatedAt: new Date() })
      .where(eq(sends.id, send.id))
    throw new WalletApiError(
      -32603,
      502,
      `The node did not answer the broadcast (${error.message}). The send ${send.hash} may still go through: retry with the same idempotency key to follow it, never with a new one.`,
    )
  }
  await db.update(sends).set({ broadcastAt: new Date(), updatedAt: new Date() }).where(eq(sends.id, send.id))
}

/** A signature's status on the chain, or undefined if the chain does not know it. */
async function signatureStatus(rpc: ChainRpc, hash: string): Promise<unknown> {
  const statuses = await nodeCall<{ value: (unknown | null)[] }>(rpc, 'getSignatureStatuses', [
    [hash],
    { searchTransactionHistory: true },
  ])
  return statuses.value[0] ?? undefined
}

/**
 * A send recorded and never broadcast (its server stopped in between, or another process is broadcasting it
 * now): known to the chain, it was broadcast; unknown with its blockhash still valid, it is broadcast again, the
 * same signed bytes, which can land once only; unknown and expired, it never can land and is `interrupted`.
 */
async function resumeRecorded(db: Db, rpc: ChainRpc, row: typeof sends.$inferSelect): Promise<void> {
  // The height first: once it is past the last valid one, a status read after it is final.
  const height = BigInt(await nodeCall<number | string>(rpc, 'getBlockHeight', [{ commitment: 'confirmed' }]))
  if ((await signatureStatus(rpc, row.hash)) !== undefined) {
    await db.update(sends).set({ broadcastAt: new Date(), updatedAt: new Date() }).where(eq(sends.id, row.id))
    return
  }
  if (row.lastValidBlockHeight === null || height > BigInt(row.lastValidBlockHeight)) {
    const reason =
      'the server stopped after recording this send and before broadcasting it, and its blockhash has expired: it was never sent'
    await db
      .update(sends)
      .set({ status: 'interrupted', reason, updatedAt: new Date() })
      .where(and(eq(sends.id, row.id), eq(sends.status, 'pending')))
    throw interrupted(reason)
  }
  await broadcast(db, rpc, { id: row.id, hash: row.hash, signed: row.signedTransaction }, true)
}

/**
 * A retry of a send broadcast and still pending: the same signed bytes go to the node again while its blockhash
 * is valid (a node that lost them, or never answered, gets them again; one that has them ignores them). Best
 * effort: the send is answered as recorded whatever the node says, and followed as before.
 */
async function rebroadcast(rpc: ChainRpc, row: typeof sends.$inferSelect): Promise<void> {
  try {
    const height = BigInt(await rpc<number | string>('getBlockHeight', [{ commitment: 'confirmed' }]))
    if (row.lastValidBlockHeight === null || height > BigInt(row.lastValidBlockHeight)) return
    await rpc('sendTransaction', [row.signedTransaction, { encoding: 'base64', skipPreflight: true }])
  } catch {
    // The send stays pending and is followed; the retry still answers its signature.
  }
}
