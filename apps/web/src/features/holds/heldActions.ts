import { queryOptions } from '@tanstack/react-query'
import { answerOf, api } from '../../lib/api.ts'
import type { WalletProxy } from '../walletProxy/index.ts'

const getHeldActions = () => answerOf(api.v1.held_actions.$get())

/** This session's new-device hold (`hold_ends_at`, null once over) and the account's held requests. */
export type HeldActions = Awaited<ReturnType<typeof getHeldActions>>

/** One request a new device made while it had to wait: its state, and whether this device may cancel it. */
export type HeldAction = HeldActions['held_actions'][number]

export const heldActionsQueryKey = ['held-actions'] as const

/** Asked again each time a screen opens (staleTime 0): another device may have asked or cancelled a moment ago. */
export const heldActionsQueryOptions = () =>
  queryOptions({ queryKey: heldActionsQueryKey, queryFn: getHeldActions, staleTime: 0 })

/** Asks, from a device within its hold, for the export it may make once the hold ends; the account is told. */
export const requestHeldExport = (proxy: WalletProxy, walletId: string) =>
  proxy.post((client) => client.api.v1.wallets[':id'].export.hold, { param: { id: walletId }, json: {} })

/** Cancels a held request, from the device that made it or one that signed in before it. */
export const cancelHeldAction = (proxy: WalletProxy, id: string) =>
  proxy.post((client) => client.api.v1.held_actions[':id'].cancel, { param: { id }, json: {} })
