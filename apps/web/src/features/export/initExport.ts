import type { UnixSeconds } from '@charter/core'
import type { WalletProxy } from '../walletProxy/index.ts'

/** Where the code went (`via`: the kind of address, the other one than the session signed in with if any). */
export type ExportCodeSent = { via: 'phone' | 'email'; sentTo: string; expiresAt: UnixSeconds }

/** Asks for a fresh one-time code to the user's phone (or email) before an export; says where it went. */
export async function initExport(proxy: WalletProxy, walletId: string): Promise<ExportCodeSent> {
  const answer = await proxy.post((client) => client.api.v1.wallets[':id'].export.init, {
    param: { id: walletId },
    json: {},
  })
  return { via: answer.via, sentTo: answer.sent_to, expiresAt: answer.expires_at }
}
