import type { ReceivedMoney, ReceivedNews, WalletActivity } from '../features/activity/index.ts'
import type { ApiCall, ApiHandler } from './stubApi.ts'

/** What one test says arrived: the money, when (Unix seconds), and which of the member's addresses it reached. */
export type Arrival = Partial<ReceivedMoney> & { created_at?: number; address: string }

/**
 * Stands in for the server's news of money received (`GET /api/v1/wallets/received/news`,
 * `POST /api/v1/wallets/received/news/seen`) and adds its receive lines to another stand-in's activity, newest
 * first by time, as the server interleaves them. `receive` is money arriving; `seen` every `through` marked.
 */
export function receivedMoneyServer(activity: ApiHandler | undefined) {
  const arrivals: ReceivedNews[] = []
  const lines: WalletActivity[] = []
  const seen: number[] = []
  let seenThrough = 0
  const receive = (arrival: Arrival): ReceivedNews => {
    const id = arrivals.length + 1
    const { address, created_at = Math.floor(Date.now() / 1000), ...money } = arrival
    const piece: ReceivedNews = {
      id,
      created_at,
      chain_id: '84532',
      asset: 'usdc',
      symbol: 'USDC',
      decimals: 6,
      amount: '2500000',
      from_address: `0x${'5a'.repeat(20)}`,
      from: null,
      tx_hash: `0x${id.toString(16).padStart(64, 'e')}`,
      explorer_url: null,
      ...money,
    }
    arrivals.push(piece)
    const { id: _id, created_at: _at, ...received } = piece
    const summary = `Received ${piece.amount} base units of ${piece.symbol}`
    lines.push({
      id,
      wallet_id: address.startsWith('0x') ? 'wallet-evm-0' : 'wallet-sol-0',
      address,
      chain_type: address.startsWith('0x') ? 'ethereum' : 'solana',
      kind: 'receive',
      method: 'receive',
      digest: '0'.repeat(64),
      summary,
      decision: null,
      created_at,
      send: null,
      received,
    })
    return piece
  }
  const routes: Record<string, ApiHandler> = {
    'GET /api/v1/wallets/received/news': () =>
      Response.json({ received: arrivals.filter((piece) => piece.id > seenThrough).slice(0, 10) }),
    'POST /api/v1/wallets/received/news/seen': (call: ApiCall) => {
      const { through } = call.body as { through: number }
      seen.push(through)
      seenThrough = Math.max(seenThrough, through)
      return Response.json({ ok: true })
    },
    'GET /api/v1/wallets/activity': async (call, params) => {
      const answer = activity
        ? await activity(call, params)
        : Response.json({ activity: [], next_before: null })
      const page = (await answer.json()) as { activity: WalletActivity[]; next_before: number | null }
      // The first page carries the receive lines (a test's few); older pages are the other stand-in's own.
      if (call.query.before !== undefined) return Response.json(page)
      const merged = [...page.activity, ...lines].sort((a, b) => b.created_at - a.created_at)
      return Response.json({ ...page, activity: merged })
    },
  }
  return { routes, receive, seen, arrivals }
}
