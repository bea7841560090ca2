import type { JsonRpcRequest } from './JsonRpcClient.ts'

/** A JSON-RPC answer that is not what was asked for; the reader turns it into a `BalanceReadError`. */
export class MalformedAnswer extends Error {
  override name = 'MalformedAnswer'
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The `result` of each request, in the order asked, from an answer that may be one response or a batch in any
 * order (JSON-RPC lets a server reorder a batch; responses are matched by `id`). An `error` entry, a missing or
 * duplicated id, or anything that is not a response throws.
 */
export function jsonRpcResults(requests: readonly JsonRpcRequest[], answer: unknown): unknown[] {
  const responses = Array.isArray(answer) ? answer : [answer]
  const byId = new Map<unknown, Record<string, unknown>>()
  for (const response of responses) {
    if (!isObject(response)) throw new MalformedAnswer('an answer entry is not a JSON-RPC response')
    if (byId.has(response.id)) throw new MalformedAnswer(`two answers for id ${String(response.id)}`)
    byId.set(response.id, response)
  }
  return requests.map((request) => {
    const response = byId.get(request.id)
    if (!response) throw new MalformedAnswer(`no answer to ${request.method}`)
    if (isObject(response.error)) {
      const { code, message } = response.error
      throw new MalformedAnswer(`${request.method} failed: ${String(code)} ${String(message).slice(0, 200)}`)
    }
    if (!('result' in response)) throw new MalformedAnswer(`${request.method} answered without a result`)
    return response.result
  })
}

export const asObject = (value: unknown, what: string): Record<string, unknown> => {
  if (!isObject(value)) throw new MalformedAnswer(`${what} is not an object`)
  return value
}
