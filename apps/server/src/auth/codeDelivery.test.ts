import { expect, it } from 'vitest'
import { consumeRateLimit } from '../http/rateLimit.ts'
import { sharedTestDatabase } from '../testing/startTestServer.ts'
import type { Channel } from './channels.ts'
import { codeChallenges } from './codeChallenges.ts'
import { codeDelivery } from './codeDelivery.ts'

const limits = {
  perDestination: [{ limit: 2, windowSeconds: 30 }],
  sendsPerClient: { limit: 100, windowSeconds: 3600 },
  triesPerClient: { limit: 100, windowSeconds: 3600 },
  perAddressCap: { limit: 100, windowSeconds: 3600 },
  passkeySignInsPerClient: { limit: 100, windowSeconds: 600 },
}

it('keeps the code a person has, and charges their address nothing, when the next one fails to go out', async () => {
  const { db } = await sharedTestDatabase()
  const secret = 'a-secret-for-this-test-only-0123456789'
  const challenges = codeChallenges({ db, secret, maxNumber: 10 })
  const codes = codeDelivery({ db, secret, limits, challenges })
  const sent: string[] = []
  let failing = false
  const channel: Channel = {
    kind: 'email',
    normalize: (input) => input,
    sendCode: async (_to, code) => {
      if (failing) throw new Error('the provider is down')
      sent.push(code)
    },
    sendNotice: async () => {},
  }
  const address = `delivery-${Math.random().toString(36).slice(2)}@example.org`
  const recipient = { channel, address, destination: `email:${address}`, purpose: 'sign-in' as const }
  const client = { address: `client-${address}`, sendsTo: ['a flow'], tries: 'a flow' }
  await codes.send(recipient, client)
  failing = true
  // Two codes per 30 seconds here: the failed one must give its place back, leaving room for one more.
  await expect(codes.send(recipient, client)).rejects.toThrow('the provider is down')
  // The first code still signs in: a failed successor never replaced it.
  await codes.check({
    destination: recipient.destination,
    code: sent[0] as string,
    client,
  })
  const room = await consumeRateLimit(db, `send:email:${address}:30`, { limit: 2, windowSeconds: 30 })
  expect(room.allowed).toBe(true)
})
