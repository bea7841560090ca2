import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../db/schema.ts'
import { ApiClient, uniqueEmail } from '../testing/ApiClient.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { WalletCaller, walletsOf } from '../testing/WalletCaller.ts'

// `GET /api/v1/organizations/colleagues` over HTTP against the real server: whom a member may pay by name. The
// attacks on it: no session, a member of another organisation, one removed, one who left, a signed-out session.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

// biome-ignore lint/suspicious/noExplicitAny: the paths are built at run time, so the answers are read untyped.
type Reply = { status: number; text: string; body: any }

type Member = {
  caller: WalletCaller
  userId: string
  email: string
  wallets: { ethereum: string; solana: string }
}

async function signIn(): Promise<Member> {
  const email = uniqueEmail()
  const caller = new WalletCaller(new ApiClient(server.url))
  const answer = await caller.signIn('email', email)
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.text}`)
  const wallets = walletsOf(answer.body.user)
  const address = (type: string) => wallets.find((wallet) => wallet.chain_type === type)?.address as string
  return {
    caller,
    userId: answer.body.user.id,
    email,
    wallets: { ethereum: address('ethereum'), solana: address('solana') },
  }
}

/** A read goes with the session alone; a change is signed with the device key, as the web app signs it. */
const call = (
  who: Member,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<Reply> =>
  method === 'GET' ? who.caller.api.request(method, path) : who.caller.send(method, path, body ?? {})

const colleaguesOf = async (who: Member) => {
  const answer = await call(who, 'GET', '/api/v1/organizations/colleagues')
  expect(answer.status, answer.text).toBe(200)
  return answer.body.colleagues as { user_id: string; label: string; organizations: string[] }[]
}

async function newOrganization(admin: Member, name: string): Promise<string> {
  const created = await call(admin, 'POST', '/api/v1/organizations', {
    document: { type: '1.0', data: { name, description: 'People who work together.' } },
  })
  expect(created.status, created.text).toBe(200)
  return created.body.id
}

async function join(admin: Member, organizationId: string, invitee: Member) {
  const invited = await call(admin, 'POST', `/api/v1/organizations/${organizationId}/invitations`, {
    email: invitee.email,
  })
  expect(invited.status, invited.text).toBe(200)
  const accepted = await call(invitee, 'POST', `/api/v1/invitations/${invited.body.id}/accept`)
  expect(accepted.status, accepted.text).toBe(200)
}

describe('the colleagues a member may pay by name', () => {
  it('are the current members of their organisations, with their names and first wallets, and never themself', async () => {
    const [ana, ben, cleo] = [await signIn(), await signIn(), await signIn()]
    const acme = await newOrganization(ana, 'Acme Co-op')
    const garden = await newOrganization(ana, 'Garden club')
    await join(ana, acme, ben)
    await join(ana, garden, ben)
    await join(ana, garden, cleo)
    const { db } = await sharedTestDatabase()
    await db.update(users).set({ displayName: 'Ben Okafor' }).where(eq(users.id, ben.userId))

    expect(await colleaguesOf(ana)).toEqual([
      {
        user_id: ben.userId,
        label: 'Ben Okafor',
        organizations: ['Acme Co-op', 'Garden club'],
        wallets: ben.wallets,
      },
      { user_id: cleo.userId, label: cleo.email, organizations: ['Garden club'], wallets: cleo.wallets },
    ])
    // Ben and Cleo share only the garden club: Acme is not Cleo's to see. Sorted by label: a name before
    // the emails ("member-…").
    expect(await colleaguesOf(cleo)).toEqual([
      { user_id: ben.userId, label: 'Ben Okafor', organizations: ['Garden club'], wallets: ben.wallets },
      { user_id: ana.userId, label: ana.email, organizations: ['Garden club'], wallets: ana.wallets },
    ])
  })

  it('shows no one of another organisation, and no one to a member without one', async () => {
    const [ana, ben, stranger] = [await signIn(), await signIn(), await signIn()]
    await join(ana, await newOrganization(ana, 'Acme Co-op'), ben)
    await newOrganization(stranger, 'Elsewhere Ltd')
    expect(await colleaguesOf(stranger)).toEqual([])
    expect((await colleaguesOf(ana)).map((colleague) => colleague.user_id)).toEqual([ben.userId])
    expect((await colleaguesOf(await signIn())).length).toBe(0)
  })

  it('ends for both sides when a member is removed or leaves', async () => {
    const [ana, ben, cleo] = [await signIn(), await signIn(), await signIn()]
    const acme = await newOrganization(ana, 'Acme Co-op')
    await join(ana, acme, ben)
    await join(ana, acme, cleo)
    const removed = await call(ana, 'DELETE', `/api/v1/organizations/${acme}/members/${ben.userId}`)
    expect(removed.status, removed.text).toBe(204)
    expect((await colleaguesOf(ana)).map((colleague) => colleague.user_id)).toEqual([cleo.userId])
    expect(await colleaguesOf(ben)).toEqual([])

    const left = await call(cleo, 'DELETE', `/api/v1/organizations/${acme}/members/${cleo.userId}`)
    expect(left.status, left.text).toBe(204)
    expect(await colleaguesOf(ana)).toEqual([])
    expect(await colleaguesOf(cleo)).toEqual([])
  })

  it('answers 401 without a session, and after sign-out, and is not mistaken for an organisation’s id', async () => {
    const nobody = await new ApiClient(server.url).request('GET', '/api/v1/organizations/colleagues')
    expect(nobody.status).toBe(401)
    const forged = await new ApiClient(server.url).request(
      'GET',
      '/api/v1/organizations/colleagues',
      undefined,
      {
        authorization: 'Bearer not-a-token',
      },
    )
    expect(forged.status).toBe(401)

    const ana = await signIn()
    const cookie = ana.caller.api.cookie
    const out = await ana.caller.api.post('/api/v1/sessions/logout', {})
    expect(out.status, out.text).toBe(200)
    // The cookie as a thief kept it: the session it names has ended.
    const thief = new ApiClient(server.url)
    thief.cookie = cookie
    expect((await thief.request('GET', '/api/v1/organizations/colleagues')).status).toBe(401)
  })
})
