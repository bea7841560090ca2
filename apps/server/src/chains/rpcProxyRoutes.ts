import { LoginError } from '@charter/core'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import { clientAddress } from '../http/clientAddress.ts'
import { parseJsonText } from '../http/parseJsonText.ts'
import { consumeRateLimit, type RateLimitRule } from '../http/rateLimit.ts'
import { TooManyRequestsError, waitInWords } from '../http/TooManyRequestsError.ts'
import { pathParams, queryParams } from '../http/validate.ts'
import type { Logger } from '../log/logger.ts'
import { requireSession, type SessionVariables } from '../members/sessionMiddleware.ts'
import { boundExecution, executingMethods } from './boundExecution.ts'
import { ChainNotOfferedError } from './ChainNotOfferedError.ts'
import type { Chains } from './Chains.ts'
import { nodeTimeBudget } from './nodeTimeBudget.ts'
import { defaultUpstreamLimits, postJsonRpc, type UpstreamLimits } from './postJsonRpc.ts'
import { isProxiedMethod, paramsProblem } from './proxyMethods.ts'
import { redactRpcUrl } from './redactRpcUrl.ts'
import type { ServedChain } from './ServedChain.ts'
import { UpstreamError } from './UpstreamError.ts'

export type RpcProxyLimits = {
  /** Requests one session may send (a batch counts once; `maxBatch` bounds what one carries). */
  perSession: RateLimitRule
  /** Requests from one client address, whoever is signed in. */
  perClient: RateLimitRule
  /**
   * Milliseconds of the node's time one session may spend per window: the time from sending a request to the
   * node until its whole answer, counted in the database like the request rates, so replicas share it.
   */
  nodeTimePerSession: RateLimitRule
  /** The same, for one client address, whoever is signed in (an allowed app's page without a session too). */
  nodeTimePerClient: RateLimitRule
  /**
   * Milliseconds reserved from both budgets per call that runs code (`executingMethods`) before the request goes
   * to the node, and settled against the time measured once it is answered: so a caller cannot send many such
   * requests at once and have them all pass before the first is counted.
   */
  reservedMsPerExecution: number
  /** Entries one batch may hold. */
  maxBatch: number
  /** Calls that run code (eth_call, eth_estimateGas, simulateTransaction) one request may hold. */
  maxExecutionsPerRequest: number
  /** The most gas one eth_call or eth_estimateGas may run with; a call that names none is given this. */
  maxCallGas: bigint
  upstream: UpstreamLimits
}

/**
 * A wallet page reads each chain every half minute and a send takes a handful of calls; these leave a member
 * ample room while capping what one session can make Charter's nodes do (300 requests × 100 entries a minute).
 * A looping eth_call costs the node as long as its gas lasts (about 50 ms at 30 million gas on anvil, more on a
 * slower node); so a request may carry 20 of them, each within 30 million gas (a wallet's read or estimate needs
 * well under a million), and a session may keep the node busy 10 seconds a minute (a client address 20): a
 * hundred times what a member's pages take over a remote node, a few hundred times over a local one.
 */
export const defaultRpcProxyLimits: RpcProxyLimits = {
  perSession: { limit: 300, windowSeconds: 60 },
  perClient: { limit: 600, windowSeconds: 60 },
  nodeTimePerSession: { limit: 10_000, windowSeconds: 60 },
  nodeTimePerClient: { limit: 20_000, windowSeconds: 60 },
  reservedMsPerExecution: 100,
  maxBatch: 100,
  maxExecutionsPerRequest: 20,
  maxCallGas: 30_000_000n,
  upstream: defaultUpstreamLimits,
}

type Id = string | number | null
type RpcError = { code: number; message: string; data?: unknown }
type RpcAnswer = { jsonrpc: '2.0'; id: Id; result?: unknown; error?: RpcError }
type Call = { jsonrpc: '2.0'; id: Id; method: string; params?: unknown }

const errorAnswer = (id: Id, code: number, message: string): RpcAnswer => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
})

const isId = (value: unknown): value is Id =>
  value === null ||
  (typeof value === 'string' && value.length <= 100) ||
  (typeof value === 'number' && Number.isFinite(value))

