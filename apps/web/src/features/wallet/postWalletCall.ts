import { ApiError } from '../../lib/api.ts'
import type { SignedPostOptions, WalletProxy } from '../walletProxy/index.ts'

/** How many times a keyed post that got no answer is posted again (the server answers a replay once). */
const retriesWithKey = 2

/** No answer the caller can act on: the server was not reached, or failed on its side. */
const isWorthRetrying = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500)

/**
 * Posts a wallet call (`POST /wallets/{id}/rpc`, signed by the proxy) and answers its `data`. With an idempotency
 * key, a post that got no answer is posted again under the same key: the server answers a replayed key with the
 * first send's hash, so a retry can never send twice. Without one, a failure is final.
 */
export async function postWalletCall<Data>(
  proxy: WalletProxy,
  walletId: string,
  call: object,
  options: SignedPostOptions = {},
): Promise<Data> {
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await proxy.post(
        (client) => client.api.v1.wallets[':id'].rpc,
        {
          param: { id: walletId },
          // The server types the body per method; a call is one of them, checked where it is built.
          json: call as never,
        },
        options,
      )
      return answer.data as Data
    } catch (error) {
      if (options.idempotencyKey === undefined || attempt >= retriesWithKey || !isWorthRetrying(error))
        throw error
    }
  }
}
