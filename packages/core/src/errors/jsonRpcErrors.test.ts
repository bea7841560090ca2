import { describe, expect, it } from 'vitest'
import { jsonRpcErrors } from './jsonRpcErrors.ts'

describe('jsonRpcErrors', () => {
  it('names the codes -32700 to -32006 as JSON-RPC 2.0 and EIP-1474 do, in their order', () => {
    const rows = Object.values(jsonRpcErrors).map(({ code, name }) => [code, name])
    expect(rows).toEqual([
      [-32700, 'Parse error'],
      [-32600, 'Invalid request'],
      [-32601, 'Method not found'],
      [-32602, 'Invalid params'],
      [-32603, 'Internal error'],
      [-32000, 'Invalid input'],
      [-32001, 'Resource not found'],
      [-32002, 'Resource unavailable'],
      [-32003, 'Transaction rejected'],
      [-32004, 'Method not supported'],
      [-32005, 'Limit exceeded'],
      [-32006, 'JSON-RPC version not supported'],
    ])
  })

  it('keys each row by its own code', () => {
    for (const [key, definition] of Object.entries(jsonRpcErrors)) expect(Number(key)).toBe(definition.code)
  })

  it('gives the meanings of JSON-RPC 2.0 and EIP-1474', () => {
    expect(jsonRpcErrors[-32700].message).toBe('Invalid JSON')
    expect(jsonRpcErrors[-32602].message).toBe('Invalid method parameters')
    expect(jsonRpcErrors[-32003].message).toBe('Transaction creation failed')
    expect(jsonRpcErrors[-32006].message).toBe('Version of JSON-RPC protocol is not supported')
  })

  it('retries only an internal error and an exceeded limit, as viem does', () => {
    const retryable = Object.values(jsonRpcErrors)
      .filter((definition) => definition.retryable)
      .map((definition) => definition.code)
    expect(retryable).toEqual([-32603, -32005])
  })
})
