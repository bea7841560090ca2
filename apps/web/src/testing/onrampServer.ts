import { type AnswerTo, answer, refuse, type StubRoutes } from './stubAnswers.ts'
import type { ApiCall } from './stubApi.ts'

type Status = 'pending' | 'success' | 'failure'
type InitBody = {
  addresses: { address: string; blockchains: string[] }[]
  assets?: string[]
  amount?: string
}

export type OnrampServerOptions = {
  /** Where the buy page is, as init answers it: the embedded sandbox's path unless a test says otherwise. */
  baseUrl?: string
}

/**
 * The server's funding routes as the browser meets them: init mints a session per request (its
 * `partner_user_id` numbered 'purchase-1', 'purchase-2', …) and records the body; status answers what a test has
 * settled the purchase to (pending until then), 404 for an id it never minted. Each answers what the server
 * answers it (`StubRoutes`, typed by `AppType`).
 */
export function onrampServer(options: OnrampServerOptions = {}) {
  const baseUrl = options.baseUrl ?? '/sandbox/onramp'
  const purchases = new Map<string, Status>()
  /** Every init body, in order. */
  const inits: InitBody[] = []
  /** How many times each purchase's status was read. */
  const statusReads = new Map<string, number>()
  let refusal: { body: { error: string; code: string }; status: number } | undefined
  let gate: Promise<void> | undefined

  const init = async (call: ApiCall) => {
    await gate
    inits.push(call.body as InitBody)
    if (refusal) return refuse(refusal.body, refusal.status)
    const partnerUserId = `purchase-${inits.length}`
    purchases.set(partnerUserId, 'pending')
    return answer<AnswerTo<'POST /api/v1/funding/coinbase_on_ramp/init'>>({
      app_id: 'charter-local',
      session_token: `token-${inits.length}`,
      channel_id: 'sandbox',
      partner_user_id: partnerUserId,
      base_url: baseUrl,
    })
  }

  const status = (call: ApiCall) => {
    const id = call.query.partnerUserId ?? ''
    const now = purchases.get(id)
    if (now === undefined) return refuse({ error: 'No such purchase of yours.', code: 'not_found' }, 404)
    statusReads.set(id, (statusReads.get(id) ?? 0) + 1)
    return answer<AnswerTo<'GET /api/v1/funding/coinbase_on_ramp/status'>>({ status: now })
  }

  const routes: StubRoutes = {
    'POST /api/v1/funding/coinbase_on_ramp/init': init,
    'GET /api/v1/funding/coinbase_on_ramp/status': status,
  }

  return {
    routes,
    inits,
    statusReads,
    /** Ends a purchase as the provider would report it. */
    settle(partnerUserId: string, to: Status) {
      purchases.set(partnerUserId, to)
    },
    /** Makes every init refused with `body` (e.g. Coinbase down: 502 onramp_unavailable), or accepted again. */
    refuseInit(body?: { error: string; code: string }, statusCode = 400) {
      refusal = body ? { body, status: statusCode } : undefined
    },
    /** Holds init's answers until the promise settles (to look at the page while it waits). */
    holdInit(until: Promise<void> | undefined) {
      gate = until
    },
  }
}
