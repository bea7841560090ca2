import { sign } from 'node:crypto'
import {
  associatedTokenAccount,
  parseSolanaTransaction,
  readSolanaTransaction,
  SolanaTransactionFormatError,
  solanaMaxFee,
  type WalletEffect,
} from '@charter/core'
import { type Address, getBase58Encoder } from '@solana/kit'
import { z } from 'zod'
import { findSolanaChain, solanaCaip2 } from '../sends/solana/solanaChains.ts'
import { ed25519PrivateKey } from '../walletKeys.ts'
import { base64Param } from './base64Param.ts'
import { SolanaSigningError } from './SolanaSigningError.ts'
import type { AuthorizationRequest, MethodOutcome, WalletMethodContext } from './WalletMethod.ts'

export const solanaSignTransactionParams = z.strictObject({
  transaction: base64Param,
  encoding: z.literal('base64'),
})

export type SolanaSignTransactionParameters = z.output<typeof solanaSignTransactionParams>

export type SolanaSignTransactionReturnType = { encoding: 'base64'; signed_transaction: string }

/** `signTransaction` on Solana: the wire transaction with this wallet's signature slot filled, not sent. */
export async function solanaSignTransaction(
  context: WalletMethodContext,
  { transaction }: SolanaSignTransactionParameters,
): Promise<MethodOutcome<SolanaSignTransactionReturnType>> {
  const bytes = new Uint8Array(Buffer.from(transaction, 'base64'))
  let parts: ReturnType<typeof parseSolanaTransaction>
  try {
    parts = parseSolanaTransaction(bytes)
  } catch (error) {
    if (error instanceof SolanaTransactionFormatError) {
      throw new SolanaSigningError(`transaction: not a Solana transaction (${error.message})`)
    }
    throw error
  }
  const publicKey = new Uint8Array(getBase58Encoder().encode(context.wallet.address))
  const slot = parts.signers.findIndex((signer) => Buffer.from(signer).equals(publicKey))
  if (slot === -1) throw new SolanaSigningError('transaction: it needs no signature from this wallet')
  // Signed bytes can be sent by whoever holds them, at once: they count as sent the moment they are signed.
  const authorized = await context.authorize(await signingEffect(context, bytes))
  const line = await context.activity({
    signed: { method: 'signTransaction', transaction },
    summary: 'Signed a Solana transaction',
  })
  const signature = await authorized.withKey((seed) => sign(null, parts.message, ed25519PrivateKey(seed)))
  bytes.set(signature, parts.signaturesOffset + slot * 64)
  return {
    data: { encoding: 'base64', signed_transaction: Buffer.from(bytes).toString('base64') },
    line,
  }
}

/**
 * What a transaction signed here can move, on the cluster `caip2` names, or on every Solana cluster this server
 * offers when it names none (the bytes could be sent on any of them): lamports with the most its fee can be, USDC,
 * and what cannot be weighed. A cluster this server does not offer cannot be weighed.
 */
async function signingEffect(context: WalletMethodContext, bytes: Uint8Array): Promise<AuthorizationRequest> {
  const { chains } = context.sending
  const { caip2 } = context.request
  const named = findSolanaChain(chains, caip2)
  const clusters =
    caip2 === undefined
      ? chains.chains.filter((chain) => solanaCaip2(chain) !== undefined)
      : named.chain
        ? [named.chain]
        : []
  const effect: WalletEffect = { moves: [], unweighable: [] }
  if (clusters.length === 0) {
    effect.unweighable.push(
      caip2 === undefined
        ? 'a Solana transaction, and this server offers no Solana cluster'
        : `a transaction on ${caip2}, which this server does not offer`,
    )
  }
  const wallet = context.wallet.address as Address
  let sentFrom = 'a Solana cluster'
  for (const chain of clusters) {
    const usdcMint = (chain.info.usdc?.address ?? null) as Address | null
    const reading = readSolanaTransaction(bytes, {
      wallet,
      usdcMint,
      usdcAccount: usdcMint === null ? null : await associatedTokenAccount(wallet, usdcMint),
    })
    const fee = reading.signers[0] === wallet ? solanaMaxFee(reading) : 0n
    const key = String(chain.info.id)
    const lamports = reading.native.reduce((sum, each) => sum + each.lamports, 0n)
    effect.moves.push(
      { chain: key, asset: 'native', amount: lamports + fee },
      { chain: key, asset: 'usdc', amount: reading.usdc.reduce((sum, each) => sum + each.amount, 0n) },
    )
    for (const words of reading.unmeasured)
      if (!effect.unweighable.includes(words)) effect.unweighable.push(words)
    sentFrom = chain.info.name
  }
  return { effect, what: `Sign a transaction on ${clusters.length === 1 ? sentFrom : 'Solana'}` }
}
