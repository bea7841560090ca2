import { type AuthorizationMethod, formatInternational, maskPhoneNumber } from '@charter/core'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../db/openDatabase.ts'
import { invitationLinks } from '../db/schema.ts'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { looseSignInLimits, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { WalletCaller } from '../testing/WalletCaller.ts'

// Invitations delivered, over HTTP against the real server: the text or email with its link in the dev outbox,
// the link opened by its owner, by someone else, after a revocation, after it expired, after it was used; a
// member's own name; and the throttle that keeps invitations from pumping texts to a number.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

type Signed = { api: ApiClient; caller: WalletCaller; userId: string; address: string; token: string }
// biome-ignore lint/suspicious/noExplicitAny: answers are read untyped, as in organizations.test.ts.
type Reply = { status: number; text: string; body: any; headers?: Headers }

async function signIn(by: 'phone' | 'email', address = by === 'phone' ? uniquePhoneNumber() : uniqueEmail()) {
  const caller = new WalletCaller(new ApiClient(server.url))
  const answer = await caller.signIn(by, address)
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.text}`)
  return {
    api: caller.api,
    caller,
    userId: answer.body.user.id as string,
    address,
    token: answer.body.token as string,
  }
}

const call = (who: Signed, method: string, path: string, body?: unknown): Promise<Reply> =>
  method === 'GET'
    ? who.api.request(method, path, body)
    : who.caller.send(method as AuthorizationMethod, path, body ?? {}, { sentBody: body ?? null })

async function newOrganization(admin: Signed, name = 'Garden club') {
  const created = await call(admin, 'POST', '/api/v1/organizations', {
    document: { type: '1.0', data: { name, description: 'We grow things together.' } },
  })
  expect(created.status, created.text).toBe(200)
  return created.body as { id: string; name: string }
}

const invite = (admin: Signed, organizationId: string, body: unknown) =>
  call(admin, 'POST', `/api/v1/organizations/${organizationId}/invitations`, body)

/** The newest message the dev outbox holds for `to`, and the token of the link in it. */
async function lastMessage(to: string) {
  const [message] = await new ApiClient(server.url).outbox(to)
  if (!message) throw new Error(`nothing in the outbox for ${to}`)
  const token = message.body.match(/\/organizations\/invitation#([A-Za-z0-9_-]{43})/)?.[1]
  return { ...message, token }
}

const openLink = (who: Signed, token: string) => call(who, 'GET', `/api/v1/invitations/link/${token}`)

describe('an invitation is delivered', () => {
  it('by text, naming the organisation and the inviter, with a link that leads its owner to accept, once', async () => {
    const admin = await signIn('email')
    expect((await call(admin, 'PUT', '/api/v1/my_name', { display_name: 'Ana Lopez' })).status).toBe(200)
    const organization = await newOrganization(admin, 'Acme Co-op')
    const phone = uniquePhoneNumber()
    const invited = await invite(admin, organization.id, { phone_number: phone, name: '  Ben Ode ' })
    expect(invited.status, invited.text).toBe(200)
    const weekFromNow = Date.now() / 1000 + 7 * 24 * 3600
    expect(invited.body).toMatchObject({
      address: phone,
      status: 'pending',
      delivery: 'sent',
      invitee_name: 'Ben Ode',
      invited_by: { user_id: admin.userId, label: 'Ana Lopez' },
    })
    expect(Math.abs(invited.body.expires_at - weekFromNow)).toBeLessThan(60)

    const text = await lastMessage(phone)
    expect(text.channel).toBe('sms')
    expect(text.body).toContain('Ana Lopez invited you to join “Acme Co-op” on Charter')
    expect(text.body).toContain(`${server.url}/organizations/invitation#`)
    expect(text.token).toBeDefined()
    // Only the token's digest is kept: the table holds nothing that opens the link.
    const [kept] = await server.parts.database.db
      .select()
      .from(invitationLinks)
      .where(eq(invitationLinks.invitationId, invited.body.id))
    expect(JSON.stringify(kept)).not.toContain(text.token as string)

    const invitee = await signIn('phone', phone)
    const opened = await openLink(invitee, text.token as string)
    expect(opened.status, opened.text).toBe(200)
    expect(opened.body).toMatchObject({
      id: invited.body.id,
      organization_name: 'Acme Co-op',
      status: 'pending',
      invitee_name: 'Ben Ode',
      invited_by: { label: 'Ana Lopez' },
    })
    const accepted = await call(invitee, 'POST', `/api/v1/invitations/${invited.body.id}/accept`, {
      display_name: 'Ben Ode',
    })
    expect(accepted.status, accepted.text).toBe(200)
    expect(accepted.body.members).toContainEqual(
      expect.objectContaining({ user_id: invitee.userId, label: 'Ben Ode', membership: 'member' }),
    )

    // Replayed: the link says it was accepted, and accepting again does nothing, even after leaving.
    expect((await openLink(invitee, text.token as string)).body.status).toBe('accepted')
    const left = await call(
      invitee,
      'DELETE',
      `/api/v1/organizations/${organization.id}/members/${invitee.userId}`,
    )
    expect(left.status, left.text).toBe(204)
    const again = await call(invitee, 'POST', `/api/v1/invitations/${invited.body.id}/accept`)
    expect(again.status).toBe(409)
    expect(again.body.error).toBe('This invitation was already accepted; ask an admin for a new one.')
    expect((await call(invitee, 'GET', `/api/v1/organizations/${organization.id}`)).status).toBe(404)
  })

  it('by email, with a subject naming the inviter and the organisation', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin, 'Night school')
    const email = uniqueEmail()
    expect((await invite(admin, organization.id, { email })).status).toBe(200)
    const message = await lastMessage(email)
    // An inviter known only by their email is not named: an address is something a phone makes a link of.
    expect(message).toMatchObject({
      channel: 'email',
      subject: 'A member invited you to Night school on Charter',
    })
    expect(message.body).toContain('sign in with this email address')
  })

  it('carries no hidden characters and no link of an admin’s making: a phishing name is left out', async () => {
    const admin = await signIn('email')
    expect(
      (await call(admin, 'PUT', '/api/v1/my_name', { display_name: 'Ana at evil.example' })).status,
    ).toBe(200)
    const phishing = await newOrganization(admin, 'Bank\u202e support https://evil.example')
    const phone = uniquePhoneNumber()
    expect((await invite(admin, phishing.id, { phone_number: phone })).status).toBe(200)
    const text = (await lastMessage(phone)).body
    expect(text).toContain('A member invited you to join an organisation on Charter. Open http')
    expect(text).not.toMatch(/evil|\u202e/)
    // Only the link Charter made is in it.
    expect(text.match(/https?:\/\/|www\./g)).toHaveLength(1)

    expect((await call(admin, 'PUT', '/api/v1/my_name', { display_name: 'Ana Lopez' })).status).toBe(200)
    const hidden = await newOrganization(admin, 'Garden\u200b\u202e club\u2028')
    const other = uniquePhoneNumber()
    expect((await invite(admin, hidden.id, { phone_number: other })).status).toBe(200)
    expect((await lastMessage(other)).body).toContain(
      'Ana Lopez invited you to join “Garden club” on Charter.',
    )
  })

  it('keeps the inviter’s phone number from the invitee: masked in the text and their view, in full for colleagues', async () => {
    const admin = await signIn('phone')
    const organization = await newOrganization(admin, 'Quiet club')
    const phone = uniquePhoneNumber()
    const invited = await invite(admin, organization.id, { phone_number: phone })
    const full = formatInternational(admin.address)
    const masked = maskPhoneNumber(admin.address)
    // The admin reads who invited as a colleague does.
    expect(invited.body.invited_by.label).toBe(full)
    const { body: text, token } = await lastMessage(phone)
    expect(text).toContain(`${masked} invited you to join “Quiet club” on Charter.`)
    expect(text).not.toContain(admin.address)
    expect(text).not.toContain(full)

    const invitee = await signIn('phone', phone)
    const mine = await call(invitee, 'GET', '/api/v1/invitations')
    expect(mine.body.invitations).toEqual([
      expect.objectContaining({ id: invited.body.id, invited_by: { user_id: admin.userId, label: masked } }),
    ])
    expect(mine.text).not.toContain(admin.address.slice(-7))
    const opened = await openLink(invitee, token as string)
    expect(opened.body.invited_by).toEqual({ user_id: admin.userId, label: masked })
    const declined = await call(invitee, 'POST', `/api/v1/invitations/${invited.body.id}/decline`)
    expect(declined.body.invited_by.label).toBe(masked)
    const view = await call(admin, 'GET', `/api/v1/organizations/${organization.id}`)
    expect(view.body.invitations[0].invited_by.label).toBe(full)
    expect(view.body.members[0].label).toBe(full)
  })

  it('tells someone else who opens the link only that it is for another address', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin, 'Secret society')
    const phone = uniquePhoneNumber()
    const invited = await invite(admin, organization.id, { phone_number: phone })
    const { token } = await lastMessage(phone)
    const stranger = await signIn('phone')
    const opened = await openLink(stranger, token as string)
    expect(opened.status).toBe(403)
    expect(opened.body.error).toBe('This invitation is for another phone number or email.')
    expect(opened.text).not.toContain('Secret society')
    expect(opened.text).not.toContain(admin.address)
    // Nor may they answer it by its id.
    expect((await call(stranger, 'POST', `/api/v1/invitations/${invited.body.id}/accept`)).status).toBe(404)
    // A link nobody sent, or a signed-out visitor, learns nothing either.
    expect((await openLink(stranger, 'A'.repeat(43))).status).toBe(404)
    expect((await new ApiClient(server.url).get(`/api/v1/invitations/link/${token}`)).status).toBe(401)
  })

  it('says so once an admin revoked it, and it cannot be accepted', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin)
    const email = uniqueEmail()
    const invited = await invite(admin, organization.id, { email })
    const { token } = await lastMessage(email)
    const revoked = await call(
      admin,
      'DELETE',
      `/api/v1/organizations/${organization.id}/invitations/${invited.body.id}`,
    )
    expect(revoked.status, revoked.text).toBe(200)
    const invitee = await signIn('email', email)
    expect((await openLink(invitee, token as string)).body.status).toBe('revoked')
    const accepted = await call(invitee, 'POST', `/api/v1/invitations/${invited.body.id}/accept`)
    expect(accepted.status).toBe(409)
    expect(accepted.body.error).toContain('already revoked')
    // Nor is a revoked invitation sent again.
    const resent = await call(
      admin,
      'POST',
      `/api/v1/organizations/${organization.id}/invitations/${invited.body.id}/resend`,
    )
    expect(resent.status).toBe(409)
  })

  it('expires after a week; a resend sends a new link and the old one stops working', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin)
    const email = uniqueEmail()
    const invited = await invite(admin, organization.id, { email })
    const { token: first } = await lastMessage(email)
    await server.parts.database.db
      .update(invitationLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitationLinks.invitationId, invited.body.id))
    const invitee = await signIn('email', email)
    expect((await openLink(invitee, first as string)).body.status).toBe('expired')
    expect((await call(invitee, 'GET', '/api/v1/invitations')).body.invitations).toEqual([])
    const accepted = await call(invitee, 'POST', `/api/v1/invitations/${invited.body.id}/accept`)
    expect(accepted.status).toBe(409)
    expect(accepted.body.error).toBe(
      'This invitation has expired; ask an admin of Garden club to send it again.',
    )
    const view = await call(admin, 'GET', `/api/v1/organizations/${organization.id}`)
    expect(view.body.invitations[0]).toMatchObject({ id: invited.body.id, status: 'expired' })

    const resent = await call(
      admin,
      'POST',
      `/api/v1/organizations/${organization.id}/invitations/${invited.body.id}/resend`,
    )
    expect(resent.status, resent.text).toBe(200)
    expect(resent.body).toMatchObject({ status: 'pending', delivery: 'sent' })
    const { token: second } = await lastMessage(email)
    expect(second).not.toBe(first)
    expect((await openLink(invitee, first as string)).status).toBe(404)
    expect((await openLink(invitee, second as string)).body.status).toBe('pending')
    const joined = await call(invitee, 'POST', `/api/v1/invitations/${invited.body.id}/accept`)
    expect(joined.status, joined.text).toBe(200)
  })

  it('stays saved when the text cannot be sent, and says so; a resend sends it', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin)
    const phone = uniquePhoneNumber()
    const outbox = server.parts.registry.get('devOutbox')?.outbox
    if (!outbox) throw new Error('the test server has a dev outbox')
    const failing = vi.spyOn(outbox.sms, 'send').mockRejectedValueOnce(new Error('the SMS provider is down'))
    try {
      const invited = await invite(admin, organization.id, { phone_number: phone })
      expect(invited.status, invited.text).toBe(200)
      expect(invited.body).toMatchObject({ status: 'pending', delivery: 'failed' })
      expect(await new ApiClient(server.url).outbox(phone)).toEqual([])
      const resent = await call(
        admin,
        'POST',
        `/api/v1/organizations/${organization.id}/invitations/${invited.body.id}/resend`,
      )
      expect(resent.body).toMatchObject({ status: 'pending', delivery: 'sent' })
      expect((await lastMessage(phone)).token).toBeDefined()
    } finally {
      failing.mockRestore()
    }
  })
})

