import {
  type Address,
  type EncodedAccount,
  getAddressDecoder,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  type Transaction,
} from '@solana/kit'
import { getTokenDecoder, getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { TokenBalanceRecord, TransactionRecord } from './transactionHistory.ts'

/** The message of a transaction as getTransaction shows it: its header, accounts with their roles, instructions. */
export type MessageShape = Pick<
  TransactionRecord,
  'version' | 'signatures' | 'header' | 'accountKeys' | 'recentBlockhash' | 'instructions'
>

/** The balances of a transaction's accounts at one moment: lamports, and the SPL Token accounts among them. */
export type Balances = Pick<TransactionRecord, 'preBalances' | 'preTokenBalances'>

/** Reads a transaction's message into the shape the history keeps (static accounts only: no lookup tables here). */
export function messageShape(transaction: Transaction): MessageShape {
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes) as {
    version: 'legacy' | 0 | 1
    header: {
      numSignerAccounts: number
      numReadonlySignerAccounts: number
      numReadonlyNonSignerAccounts: number
    }
    staticAccounts: readonly string[]
    lifetimeToken: string
    instructions: readonly { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[]
  }
  const { header, staticAccounts } = message
  const base58 = getBase58Decoder()
  return {
    version: message.version === 'legacy' ? 'legacy' : 0,
    signatures: Object.values(transaction.signatures).map((bytes) =>
      bytes ? base58.decode(bytes) : '1111111111111111111111111111111111111111111111111111111111111111',
    ),
    header: {
      numRequiredSignatures: header.numSignerAccounts,
      numReadonlySignedAccounts: header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: header.numReadonlyNonSignerAccounts,
    },
    accountKeys: staticAccounts.map((pubkey, index) => {
      const signer = index < header.numSignerAccounts
      const writable = signer
        ? index < header.numSignerAccounts - header.numReadonlySignerAccounts
        : index < staticAccounts.length - header.numReadonlyNonSignerAccounts
      return { pubkey, signer, writable }
    }),
    recentBlockhash: message.lifetimeToken,
    instructions: message.instructions.map((instruction) => ({
      programIdIndex: instruction.programAddressIndex,
      accounts: [...(instruction.accountIndices ?? [])],
      data: base58.decode(instruction.data ?? new Uint8Array()),
    })),
  }
}

/**
 * The lamports of each account and the SPL Token balances among them, now: read before and after a transaction,
 * they are getTransaction's pre/post balances. An account that does not exist holds 0 and is no token account.
 */
export function balancesOf(
  keys: readonly string[],
  account: (address: Address) => EncodedAccount | null,
  decimalsOf: (mint: Address) => number | null,
): Balances {
  const addressDecoder = getAddressDecoder()
  const preTokenBalances: TokenBalanceRecord[] = []
  const preBalances = keys.map((key, accountIndex) => {
    const found = account(key as Address)
    const data = found?.data as Uint8Array | undefined
    if (found?.programAddress === TOKEN_PROGRAM_ADDRESS && data?.length === getTokenSize()) {
      const token = getTokenDecoder().decode(data)
      const decimals = decimalsOf(token.mint)
      if (decimals !== null) {
        preTokenBalances.push({
          accountIndex,
          mint: token.mint,
          owner: addressDecoder.decode(data.subarray(32, 64)),
          programId: TOKEN_PROGRAM_ADDRESS,
          amount: token.amount.toString(),
          decimals,
        })
      }
    }
    return (found?.lamports ?? 0n).toString()
  })
  return { preBalances, preTokenBalances }
}
