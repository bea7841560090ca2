import { failureOf, unreachable } from '../../lib/api.ts'
import type { ReceivedNews } from './ReceivedMoney.ts'

// The one file that reaches the news of money received (`GET /api/v1/wallets/received/news`,
// `POST /api/v1/wallets/received/news/seen`). A plain fetch typed by hand: the typed client learns these routes
// when the server's side of them is merged, and then this file can call it instead.

async function callApi(path: string, init?: RequestInit): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) },
    })
  } catch (cause) {
    throw unreachable(cause)
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) throw failureOf(response, body)
  return body
}

/** Money received that the member has not been told of yet, oldest first (at most 10). */
export async function getReceivedNews(): Promise<ReceivedNews[]> {
  const body = (await callApi('/api/v1/wallets/received/news')) as { received?: ReceivedNews[] } | undefined
  return Array.isArray(body?.received) ? body.received : []
}

/** Marks every piece of news up to and including `through` (an id) as told, so no tab tells it again. */
export async function markReceivedNewsSeen(through: number): Promise<void> {
  await callApi('/api/v1/wallets/received/news/seen', {
    method: 'POST',
    body: JSON.stringify({ through }),
  })
}