describe('invitations are throttled like codes', () => {
  it('refuses the fourth send to one number from one organisation, with words and a wait', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin)
    const phone = uniquePhoneNumber()
    const first = await invite(admin, organization.id, { phone_number: phone })
    for (let i = 0; i < 2; i++) {
      const resent = await call(
        admin,
        'POST',
        `/api/v1/organizations/${organization.id}/invitations/${first.body.id}/resend`,
      )
      expect(resent.status, resent.text).toBe(200)
    }
    const refused = await invite(admin, organization.id, { phone_number: phone })
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatch(
      /^This phone number has been sent as many invitations from this organisation as it may get for now\. Try again in \d+ (hours|minutes)\.$/,
    )
    expect(Number(refused.headers?.get('retry-after'))).toBeGreaterThan(0)
    expect(await new ApiClient(server.url).outbox(phone)).toHaveLength(3)
  })

  it('counts invitations sent at once as one after the other: two tabs cannot slip past the allowance together', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin)
    const phone = uniquePhoneNumber()
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => invite(admin, organization.id, { phone_number: phone })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429, 429, 429])
    expect(await new ApiClient(server.url).outbox(phone)).toHaveLength(3)
    const view = await call(admin, 'GET', `/api/v1/organizations/${organization.id}`)
    expect(view.body.invitations).toHaveLength(3)
  })

  it('refuses a number past its allowance across organisations: no pumping texts through many of them', async () => {
    const phone = uniquePhoneNumber()
    const sent: number[] = []
    for (let i = 0; i < 6; i++) {
      const admin = await signIn('email')
      const organization = await newOrganization(admin, `Club ${i}`)
      sent.push((await invite(admin, organization.id, { phone_number: phone })).status)
    }
    expect(sent).toEqual([200, 200, 200, 200, 200, 429])
    expect(await new ApiClient(server.url).outbox(phone)).toHaveLength(5)
  })

  it('counts invitations against the client address’s allowance for codes: one budget for both', async () => {
    const shared = await startTestServer({
      signInLimits: { ...looseSignInLimits, sendsPerClient: { limit: 4, windowSeconds: 3600 } },
      env: { TRUST_PROXY: '1' },
    })
    try {
      const from = (ip: string) =>
        new WalletCaller(new ApiClient(shared.url, { headers: { 'x-forwarded-for': ip } }))
      const ip = `203.0.113.${1 + Math.floor(Math.random() * 250)}`
      const admin = from(ip)
      await admin.signIn('email', uniqueEmail()) // one code: 1 of 4
      const created = await admin.send('POST', '/api/v1/organizations', {
        document: { type: '1.0', data: { name: 'Pump' } },
      })
      const org = created.body.id as string
      const first: Reply = await admin.send('POST', `/api/v1/organizations/${org}/invitations`, {
        phone_number: uniquePhoneNumber(),
      })
      expect(first.status, first.text).toBe(200)
      const resent = await admin.send(
        'POST',
        `/api/v1/organizations/${org}/invitations/${first.body.id}/resend`,
        {},
      )
      expect(resent.status, resent.text).toBe(200)
      const byEmail = await admin.send('POST', `/api/v1/organizations/${org}/invitations`, {
        email: uniqueEmail(),
      })
      expect(byEmail.status, byEmail.text).toBe(200)
      const phone = uniquePhoneNumber()
      const refused = await admin.send('POST', `/api/v1/organizations/${org}/invitations`, {
        phone_number: phone,
      })
      expect(refused.status).toBe(429)
      expect(refused.body.error).toMatch(
        /^Too many codes and invitations were sent from here\. Try again in \d+ (minutes|minute|seconds)\.$/,
      )
      expect(await new ApiClient(shared.url).outbox(phone)).toEqual([])
      // The invitations spent the codes' allowance too: no sign-in code from there either.
      const code = await new ApiClient(shared.url, { headers: { 'x-forwarded-for': ip } }).post(
        '/api/v1/passwordless/init',
        { email: uniqueEmail() },
      )
      expect(code.status).toBe(429)
      expect(code.body.error).toMatch(/^Too many codes were asked for from here\./)
    } finally {
      await shared.close()
    }
  })

  it('stops invitation texts past the server’s daily budget, without naming the setting; emails still go', async () => {
    const database = await openDatabase({ kind: 'pglite' })
    const budgeted = await startTestServer({ database, env: { INVITATION_TEXTS_PER_DAY: '2' } })
    try {
      const sent: number[] = []
      let last: Reply | undefined
      for (let i = 0; i < 3; i++) {
        const caller = new WalletCaller(new ApiClient(budgeted.url))
        await caller.signIn('email', uniqueEmail())
        const created = await caller.send('POST', '/api/v1/organizations', {
          document: { type: '1.0', data: { name: `Club ${i}` } },
        })
        const phone = uniquePhoneNumber()
        last = await caller.send('POST', `/api/v1/organizations/${created.body.id}/invitations`, {
          phone_number: phone,
        })
        sent.push(last.status)
        if (i === 2) {
          expect(await new ApiClient(budgeted.url).outbox(phone)).toEqual([])
          const byEmail = await caller.send('POST', `/api/v1/organizations/${created.body.id}/invitations`, {
            email: uniqueEmail(),
          })
          expect(byEmail.status, byEmail.text).toBe(200)
        }
      }
      expect(sent).toEqual([200, 200, 429])
      expect(last?.body.error).toMatch(
        /^Charter has sent as many invitation texts today as it may: invite them by email instead\. Try again in \d+ (hours|hour|minutes|minute|seconds)\.$/,
      )
      expect(last?.text).not.toMatch(/INVITATION|TEXTS_PER_DAY/)
    } finally {
      await budgeted.close()
      await database.close()
    }
  })

  it('refuses a number in a country texts do not go to, before anything is counted or saved', async () => {
    const restricted = await startTestServer({ env: { SMS_ALLOWED_COUNTRIES: 'US' } })
    try {
      const caller = new WalletCaller(new ApiClient(restricted.url))
      await caller.signIn('email', uniqueEmail())
      const created = await caller.send('POST', '/api/v1/organizations', {
        document: { type: '1.0', data: { name: 'Abroad' } },
      })
      const refused = await caller.send('POST', `/api/v1/organizations/${created.body.id}/invitations`, {
        phone_number: '+447400123456',
      })
      expect(refused.status).toBe(400)
      expect(refused.body.error).toBe(
        'phone_number: Charter does not send texts to numbers in that country: invite them by email instead.',
      )
    } finally {
      await restricted.close()
    }
  })
})