/** One entry checked: the call to forward, or the answer it gets without being forwarded. */
function checkEntry(
  entry: unknown,
  chain: ServedChain,
  maxCallGas: bigint,
): { call: Call } | { answer: RpcAnswer } {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    return { answer: errorAnswer(null, -32600, 'Each request must be a JSON-RPC object') }
  }
  const { jsonrpc, id, method, params } = entry as Record<string, unknown>
  const safeId = isId(id) ? id : null
  if (jsonrpc !== '2.0') return { answer: errorAnswer(safeId, -32600, 'jsonrpc must be "2.0"') }
  if (!isId(id))
    return { answer: errorAnswer(null, -32600, 'Each request needs an id (notifications are not forwarded)') }
  if (typeof method !== 'string' || method.length === 0 || method.length > 100) {
    return { answer: errorAnswer(id, -32600, 'method must be a string') }
  }
  if (params !== undefined && (typeof params !== 'object' || params === null)) {
    return { answer: errorAnswer(id, -32602, 'params must be an array or an object') }
  }
  if (!isProxiedMethod(chain.info.type, method, chain.local !== undefined)) {
    return {
      answer: errorAnswer(
        id,
        -32601,
        `The method ${method.slice(0, 100)} is not available through Charter's RPC proxy (reads and signed transactions only).`,
      ),
    }
  }
  const problem = paramsProblem(method, params)
  if (problem) return { answer: errorAnswer(id, -32005, problem) }
  const bounded = boundExecution(method, params, maxCallGas)
  if ('problem' in bounded) return { answer: errorAnswer(id, -32602, bounded.problem) }
  // Rebuilt from the fields JSON-RPC defines, so nothing else the caller sent reaches the node.
  const sent = bounded.params
  return { call: { jsonrpc: '2.0', id, method, ...(sent === undefined ? {} : { params: sent }) } }
}

/** The node's answer to the call sent as `id`, in JSON-RPC's shape only, under the caller's own id. */
function answerFor(answers: Map<unknown, Record<string, unknown>>, sentId: number, callerId: Id): RpcAnswer {
  const answer = answers.get(sentId)
  if (!answer) return errorAnswer(callerId, -32603, 'The chain’s node gave no answer to this request')
  const { error } = answer
  if (typeof error === 'object' && error !== null) {
    const { code, message, data } = error as Record<string, unknown>
    return {
      jsonrpc: '2.0',
      id: callerId,
      error: {
        code: typeof code === 'number' ? code : -32603,
        message:
          typeof message === 'string' ? message.slice(0, 1000) : 'The chain’s node refused the request',
        ...(data === undefined ? {} : { data }),
      },
    }
  }
  return { jsonrpc: '2.0', id: callerId, result: answer.result ?? null }
}

const chainIdParam = z.object({ chainId: z.string().max(64) })
const proxyQuery = z.object({ privyAppId: z.string().max(128).optional() })

/**
 * `POST /rpc/:chainId`: JSON-RPC, single or batched, to the node of a chain this server offers, and only there.
 * The chain id only picks one of the configured chains (never a URL); the node's URL comes from the settings;
 * the caller's headers are not forwarded, a redirect is not followed. Callers need a session, and each session
 * and client address has a rate, and a budget of the node's time. Methods not in `proxyMethods.ts` are answered
 * -32601 without reaching the node; calls that run code run on the chain as it is, within a gas cap
 * (`boundExecution.ts`).
 */
