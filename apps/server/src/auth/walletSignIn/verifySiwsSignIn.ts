import { createPublicKey, verify } from 'node:crypto'
import type { SolanaCluster } from '@charter/core'
import { getBase58Encoder, isAddress } from '@solana/kit'
import type { Chains } from '../../chains/Chains.ts'
import type { ServedChain } from '../../chains/ServedChain.ts'
import type { Db } from '../../db/Database.ts'
import { checkSignInMessage } from './checkSignInMessage.ts'
import { decodeSolanaSignature } from './decodeSolanaSignature.ts'
import { parseSignInLines } from './parseSignInLines.ts'
import type { SignInMessageFields } from './SignInMessageFields.ts'
import { consumeSignInNonce, isLiveSignInNonce } from './signInNonces.ts'
import { WalletSignInError } from './walletSignInRefusals.ts'

export type VerifiedSiws = {
  address: string
  /** The cluster the message names, when it names one. */
  cluster: SolanaCluster | undefined
  fields: SignInMessageFields
}

/** The wallet standard's chain names (bare or as `solana:` ids) for each cluster Charter knows. */
const clusterNames: Record<string, SolanaCluster | 'localnet'> = {
  mainnet: 'mainnet-beta',
  'mainnet-beta': 'mainnet-beta',
  devnet: 'devnet',
  testnet: 'testnet',
  localnet: 'localnet',
}

/** The Solana chain a message's `Chain ID` names, among those offered; `localnet` is this server's own devnet. */
function offeredCluster(chains: Chains, chainId: string): ServedChain | undefined {
  const name = clusterNames[chainId.replace(/^solana:/, '')]
  if (!name) return undefined
  const chain =
    name === 'localnet'
      ? chains.chains.find((served) => served.info.type === 'solana' && served.info.local)
      : chains.find(name)
  return chain?.info.type === 'solana' ? chain : undefined
}

/** SPKI's fixed prefix for a raw Ed25519 public key (RFC 8410). */
const ed25519SpkiPrefix = Buffer.from('302a300506032b6570032100', 'hex')

function ed25519Verifies(address: string, message: string, signature: Uint8Array): boolean {
  try {
    const key = createPublicKey({
      key: Buffer.concat([ed25519SpkiPrefix, Buffer.from(getBase58Encoder().encode(address))]),
      format: 'der',
      type: 'spki',
    })
    return verify(null, Buffer.from(message, 'utf8'), key, signature)
  } catch {
    // An address off the curve (a program-derived one) has no key that could have signed.
    return false
  }
}

/**
 * Checks a Sign In With Solana message (the wallet standard's `signIn` output: the text its
 * `createSignInMessageText` writes) as a SIWE one is checked, then its Ed25519 signature over the message's exact
 * UTF-8 bytes against the address's key, and uses up its nonce. A message must carry a URI, a nonce and `Issued
 * At`; the chain is optional in the standard, but when named it must be one this server offers.
 */
export async function verifySiwsSignIn(
  db: Db,
  chains: Chains,
  request: { message: string; signature: string; site: URL; now?: Date },
): Promise<VerifiedSiws> {
  const now = request.now ?? new Date()
  const fields = parseSignInLines(request.message, 'Solana', ['uri', 'nonce', 'issuedAt'])
  if (!isAddress(fields.address))
    throw new WalletSignInError('malformed', 'the address is not a Solana address')
  checkSignInMessage(fields, request.site, now)
  let cluster: SolanaCluster | undefined
  if (fields.chainId !== undefined) {
    const chain = offeredCluster(chains, fields.chainId)
    if (!chain) throw new WalletSignInError('unsupported_chain', `chain ${fields.chainId}`)
    cluster = chain.info.id as SolanaCluster
  }
  const nonce = { family: 'solana' as const, address: fields.address, nonce: fields.nonce }
  if (!(await isLiveSignInNonce(db, nonce, now))) throw new WalletSignInError('unknown_nonce')
  const signature = decodeSolanaSignature(request.signature)
  if (!signature) throw new WalletSignInError('unreadable_signature')
  if (!ed25519Verifies(fields.address, request.message, signature))
    throw new WalletSignInError('bad_signature')
  if (!(await consumeSignInNonce(db, nonce, now)))
    throw new WalletSignInError('unknown_nonce', 'used meanwhile')
  return { address: fields.address, cluster, fields }
}