describe('a member’s name', () => {
  it('is their own to set, trimmed and checked, and shows wherever they are listed', async () => {
    const ana = await signIn('phone')
    const ben = await signIn('email')
    expect((await call(ana, 'GET', '/api/v1/my_name')).body).toEqual({ display_name: null })
    const set = await call(ana, 'PUT', '/api/v1/my_name', { display_name: '  Ana Lopez  ' })
    expect(set.body).toEqual({ display_name: 'Ana Lopez' })
    // Ben sets his own: the route names nobody, so there is no one else's to set.
    await call(ben, 'PUT', '/api/v1/my_name', { display_name: 'Ben' })
    expect((await call(ana, 'GET', '/api/v1/my_name')).body).toEqual({ display_name: 'Ana Lopez' })
    const organization = await newOrganization(ana)
    const view = await call(ana, 'GET', `/api/v1/organizations/${organization.id}`)
    expect(view.body.members[0].label).toBe('Ana Lopez')

    for (const [name, words] of [
      ['   ', 'display_name: enter the name you go by.'],
      [
        'Ana\nLopez',
        'display_name: use letters, digits, spaces and punctuation only (no line breaks or hidden characters).',
      ],
      [
        'Ana\u202eLopez',
        'display_name: use letters, digits, spaces and punctuation only (no line breaks or hidden characters).',
      ],
      ['x'.repeat(81), 'display_name: shorten it to 80 characters (it has 81).'],
    ]) {
      const refused = await call(ana, 'PUT', '/api/v1/my_name', { display_name: name })
      expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 400, error: words })
    }
    // 80 characters of any script pass, counted as characters.
    expect((await call(ana, 'PUT', '/api/v1/my_name', { display_name: '😀'.repeat(80) })).status).toBe(200)
  })

  it('refuses hostile bodies and a stolen session without the device key', async () => {
    const ana = await signIn('email')
    for (const body of [{}, { display_name: 42 }, { display_name: 'Ana', user_id: 'someone' }, 'Ana', null]) {
      const refused = await call(ana, 'PUT', '/api/v1/my_name', body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
    }
    const stolen = new WalletCaller(
      new ApiClient(server.url, { headers: { authorization: `Bearer ${ana.token}` } }),
    )
    const unsigned = await stolen.api.request('PUT', '/api/v1/my_name', { display_name: 'Thief' })
    expect(unsigned.status).toBe(401)
    const signed = await stolen.send('PUT', '/api/v1/my_name', { display_name: 'Thief' })
    expect(signed.status).toBe(401)
    expect((await call(ana, 'GET', '/api/v1/my_name')).body).toEqual({ display_name: null })
  })

  it('may come with a new organisation or an acceptance, and a bad one stops either before anything is done', async () => {
    const ana = await signIn('email')
    const refused = await call(ana, 'POST', '/api/v1/organizations', {
      document: { type: '1.0', data: { name: 'Nameless' } },
      display_name: '',
    })
    expect(refused.status).toBe(400)
    expect((await call(ana, 'GET', '/api/v1/organizations')).body.organizations).toEqual([])
    const created = await call(ana, 'POST', '/api/v1/organizations', {
      document: { type: '1.0', data: { name: 'Named' } },
      display_name: 'Ana',
    })
    expect(created.body.members[0].label).toBe('Ana')

    const email = uniqueEmail()
    const invited = await invite(ana, created.body.id, { email })
    const ben = await signIn('email', email)
    const bad = await call(ben, 'POST', `/api/v1/invitations/${invited.body.id}/accept`, {
      display_name: 'B\u0007',
    })
    expect(bad.status).toBe(400)
    expect((await call(ben, 'GET', '/api/v1/invitations')).body.invitations).toHaveLength(1)
  })
})
