import type { RpcErrorDefinition } from './RpcErrorDefinition.ts'

/**
 * JSON-RPC 2.0's reserved codes and EIP-1474's Ethereum codes. Retryable follows viem's transport (`shouldRetry`):
 * only an internal error and an exceeded limit are worth asking again unchanged.
 */
export const jsonRpcErrors = {
  [-32700]: { code: -32700, name: 'Parse error', message: 'Invalid JSON', retryable: false },
  [-32600]: {
    code: -32600,
    name: 'Invalid request',
    message: 'JSON is not a valid request object',
    retryable: false,
  },
  [-32601]: { code: -32601, name: 'Method not found', message: 'Method does not exist', retryable: false },
  [-32602]: { code: -32602, name: 'Invalid params', message: 'Invalid method parameters', retryable: false },
  [-32603]: { code: -32603, name: 'Internal error', message: 'Internal JSON-RPC error', retryable: true },
  [-32000]: {
    code: -32000,
    name: 'Invalid input',
    message: 'Missing or invalid parameters',
    retryable: false,
  },
  [-32001]: {
    code: -32001,
    name: 'Resource not found',
    message: 'Requested resource not found',
    retryable: false,
  },
  [-32002]: {
    code: -32002,
    name: 'Resource unavailable',
    message: 'Requested resource not available',
    retryable: false,
  },
  [-32003]: {
    code: -32003,
    name: 'Transaction rejected',
    message: 'Transaction creation failed',
    retryable: false,
  },
  [-32004]: {
    code: -32004,
    name: 'Method not supported',
    message: 'Method is not implemented',
    retryable: false,
  },
  [-32005]: {
    code: -32005,
    name: 'Limit exceeded',
    message: 'Request exceeds defined limit',
    retryable: true,
  },
  [-32006]: {
    code: -32006,
    name: 'JSON-RPC version not supported',
    message: 'Version of JSON-RPC protocol is not supported',
    retryable: false,
  },
} as const satisfies Record<number, RpcErrorDefinition>

export type JsonRpcErrorCode = keyof typeof jsonRpcErrors
