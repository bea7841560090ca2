import { answerOf, api } from '../../lib/api.ts'

// The one file that reaches the server's funding routes (`POST /api/v1/funding/coinbase_on_ramp/init`,
// `GET /api/v1/funding/coinbase_on_ramp/status`). Everything else in `features/funding/` goes through these.

const onRamp = api.v1.funding.coinbase_on_ramp

/** What init takes: the member's own address for each on-ramp network, the asset symbols, the preset amount. */
export type OnrampInitBody = Parameters<typeof onRamp.init.$post>[0]['json']

/** What init answers: the ids that go into the link, the status key and where the buy page is. */
export type OnrampSession = Awaited<ReturnType<typeof startOnramp>>

/** Where a purchase stands, as the on-ramp last told the server. */
export type OnrampStatus = Awaited<ReturnType<typeof readOnrampStatus>>

/** A single-use session for one purchase; a refusal throws the server's words (ApiError). */
export function startOnramp(body: OnrampInitBody) {
  return answerOf(onRamp.init.$post({ json: body }))
}

/** The status of the member's own purchase `partnerUserId`; another's or an unknown one is a 404 ApiError. */
export async function readOnrampStatus(partnerUserId: string) {
  return (await answerOf(onRamp.status.$get({ query: { partnerUserId } }))).status
}