export function rpcProxyRoutes(options: {
  chains: Chains
  db: Db
  appId: string
  trustProxy: number
  logger: Logger
  limits?: Partial<RpcProxyLimits>
  /**
   * ALLOWED_APP_ORIGINS: pages of these apps call without a session. Privy's React SDK reads the chain through
   * this proxy with the chain's plain RPC URL, which carries neither the member's token nor, from another origin,
   * a cookie; such callers are counted by client address alone.
   */
  appOrigins?: readonly string[]
}) {
  const appOrigins = new Set(options.appOrigins ?? [])
  const { chains, db, logger } = options
  const limits = { ...defaultRpcProxyLimits, ...options.limits }

  const nodeTime = nodeTimeBudget(db, limits)

  const throttle = async (key: string, rule: RateLimitRule, whose: string) => {
    const verdict = await consumeRateLimit(db, key, rule)
    if (!verdict.allowed) {
      throw new TooManyRequestsError(
        `Too many RPC requests from ${whose}. Try again in ${waitInWords(verdict.retryAfterSeconds)}.`,
        verdict.retryAfterSeconds,
      )
    }
  }

  return new Hono<{ Variables: SessionVariables }>().post(
    '/rpc/:chainId',
    // Before anything the request carries is looked at: who is neither signed in nor an allowed app's page hears
    // only that. (A non-browser can send any Origin: the per-address rate is what bounds it.)
    async (c, next) => {
      if (!appOrigins.has(c.req.header('origin') ?? '')) requireSession(c)
      await next()
    },
    pathParams(chainIdParam),
    queryParams(proxyQuery),
    async (c) => {
      const session = c.get('session')
      const { privyAppId } = c.req.valid('query')
      if (privyAppId !== undefined && privyAppId !== options.appId) {
        throw new LoginError('missing_or_invalid_privy_app_id', {
          message: `privyAppId: this server is the app ${options.appId}, not ${privyAppId.slice(0, 64)}`,
        })
      }
      const asked = c.req.valid('param').chainId
      const chain = chains.find(asked)
      if (!chain)
        throw new ChainNotOfferedError(
          asked,
          chains.list().map((each) => each.id),
        )

      if (session) await throttle(`rpc:session:${session.sessionId}`, limits.perSession, 'this session')
      await throttle(`rpc:client:${clientAddress(c, options.trustProxy)}`, limits.perClient, 'this address')

      if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
        return c.json(errorAnswer(null, -32600, 'Send JSON-RPC as application/json'), 415)
      }
      const parsed = parseJsonText(await c.req.text())
      if (!parsed.ok) return c.json(errorAnswer(null, -32700, parsed.problem), 400)
      const isBatch = Array.isArray(parsed.value)
      const entries: unknown[] = isBatch ? (parsed.value as unknown[]) : [parsed.value]
      if (entries.length === 0) return c.json(errorAnswer(null, -32600, 'The batch is empty'), 400)
      if (entries.length > limits.maxBatch) {
        return c.json(
          errorAnswer(
            null,
            -32600,
            `A batch may hold at most ${limits.maxBatch} requests (it held ${entries.length})`,
          ),
          400,
        )
      }

      const checked = entries.map((entry) => checkEntry(entry, chain, limits.maxCallGas))
      const forward = checked.flatMap((each, index) => ('call' in each ? [{ index, call: each.call }] : []))
      const executions = forward.filter(({ call }) => executingMethods.has(call.method)).length
      if (executions > limits.maxExecutionsPerRequest) {
        return c.json(
          errorAnswer(
            null,
            -32600,
            `A request may hold at most ${limits.maxExecutionsPerRequest} calls that run code (eth_call, eth_estimateGas, simulateTransaction); it held ${executions}`,
          ),
          400,
        )
      }
      let answers = new Map<unknown, Record<string, unknown>>()
      let failure: RpcAnswer['error'] | undefined
      if (forward.length > 0) {
        const budget = await nodeTime.reserve(
          session?.sessionId,
          clientAddress(c, options.trustProxy),
          executions * limits.reservedMsPerExecution,
        )
        // Our own ids on the way up: the caller's may repeat, and the node's answers are matched by them.
        const sent = forward.map(({ call }, at) => ({ ...call, id: at }))
        const started = performance.now()
        try {
          const reply = await postJsonRpc(chain.rpcUrl, isBatch ? sent : sent[0], limits.upstream)
          const list = Array.isArray(reply) ? reply : [reply]
          answers = new Map(
            list
              .filter((each): each is Record<string, unknown> => typeof each === 'object' && each !== null)
              .map((each) => [each.id, each]),
          )
        } catch (error) {
          const reason = error instanceof UpstreamError ? `${error.reason}: ${error.message}` : String(error)
          logger.warn('A chain’s node failed a proxied request', {
            chain: chain.info.id,
            node: redactRpcUrl(chain.rpcUrl),
            reason,
          })
          failure =
            error instanceof UpstreamError && error.reason === 'timeout'
              ? { code: -32603, message: `${chain.info.name}'s node did not answer in time. Try again.` }
              : {
                  code: -32002,
                  message: `${chain.info.name}'s node is not available right now. Try again later.`,
                }
        } finally {
          await budget.settle(performance.now() - started)
        }
      }
      const results = checked.map((each, index): RpcAnswer => {
        if ('answer' in each) return each.answer
        const at = forward.findIndex((entry) => entry.index === index)
        return failure
          ? { jsonrpc: '2.0', id: each.call.id, error: failure }
          : answerFor(answers, at, each.call.id)
      })
      return c.json(isBatch ? results : (results[0] as RpcAnswer))
    },
  )
}
