import {
  type Address,
  BaseError,
  createPublicClient,
  getAddress,
  HttpRequestError,
  http,
  isAddress,
  type PublicClient,
  TimeoutError,
} from 'viem'
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe'
import type { Chains } from '../../chains/Chains.ts'
import type { Db } from '../../db/Database.ts'
import { checkSignInMessage } from './checkSignInMessage.ts'
import { parseSignInLines } from './parseSignInLines.ts'
import type { SignInMessageFields } from './SignInMessageFields.ts'
import { consumeSignInNonce, isLiveSignInNonce } from './signInNonces.ts'
import { WalletSignInError } from './walletSignInRefusals.ts'

export type VerifiedSiwe = { address: Address; chainId: number; fields: SignInMessageFields }

/** How long the chain's node has to run a smart-contract wallet's check. */
const verifyTimeoutMs = 10_000

/** viem's reading of the message must agree with the strict one, or the two could be made to check different things. */
function sameAsViem(message: string, fields: SignInMessageFields): boolean {
  const viem = parseSiweMessage(message)
  return (
    viem.address === fields.address &&
    viem.domain === fields.domain &&
    viem.scheme === fields.scheme &&
    viem.statement === fields.statement &&
    viem.uri === fields.uri &&
    viem.version === fields.version &&
    viem.chainId === Number(fields.chainId) &&
    viem.nonce === fields.nonce &&
    viem.requestId === fields.requestId &&
    JSON.stringify(viem.resources) === JSON.stringify(fields.resources)
  )
}

async function nodeAnswers(client: PublicClient): Promise<boolean> {
  try {
    await client.getChainId()
    return true
  } catch {
    return false
  }
}

const nodeFailed = (error: unknown) =>
  error instanceof BaseError &&
  error.walk((inner) => inner instanceof HttpRequestError || inner instanceof TimeoutError) !== null

/**
 * Checks a Sign-In with Ethereum message (EIP-4361) in full and uses up its nonce: the lines are exactly the
 * format's, the domain and URI are `site`'s, the times hold, the chain is one `chains` offers, the nonce is the
 * live one issued to the message's address, and the signature is that address's. The signature is checked by
 * viem against the chain's node, so a smart-contract wallet (EIP-1271, or EIP-6492 before it is deployed) is
 * asked itself; it can only vouch for its own address, because the address checked is the message's. The nonce
 * is used only once the signature holds, so a forged message cannot burn a member's nonce.
 */
export async function verifySiweSignIn(
  db: Db,
  chains: Chains,
  request: { message: string; signature: string; site: URL; now?: Date },
): Promise<VerifiedSiwe> {
  const now = request.now ?? new Date()
  const fields = parseSignInLines(request.message, 'Ethereum', [
    'uri',
    'version',
    'chainId',
    'nonce',
    'issuedAt',
  ])
  if (!isAddress(fields.address, { strict: false }) || !/^\d{1,20}$/.test(fields.chainId ?? '')) {
    throw new WalletSignInError('malformed', 'address or chain id not in EIP-4361 form')
  }
  if (!sameAsViem(request.message, fields))
    throw new WalletSignInError('malformed', 'viem reads it differently')
  checkSignInMessage(fields, request.site, now)
  const chainId = Number(fields.chainId)
  const chain = chains.find(String(chainId))
  if (chain?.info.type !== 'ethereum') throw new WalletSignInError('unsupported_chain', `chain ${chainId}`)
  const nonce = { family: 'ethereum' as const, address: fields.address, nonce: fields.nonce }
  if (!(await isLiveSignInNonce(db, nonce, now))) throw new WalletSignInError('unknown_nonce')
  if (!/^0x([0-9a-fA-F]{2})+$/.test(request.signature)) throw new WalletSignInError('unreadable_signature')

  const client = createPublicClient({
    transport: http(chain.rpcUrl, { timeout: verifyTimeoutMs, retryCount: 0 }),
  })
  let valid: boolean
  try {
    valid = await verifySiweMessage(client, {
      message: request.message,
      signature: request.signature as `0x${string}`,
      address: fields.address,
      domain: request.site.host,
      nonce: fields.nonce,
      time: now,
    })
  } catch (error) {
    if (nodeFailed(error)) throw new WalletSignInError('chain_unavailable', `chain ${chainId}`, error)
    // Anything else viem throws is about the signature's bytes (a revert, a bad length): not a valid one.
    valid = false
  }
  // viem reads a node that did not answer as a contract that said no; ask the node once more to tell them apart.
  if (!valid && !(await nodeAnswers(client))) {
    throw new WalletSignInError('chain_unavailable', `chain ${chainId}: its node did not answer`)
  }
  if (!valid) throw new WalletSignInError('bad_signature')
  if (!(await consumeSignInNonce(db, nonce, now)))
    throw new WalletSignInError('unknown_nonce', 'used meanwhile')
  return { address: getAddress(fields.address), chainId, fields }
}
