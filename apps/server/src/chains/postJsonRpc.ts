import type { JsonRpcClient } from '@charter/core'
import { UpstreamError } from './UpstreamError.ts'

export type UpstreamLimits = {
  /** The whole exchange, connection to last byte. */
  timeoutMs: number
  /** An answer longer than this is cut off and refused (a huge eth_getLogs, or a node gone wrong). */
  maxResponseBytes: number
}

export const defaultUpstreamLimits: UpstreamLimits = { timeoutMs: 10_000, maxResponseBytes: 4 * 1024 * 1024 }

/**
 * POSTs JSON-RPC to a chain's node and parses its JSON answer. Only Content-Type and Accept are sent (never a
 * caller's headers, cookies or address); a redirect is an error, not followed, so a node cannot send the request
 * elsewhere; the exchange is bounded in time and size. Throws `UpstreamError` without the URL in its message.
 */
export async function postJsonRpc(
  url: string,
  body: unknown,
  limits = defaultUpstreamLimits,
): Promise<unknown> {
  const signal = AbortSignal.timeout(limits.timeoutMs)
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal,
    })
  } catch (error) {
    if (signal.aborted) throw new UpstreamError('timeout', `no answer within ${limits.timeoutMs} ms`)
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    // fetch refuses a redirect with a TypeError whose cause says so; anything else is a network failure.
    if (/redirect/i.test(cause?.message ?? ''))
      throw new UpstreamError('redirect', 'the node answered with a redirect')
    throw new UpstreamError('unreachable', cause?.code ?? (error as Error).message)
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel()
    throw new UpstreamError('redirect', `the node answered with a redirect (${response.status})`)
  }
  const text = await readBounded(response, limits, signal)
  if (!response.ok) throw new UpstreamError('status', `the node answered HTTP ${response.status}`)
  try {
    return JSON.parse(text)
  } catch {
    throw new UpstreamError(
      'not_json',
      `the node answered something that is not JSON (HTTP ${response.status})`,
    )
  }
}

async function readBounded(response: Response, limits: UpstreamLimits, signal: AbortSignal): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0')
  if (declared > limits.maxResponseBytes) {
    await response.body?.cancel()
    throw new UpstreamError('too_large', `the answer is ${declared} bytes, over ${limits.maxResponseBytes}`)
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limits.maxResponseBytes) {
        await reader.cancel()
        throw new UpstreamError('too_large', `the answer is over ${limits.maxResponseBytes} bytes`)
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof UpstreamError) throw error
    if (signal.aborted) throw new UpstreamError('timeout', `no full answer within ${limits.timeoutMs} ms`)
    throw new UpstreamError('unreachable', (error as Error).message)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The core's `JsonRpcClient` over `postJsonRpc`: how the server reads balances. */
export const upstreamJsonRpcClient = (limits = defaultUpstreamLimits): JsonRpcClient => ({
  request: (url, body) => postJsonRpc(url, body, limits),
})
