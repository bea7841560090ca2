import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/Database.ts'
import { organizationMembers, organizations, users, wallets } from '../../db/schema.ts'
import type { ApiClient } from '../../testing/ApiClient.ts'
import type { Json } from '../../testing/Json.ts'
import type { TestServer } from '../../testing/startTestServer.ts'

/** The member who owns `walletId`. */
export async function ownerOf(db: Db, walletId: string): Promise<string> {
  const [row] = await db.select({ userId: wallets.userId }).from(wallets).where(eq(wallets.id, walletId))
  if (!row) throw new Error(`no wallet ${walletId}`)
  return row.userId
}

/** Gives the member a name. */
export async function nameMember(db: Db, userId: string, name: string): Promise<void> {
  await db.update(users).set({ displayName: name }).where(eq(users.id, userId))
}

/** An organisation of these members, written as its routes would leave it: they become colleagues. */
export async function organisationOf(db: Db, name: string, userIds: readonly string[]): Promise<string> {
  const id = randomUUID()
  await db
    .insert(organizations)
    .values({ id, name, cid: `bafy${id.replaceAll('-', '')}`, createdBy: userIds[0] ?? '' })
  await db.insert(organizationMembers).values(
    userIds.map((userId, index) => ({
      organizationId: id,
      userId,
      membership: index === 0 ? ('admin' as const) : ('member' as const),
    })),
  )
  return id
}

/** One pass of the incoming reader now (after any pass in progress), rather than waiting for its turn. */
export const readIncomingNow = (server: TestServer) =>
  server.parts.registry.get('jobs').runNow(['readIncoming'])

/** The member's activity lines of money received, newest first. */
export async function receiveLines(api: ApiClient): Promise<Json[]> {
  const answer = await api.get('/api/v1/wallets/activity?limit=100')
  if (answer.status !== 200) throw new Error(`activity answered ${answer.status}: ${answer.text}`)
  return (JSON.parse(answer.text) as Json).activity.filter((line: Json) => line.kind === 'receive')
}

/** The member's news of money received. */
export async function receivedNews(api: ApiClient): Promise<Json[]> {
  const answer = await api.get('/api/v1/wallets/received/news')
  if (answer.status !== 200) throw new Error(`news answered ${answer.status}: ${answer.text}`)
  return (JSON.parse(answer.text) as Json).received
}

/** A JSON-RPC call straight to a local devnet's node: what only a test does (mine, revert, transfer as a stranger). */
export async function nodeCall(url: string, method: string, params: unknown[] = []): Promise<Json> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await answer.json()) as Json
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}
