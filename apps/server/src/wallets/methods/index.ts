import type { z } from 'zod'
import type { ChainType } from '../walletKeys.ts'
import { personalSign, personalSignParams } from './personalSign.ts'
import { sendTransaction, sendTransactionParams } from './sendTransaction.ts'
import { signTransaction, signTransactionParams } from './signTransaction.ts'
import { signTypedData, signTypedDataParams } from './signTypedData.ts'
import {
  solanaSignAndSendTransaction,
  solanaSignAndSendTransactionParams,
} from './solanaSignAndSendTransaction.ts'
import { solanaSignMessage, solanaSignMessageParams } from './solanaSignMessage.ts'
import { solanaSignTransaction, solanaSignTransactionParams } from './solanaSignTransaction.ts'
import type { WalletMethod } from './WalletMethod.ts'

/**
 * Every method a wallet runs, by its chain type and the name a caller sends (docs/wallets.md): a new method is
 * one file of this folder and one line here. The order is the one a refusal lists them in.
 */
export const walletMethods = {
  ethereum: {
    personal_sign: { params: personalSignParams, run: personalSign },
    eth_signTypedData_v4: { params: signTypedDataParams, run: signTypedData },
    eth_signTransaction: { params: signTransactionParams, run: signTransaction },
    eth_sendTransaction: { params: sendTransactionParams, run: sendTransaction },
  },
  solana: {
    signMessage: { params: solanaSignMessageParams, run: solanaSignMessage },
    signTransaction: { params: solanaSignTransactionParams, run: solanaSignTransaction },
    signAndSendTransaction: { params: solanaSignAndSendTransactionParams, run: solanaSignAndSendTransaction },
  },
} as const satisfies Record<ChainType, Record<string, WalletMethod>>

type Table = typeof walletMethods

type RequestOf<Name, Entry> = Entry extends { params: infer Schema extends z.ZodType }
  ? { method: Name; params: z.input<Schema> }
  : never
type AnswerOf<Name, Entry> = Entry extends { run(...args: never[]): Promise<{ data: infer Data }> }
  ? { method: Name; data: Data }
  : never

/** What a caller sends to `POST /wallets/:id/rpc`: a method's name with its params, for every method. */
export type WalletRpcRequest = {
  [C in ChainType]: { [M in keyof Table[C]]: RequestOf<M, Table[C][M]> }[keyof Table[C]]
}[ChainType]

/** What it answers: the method and its `data`, typed per method. */
export type WalletRpcAnswer = {
  [C in ChainType]: { [M in keyof Table[C]]: AnswerOf<M, Table[C][M]> }[keyof Table[C]]
}[ChainType]

export type WalletMethodName = WalletRpcRequest['method']
