import type { RpcErrorDefinition } from './RpcErrorDefinition.ts'

/**
 * The wallet's own errors: EIP-1193's provider errors and EIP-3326's 4902. 4902 is not retryable as it stands:
 * the chain has to be added (`wallet_addEthereumChain`) before switching to it can succeed.
 */
export const walletErrors = {
  4001: {
    code: 4001,
    name: 'User Rejected Request',
    message: 'The user rejected the request.',
    retryable: true,
  },
  4100: {
    code: 4100,
    name: 'Unauthorized',
    message: 'The requested method and/or account has not been authorized by the user.',
    retryable: false,
  },
  4200: {
    code: 4200,
    name: 'Unsupported Method',
    message: 'The Provider does not support the requested method.',
    retryable: false,
  },
  4900: {
    code: 4900,
    name: 'Disconnected',
    message: 'The Provider is disconnected from all chains.',
    retryable: true,
  },
  4901: {
    code: 4901,
    name: 'Chain Disconnected',
    message: 'The Provider is not connected to the requested chain.',
    retryable: true,
  },
  4902: {
    code: 4902,
    name: 'Unrecognized chain',
    message: 'The wallet does not recognize the requested chain. Add the chain first.',
    retryable: false,
  },
} as const satisfies Record<number, RpcErrorDefinition>

export type WalletErrorCode = keyof typeof walletErrors
