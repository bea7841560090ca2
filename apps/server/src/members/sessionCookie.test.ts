import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { sessionCookie } from './sessionCookie.ts'

const setBy = async (secure: boolean) => {
  const app = new Hono().get('/', (c) => {
    sessionCookie(secure).set(c, 'token-value', new Date(Date.now() + 60_000))
    return c.text('ok')
  })
  return (await app.request('/')).headers.get('set-cookie') ?? ''
}

describe('sessionCookie', () => {
  it('is __Host- prefixed, Secure, on / and with no Domain in production', async () => {
    const header = await setBy(true)
    expect(header).toMatch(/^__Host-charter-session=token-value;/)
    expect(header).toContain('Path=/')
    expect(header).toContain('Secure')
    expect(header).toContain('HttpOnly')
    expect(header).toContain('SameSite=Lax')
    expect(header).not.toContain('Domain')
  })

  it('is plain charter-session over http on this machine', async () => {
    expect(await setBy(false)).toMatch(/^charter-session=token-value;/)
  })

  it('refuses a request that carries two of them', async () => {
    const app = new Hono().get('/', (c) => c.text(sessionCookie(false).read(c) ?? 'none'))
    app.onError((error, c) => c.text(error.message, 400))
    const one = await app.request('/', { headers: { cookie: 'other=1; charter-session=abc' } })
    expect(await one.text()).toBe('abc')
    const two = await app.request('/', {
      headers: { cookie: 'charter-session=abc; charter-session=planted' },
    })
    expect(two.status).toBe(400)
    expect(await two.text()).toContain('2 session cookies')
  })
})
