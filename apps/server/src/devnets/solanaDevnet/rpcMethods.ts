import { type Address, getBase58Encoder, getBase64Encoder, lamports, type Transaction } from '@solana/kit'
import { getTokenDecoder, getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { accountEncoding, encodeAccount } from './encodeAccount.ts'
import { historyMethods } from './historyMethods.ts'
import { invalidParams, JsonRpcError } from './JsonRpcError.ts'
import type { LocalCluster, Outcome } from './LocalCluster.ts'
import { addressParam, configParam, type Params, stringParam, wholeNumberParam } from './params.ts'
import { uiTokenAmount } from './parseTokenAccountData.ts'

/**
 * What `getVersion` and every context's `apiVersion` report: no validator release runs here, so the version says
 * what does (semver-shaped, for clients that parse it).
 */
export const localVersion = '0.0.0-litesvm.1.5.0'

/** The most signatures getSignatureStatuses takes at once, as on the real RPC. */
const maxSignatures = 256

export type MethodContext = { cluster: LocalCluster; genesisHash: string }
type Method = (context: MethodContext, params: Params) => unknown

/** The `{context, value}` wrapper the real RPC puts around answers tied to a slot. */
const withContext = (cluster: LocalCluster, value: unknown) => ({
  context: { apiVersion: localVersion, slot: cluster.slot() },
  value,
})

/** Wire bytes from base64 or base58 text (the real RPC's default for transactions is base58). */
function decodeWire(text: string, encoding: unknown): Uint8Array {
  if (encoding !== undefined && encoding !== 'base58' && encoding !== 'base64') {
    throw invalidParams(
      `Invalid params: unsupported encoding: ${String(encoding)}. Supported encodings: base58, base64`,
    )
  }
  try {
    if (encoding === 'base64') {
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new Error('not base64')
      return getBase64Encoder().encode(text) as Uint8Array
    }
    return getBase58Encoder().encode(text) as Uint8Array
  } catch {
    throw invalidParams(`invalid ${encoding === 'base64' ? 'base64' : 'base58'} encoding`)
  }
}

function transactionParam(
  cluster: LocalCluster,
  params: Params,
  config: Record<string, unknown>,
): Transaction {
  return cluster.decodeTransaction(decodeWire(stringParam(params, 0, 'transaction'), config.encoding))
}

const simulationValue = (outcome: Outcome, replacementBlockhash: unknown) => ({
  accounts: null,
  err: outcome.error?.json ?? null,
  innerInstructions: null,
  logs: outcome.logs,
  replacementBlockhash,
  returnData: null,
  unitsConsumed: outcome.unitsConsumed,
})

/** getTokenAccountsByOwner's second parameter: `{mint}` or `{programId}` (SPL Token only). */
function tokenFilter(cluster: LocalCluster, params: Params): Address | null {
  const filter = configParam(params, 1)
  if (typeof filter.mint === 'string') {
    const mint = addressParam([filter.mint], 0)
    if (cluster.decimalsOf(mint) === null) throw invalidParams('Invalid param: could not find mint')
    return mint
  }
  if (typeof filter.programId === 'string') {
    if (addressParam([filter.programId], 0) !== TOKEN_PROGRAM_ADDRESS) {
      throw invalidParams('Invalid param: unrecognized Token program id')
    }
    return null
  }
  throw invalidParams('Invalid params: expected {mint} or {programId} as the token account filter.')
}

/** Every method the local cluster serves, by name, each answering in the real RPC's shape. */
export const rpcMethods: Record<string, Method> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'feature-set': 0, 'solana-core': localVersion }),
  getGenesisHash: ({ genesisHash }) => genesisHash,
  getSlot: ({ cluster }) => cluster.slot(),
  getBlockHeight: ({ cluster }) => cluster.slot(),

  getBalance: ({ cluster }, params) => {
    const address = addressParam(params, 0)
    return withContext(cluster, cluster.svm.getBalance(address) ?? 0n)
  },

  getAccountInfo: ({ cluster }, params) => {
    const address = addressParam(params, 0)
    const encoding = accountEncoding(configParam(params, 1))
    const account = cluster.account(address)
    return withContext(cluster, account && encodeAccount(account, encoding, cluster.decimalsOf))
  },

  getMultipleAccounts: ({ cluster }, params) => {
    const addresses = params[0]
    if (!Array.isArray(addresses) || addresses.length > 100) {
      throw invalidParams('Invalid params: expected at most 100 addresses.')
    }
    const encoding = accountEncoding(configParam(params, 1))
    const accounts = addresses.map((_, index) => {
      const account = cluster.account(addressParam(addresses, index))
      return account && encodeAccount(account, encoding, cluster.decimalsOf)
    })
    return withContext(cluster, accounts)
  },

  getTokenAccountsByOwner: ({ cluster }, params) => {
    const owner = addressParam(params, 0)
    const mint = tokenFilter(cluster, params)
    const encoding = accountEncoding(configParam(params, 2))
    const accounts = cluster.tokenAccountsOf(owner, mint).map((account) => ({
      account: encodeAccount(account, encoding, cluster.decimalsOf),
      pubkey: account.address,
    }))
    return withContext(cluster, accounts)
  },

  getTokenAccountBalance: ({ cluster }, params) => {
    const account = cluster.account(addressParam(params, 0))
    const data = account?.data as Uint8Array | undefined
    if (account?.programAddress !== TOKEN_PROGRAM_ADDRESS || data?.length !== getTokenSize()) {
      throw invalidParams('Invalid param: not a Token account')
    }
    const token = getTokenDecoder().decode(data)
    const decimals = cluster.decimalsOf(token.mint)
    if (decimals === null) throw invalidParams('Invalid param: could not find mint')
    return withContext(cluster, uiTokenAmount(token.amount, decimals))
  },

  getLatestBlockhash: ({ cluster }) => withContext(cluster, cluster.latestBlockhash()),

  isBlockhashValid: ({ cluster }, params) =>
    withContext(cluster, cluster.isBlockhashValid(stringParam(params, 0, 'blockhash'))),

  getMinimumBalanceForRentExemption: ({ cluster }, params) =>
    cluster.svm.minimumBalanceForRentExemption(wholeNumberParam(params, 0, 'data length')),

  getFeeForMessage: ({ cluster }, params) => {
    const bytes = decodeWire(stringParam(params, 0, 'message'), 'base64')
    let fee: bigint
    let blockhash: string
    try {
      fee = cluster.feeFor(bytes)
      blockhash = cluster.lifetimeTokenOf(bytes)
    } catch {
      throw invalidParams('invalid message: could not decode it')
    }
    // The real RPC answers null for a message whose blockhash has expired.
    return withContext(cluster, cluster.isBlockhashValid(blockhash) ? fee : null)
  },

  sendTransaction: ({ cluster }, params) => {
    const config = configParam(params, 1)
    const transaction = transactionParam(cluster, params, config)
    return cluster.send(transaction, { skipPreflight: config.skipPreflight === true })
  },

  simulateTransaction: ({ cluster }, params) => {
    const config = configParam(params, 1)
    const transaction = transactionParam(cluster, params, config)
    const sigVerify = config.sigVerify === true
    const replaceRecentBlockhash = config.replaceRecentBlockhash === true
    if (sigVerify && replaceRecentBlockhash) {
      throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
    }
    const outcome = cluster.simulate(transaction, { sigVerify, replaceRecentBlockhash })
    return withContext(
      cluster,
      simulationValue(outcome, replaceRecentBlockhash ? cluster.latestBlockhash() : null),
    )
  },

  getSignatureStatuses: ({ cluster }, params) => {
    const signatures = params[0]
    if (!Array.isArray(signatures)) throw invalidParams('Invalid params: expected an array of signatures.')
    if (signatures.length > maxSignatures) {
      throw invalidParams(`Too many inputs provided; max ${maxSignatures}`)
    }
    const statuses = signatures.map((signature) => {
      if (typeof signature !== 'string') throw invalidParams('Invalid param: Invalid')
      const status = cluster.status(signature)
      if (!status) return null
      return {
        confirmationStatus: 'finalized',
        confirmations: null,
        err: status.error,
        slot: status.slot,
        status: status.error === null ? { Ok: null } : { Err: status.error },
      }
    })
    return withContext(cluster, statuses)
  },

  ...historyMethods,

  requestAirdrop: ({ cluster }, params) => {
    const address = addressParam(params, 0)
    const amount = wholeNumberParam(params, 1, 'lamports')
    if (amount === 0n) throw new JsonRpcError(-32602, 'Invalid params: lamports must be positive.')
    return cluster.airdrop(address, lamports(amount))
  },
}
