import { invalidParams, JsonRpcError } from './JsonRpcError.ts'
import type { LocalCluster } from './LocalCluster.ts'
import { addressParam, configParam, type Params, stringParam } from './params.ts'
import { uiTokenAmount } from './parseTokenAccountData.ts'
import type { TokenBalanceRecord, TransactionRecord } from './transactionHistory.ts'

/** The most signatures getSignaturesForAddress answers at once, and its default, as on the real RPC. */
const maxSignaturesPerPage = 1000

/** A signature given as a parameter: base58 text of 64 bytes (87 or 88 characters). */
function signatureText(value: unknown, what: string): string {
  if (typeof value !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value)) {
    throw invalidParams(`Invalid param: ${what} is not a signature`)
  }
  return value
}

const tokenBalances = (balances: readonly TokenBalanceRecord[]) =>
  balances.map((balance) => ({
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: balance.programId,
    uiTokenAmount: uiTokenAmount(BigInt(balance.amount), balance.decimals),
  }))

/** The `transaction` of getTransaction's answer, in the `json` or `jsonParsed` encoding. */
function transactionOf(record: TransactionRecord, parsed: boolean) {
  const keys = record.accountKeys
  const message = parsed
    ? {
        accountKeys: keys.map((key) => ({ ...key, source: 'transaction' })),
        recentBlockhash: record.recentBlockhash,
        // No program's instructions are parsed here: each is shown as the real RPC shows one it cannot parse.
        instructions: record.instructions.map((instruction) => ({
          programId: keys[instruction.programIdIndex]?.pubkey,
          accounts: instruction.accounts.map((index) => keys[index]?.pubkey),
          data: instruction.data,
          stackHeight: null,
        })),
      }
    : {
        header: record.header,
        accountKeys: keys.map((key) => key.pubkey),
        recentBlockhash: record.recentBlockhash,
        instructions: record.instructions.map((instruction) => ({ ...instruction, stackHeight: null })),
      }
  return {
    signatures: record.signatures,
    message: record.version === 0 ? { ...message, addressTableLookups: [] } : message,
  }
}

/** getSignaturesForAddress and getTransaction, answered from the cluster's transaction history. */
export const historyMethods = {
  getSignaturesForAddress: ({ cluster }: { cluster: LocalCluster }, params: Params) => {
    const address = addressParam(params, 0)
    const config = configParam(params, 1)
    const limit = config.limit ?? maxSignaturesPerPage
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > maxSignaturesPerPage) {
      throw invalidParams(`Invalid limit; max ${maxSignaturesPerPage}`)
    }
    const before = config.before === undefined ? undefined : signatureText(config.before, 'before')
    const until = config.until === undefined ? undefined : signatureText(config.until, 'until')
    return cluster.history
      .forAddress(address, { limit, ...(before && { before }), ...(until && { until }) })
      .map((record) => ({
        signature: record.signature,
        slot: BigInt(record.slot),
        err: record.err,
        memo: null,
        blockTime: record.blockTime,
        confirmationStatus: 'finalized',
      }))
  },

  getTransaction: ({ cluster }: { cluster: LocalCluster }, params: Params) => {
    const signature = signatureText(stringParam(params, 0, 'signature'), 'signature')
    // The second parameter is a config object, or (older clients) the encoding alone.
    const config = typeof params[1] === 'string' ? { encoding: params[1] } : configParam(params, 1)
    const encoding = config.encoding ?? 'json'
    if (encoding !== 'json' && encoding !== 'jsonParsed') {
      throw invalidParams(
        `Invalid params: unsupported encoding: ${String(encoding)}. Supported encodings here: json, jsonParsed`,
      )
    }
    const record = cluster.history.find(signature)
    if (!record) return null
    const maxVersion = config.maxSupportedTransactionVersion
    if (record.version === 0 && maxVersion !== 0) {
      throw new JsonRpcError(
        -32015,
        'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      )
    }
    return {
      slot: BigInt(record.slot),
      blockTime: record.blockTime,
      meta: {
        err: record.err,
        status: record.err === null ? { Ok: null } : { Err: record.err },
        fee: BigInt(record.fee),
        preBalances: record.preBalances.map(BigInt),
        postBalances: record.postBalances.map(BigInt),
        preTokenBalances: tokenBalances(record.preTokenBalances),
        postTokenBalances: tokenBalances(record.postTokenBalances),
        innerInstructions: [],
        logMessages: record.logs,
        rewards: [],
        loadedAddresses: { writable: [], readonly: [] },
        computeUnitsConsumed: BigInt(record.unitsConsumed),
      },
      transaction: transactionOf(record, encoding === 'jsonParsed'),
      version: record.version,
    }
  },
}
