import { queryOptions } from '@tanstack/react-query'
import { answerOf, api } from '../../lib/api.ts'
import type { WalletProxy } from '../walletProxy/index.ts'

const getFreeze = () => answerOf(api.v1.account.freeze.$get())

/** Whether the account is frozen, until when, and a younger device's lift that waits. */
export type FreezeState = Awaited<ReturnType<typeof getFreeze>>

export const freezeQueryKey = ['account-freeze'] as const

/** Asked again each time the page opens: another device may have frozen or lifted a moment ago. */
export const freezeQueryOptions = () =>
  queryOptions({ queryKey: freezeQueryKey, queryFn: getFreeze, staleTime: 0 })

/** The periods offered, in hours: the server takes 1 to 168. */
export const freezePeriods = [
  { hours: 1, words: '1 hour' },
  { hours: 24, words: '1 day' },
  { hours: 72, words: '3 days' },
  { hours: 168, words: '1 week' },
] as const

/** Freezes the account: no device can send, sign or export for `hours`. Signed with the device key. */
export const freezeAccount = (proxy: WalletProxy, hours: number) =>
  proxy.post((client) => client.api.v1.account.freeze, { json: { hours } })

/** Lifts the freeze: at once from the device that froze it or an older one; otherwise it waits. */
export const liftFreeze = (proxy: WalletProxy) =>
  proxy.post((client) => client.api.v1.account.freeze.lift, { json: {} })
