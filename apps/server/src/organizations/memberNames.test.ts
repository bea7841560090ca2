import type { AuthorizationMethod } from '@charter/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { WalletCaller } from '../testing/WalletCaller.ts'

// A member's name, over HTTP against the real server: nothing in it may let one colleague pass for another in the
// send form's list, the dialog or Activity (the same name, a phone number, an organisation made up with "·",
// characters that do not show).

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

type Signed = { caller: WalletCaller; userId: string }
// biome-ignore lint/suspicious/noExplicitAny: answers are read untyped, as in organizations.test.ts.
type Reply = { status: number; text: string; body: any }

async function signIn(address: string): Promise<Signed> {
  const caller = new WalletCaller(new ApiClient(server.url))
  const answer = await caller.signIn(address.includes('@') ? 'email' : 'phone', address)
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.text}`)
  return { caller, userId: answer.body.user.id as string }
}

const send = (who: Signed, method: AuthorizationMethod, path: string, body: unknown): Promise<Reply> =>
  who.caller.send(method, path, body, { sentBody: body })
const setName = (who: Signed, name: string) => send(who, 'PUT', '/api/v1/my_name', { display_name: name })

/** Ana's organisation with Ben and Mallory in it, each signed in. */
async function threeColleagues() {
  const anaPhone = uniquePhoneNumber()
  const [benEmail, malloryEmail] = [uniqueEmail(), uniqueEmail()]
  const [ana, ben, mallory] = await Promise.all([signIn(anaPhone), signIn(benEmail), signIn(malloryEmail)])
  const created = await send(ana, 'POST', '/api/v1/organizations', {
    document: { type: '1.0', data: { name: 'Acme Co-op', description: 'We pay each other.' } },
  })
  expect(created.status, created.text).toBe(200)
  for (const [who, email] of [
    [ben, benEmail],
    [mallory, malloryEmail],
  ] as const) {
    const invited = await send(ana, 'POST', `/api/v1/organizations/${created.body.id}/invitations`, { email })
    expect(invited.status, invited.text).toBe(200)
    const accepted = await send(who, 'POST', `/api/v1/invitations/${invited.body.id}/accept`, {})
    expect(accepted.status, accepted.text).toBe(200)
  }
  return { ana, anaPhone, ben, mallory }
}

describe('a member’s name cannot pass for another’s', () => {
  it('refuses a colleague’s name, however it is spaced or cased, and a colleague’s phone number', async () => {
    const { ana, anaPhone, mallory } = await threeColleagues()
    expect((await setName(ana, 'Ana Lopez')).status).toBe(200)

    for (const name of ['Ana Lopez', 'ana  lopez', 'ＡＮＡ ＬＯＰＥＺ']) {
      const refused = await setName(mallory, name)
      expect({ status: refused.status, error: refused.body.error }).toEqual({
        status: 400,
        error:
          'display_name: a colleague already goes by that name; add an initial or a surname so they can tell you apart.',
      })
    }
    // What colleagues see of someone who gave no name is their phone number: no name may read as one.
    for (const name of [anaPhone, '+1 (415) 555-0100', '0x1234567890abcdef1234']) {
      const refused = await setName(mallory, name)
      expect({ status: refused.status, error: refused.body.error }).toEqual({
        status: 400,
        error: 'display_name: enter a name, not a phone number or an address.',
      })
    }
    // Someone who is no colleague of Ana's may go by the same name.
    const stranger = await signIn(uniqueEmail())
    expect((await setName(stranger, 'Ana Lopez')).status).toBe(200)
    expect((await setName(mallory, 'Mallory')).status).toBe(200)
  }, 60_000)

  it('refuses the separator that would make up an organisation, and characters that do not show', async () => {
    const { mallory } = await threeColleagues()
    const separator = await setName(mallory, 'Ana Lopez · Acme Co-op')
    expect(separator.status).toBe(400)
    expect(separator.body.error).toBe(
      'display_name: leave out “·” and “•”: they separate a name from its organisation.',
    )
    for (const hidden of ['Ana\u200bLopez', 'Ana\u00adLopez', 'Ana\u2028Lopez', 'Ana\u{e0041}']) {
      const refused = await setName(mallory, hidden)
      expect(refused.status).toBe(400)
      expect(refused.body.error).toBe(
        'display_name: use letters, digits, spaces and punctuation only (no line breaks or hidden characters).',
      )
    }
  }, 60_000)

  it('refuses, before anything is done, a name someone in the organisation being joined or created goes by', async () => {
    const { ana, mallory } = await threeColleagues()
    expect((await setName(ana, 'Ana Lopez')).status).toBe(200)
    const ownerEmail = uniqueEmail()
    const owner = await signIn(ownerEmail)
    const created = await send(ana, 'POST', '/api/v1/organizations', {
      document: { type: '1.0', data: { name: 'Second Co-op', description: 'Another.' } },
    })
    const invited = await send(ana, 'POST', `/api/v1/organizations/${created.body.id}/invitations`, {
      email: ownerEmail,
    })
    // Joining as "Ana Lopez" where Ana is: refused, and the invitation is still there to accept by another name.
    const refused = await send(owner, 'POST', `/api/v1/invitations/${invited.body.id}/accept`, {
      display_name: 'ana lopez',
    })
    expect(refused.status).toBe(400)
    const organizations = await owner.caller.api.request('GET', '/api/v1/organizations')
    expect(organizations.body.organizations).toEqual([])
    const accepted = await send(owner, 'POST', `/api/v1/invitations/${invited.body.id}/accept`, {
      display_name: 'Olga Owner',
    })
    expect(accepted.status, accepted.text).toBe(200)
    // Creating an organisation under a colleague's name makes no organisation.
    const before = (await mallory.caller.api.request('GET', '/api/v1/organizations')).body.organizations
      .length
    const clash = await send(mallory, 'POST', '/api/v1/organizations', {
      document: { type: '1.0', data: { name: 'Mallory Co', description: 'Mine.' } },
      display_name: 'Ana Lopez',
    })
    expect(clash.status).toBe(400)
    expect(
      (await mallory.caller.api.request('GET', '/api/v1/organizations')).body.organizations,
    ).toHaveLength(before)
  }, 60_000)
})
