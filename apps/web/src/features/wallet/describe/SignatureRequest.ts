import type { WalletEffect } from '@charter/core'
import type { ShownAddress } from '../../../ui/index.ts'
import type { ContractCall } from './ContractCall.ts'
import type { PlainTransfer } from './PlainTransfer.ts'
import type { SignatureWarning } from './SignatureWarning.ts'
import type { TokenCall } from './TokenCall.ts'
import type { TypedField } from './TypedValue.ts'

/**
 * What a signature request asks for, in the words the confirmation dialog shows. Each is derived from the exact
 * parameters sent to the server (`describeCall`), never from a separate description a caller could word.
 */
export type SignatureRequest = MessageRequest | TypedDataRequest | TransactionRequest | SolanaSendRequest

type Common = {
  /** The wallet that signs. */
  address: string
  /** Things to read before signing, shown above the details. */
  warnings: SignatureWarning[]
  /** Why Charter will not sign this at all, in words; the dialog then offers only Reject. */
  refusal: string | undefined
  /**
   * What it can move, as the server's policy reads it (core's readers): the dialog says before signing that a
   * new device's request will wait. None for a message, which moves nothing.
   */
  effect?: WalletEffect | undefined
  /**
   * Who pays the network fee instead of the wallet ('Charter'): the call asks for it (Privy's `sponsor: true`)
   * and is a send the sponsor pays for. The dialog names them; the server sponsors it or sends nothing.
   */
  feePaidBy?: string | undefined
}

export type MessageRequest = Common & {
  kind: 'message'
  /** The message as text, when its bytes are readable UTF-8; otherwise only `hex` says what it is. */
  text: string | undefined
  /** The signed bytes. */
  hex: string
  bytes: number
}

export type TypedDataRequest = Common & {
  kind: 'typed-data'
  /** The domain as it is signed: only the fields the signature covers. */
  domain: {
    name: string | undefined
    version: string | undefined
    /** Undefined when the domain names no chain: the signature is then valid on every chain. */
    chain: { id: string; name: string } | undefined
    verifyingContract: ShownAddress | undefined
    salt: string | undefined
  }
  primaryType: string
  /** The message's fields, nested structs and lists as they are; at most `maxTypedDataFields` leaves. */
  fields: TypedField[]
  /** How many leaf fields the message has in all, shown or not. */
  fieldCount: number
  /** How many leaf fields are not shown (the message is over the cap); more than 0 means Charter refuses. */
  hiddenFields: number
}

export type TransactionRequest = Common & {
  kind: 'transaction'
  /** The server signs it and sends it at once (`eth_sendTransaction`), rather than handing it back signed. */
  sends: boolean
  chainId: number
  chainName: string
  /** Undefined when the transaction makes a new contract. */
  to: ShownAddress | undefined
  /** The native amount with its token, e.g. '0.5 ETH'. */
  amount: string
  /** The most the fee can be (gas limit × max fee per gas, or × gas price), or undefined when none is set. */
  fee: { max: string; gasLimit: string; perGas: string } | undefined
  /** Amount and maximum fee together, in the native token. */
  total: string
  /**
   * The call to a token Charter knows (a USDC `transfer`, `approve` or `transferFrom`): what the dialog shows
   * first, as it is what moves. Undefined for any other transaction.
   */
  tokenCall: TokenCall | undefined
  /**
   * The most that leaves the wallet, one line per currency: the tokens it transfers out (when `tokenCall` does),
   * then the native amount with the maximum fee ('100 USDC', '0.000021 ETH').
   */
  totals: string[]
  /** What the contract data asks for, decoded when Charter can read it; undefined without data. */
  call: ContractCall | undefined
  /** When it only moves money to one recipient: shown in view, its parts under Details, Sign ready at once. */
  transfer: PlainTransfer | undefined
  /** The contract data as sent (0x hex), if any. */
  data: string | undefined
  nonce: string | undefined
}

/** A Solana send, read back from the wire transaction that is posted (`describeSolanaSend`). */
export type SolanaSendRequest = Common & {
  kind: 'solana-send'
  chainName: string
  /** What moves, with its token: '2.5 USDC', '0.1 SOL'. */
  amount: string
  /** The recipient: the wallet that receives (for a token, the owner of the account credited, when known). */
  to: string
  /** For a token: the token account credited, which belongs to `to`. */
  toTokenAccount: string | undefined
  /** The recipient's token account is created first, and this rent (in SOL) is paid for it from the wallet. */
  rent: string | undefined
  /** The network's fee for the one signature. */
  fee: string
  /** The most that leaves the wallet, one line per currency. */
  totals: string[]
  /** Each instruction, in words, in the order it runs. */
  instructions: string[]
  /** The send as a plain transfer, unless Charter refuses it. */
  transfer: PlainTransfer | undefined
}
