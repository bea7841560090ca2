import { type JsonRpcErrorCode, jsonRpcErrors } from './jsonRpcErrors.ts'
import type { RpcErrorDefinition } from './RpcErrorDefinition.ts'
import { type WalletErrorCode, walletErrors } from './walletErrors.ts'

/** The wallet or JSON-RPC table's row for a code, or undefined for a code neither standard defines. */
export function getRpcErrorDefinition(code: WalletErrorCode | JsonRpcErrorCode): RpcErrorDefinition
export function getRpcErrorDefinition(code: number): RpcErrorDefinition | undefined
export function getRpcErrorDefinition(code: number): RpcErrorDefinition | undefined {
  if (Object.hasOwn(walletErrors, code)) return walletErrors[code as WalletErrorCode]
  if (Object.hasOwn(jsonRpcErrors, code)) return jsonRpcErrors[code as JsonRpcErrorCode]
  return undefined
}
