import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { knownDevices, sessionOrigins, sessions } from '../db/schema.ts'
import { uniqueEmail } from '../testing/ApiClient.ts'
import { sharedTestDatabase } from '../testing/startTestServer.ts'
import { sha256Hex } from './digests.ts'
import { createSession } from './sessions.ts'
import { createUserWithIdentity } from './users.ts'

const lifetime = { lifetimeHours: 24, maxDays: 30 }
const origin = { signedInWith: 'email' as const, holdEndsAt: null }

async function newMember() {
  const { db } = await sharedTestDatabase()
  const user = await createUserWithIdentity(db, { kind: 'email', address: uniqueEmail() }, [])
  return { db, userId: user.id }
}

describe('createSession: the session, its origin and the device in one statement', () => {
  it('writes the session and its origin, and remembers a new device by the digest of its cookie', async () => {
    const { db, userId } = await newMember()
    const holdEndsAt = new Date(Date.now() + 3_600_000)
    const started = await createSession(db, {
      ...lifetime,
      userId,
      userAgent: 'Firefox',
      origin: { signedInWith: 'phone', holdEndsAt },
      deviceToken: undefined,
    })
    // A client that sent no cookie is given one, and is a device the account never saw.
    expect(started.device.isNew).toBe(true)
    expect(started.device.token).toMatch(/^[\w-]{20,}$/)
    const [session] = await db.select().from(sessions).where(eq(sessions.id, started.sessionId))
    expect(session).toMatchObject({ userId, userAgent: 'Firefox', tokenHash: sha256Hex(started.token) })
    const [written] = await db
      .select()
      .from(sessionOrigins)
      .where(eq(sessionOrigins.sessionId, started.sessionId))
    expect(written).toMatchObject({ userId, signedInWith: 'phone' })
    expect(new Date(written?.holdEndsAt ?? 0).getTime()).toBe(holdEndsAt.getTime())
    const devices = await db.select().from(knownDevices).where(eq(knownDevices.userId, userId))
    expect(devices.map((device) => device.deviceDigest)).toEqual([sha256Hex(started.device.token)])

    // The same cookie again is a device the account knows: its last use moves on, no second row.
    const later = new Date(Date.now() + 60_000)
    const again = await createSession(
      db,
      { ...lifetime, userId, origin, deviceToken: started.device.token },
      later,
    )
    expect(again.device).toEqual({ token: started.device.token, isNew: false })
    const [seen] = await db.select().from(knownDevices).where(eq(knownDevices.userId, userId))
    expect(new Date(seen?.lastSeenAt ?? 0).getTime()).toBe(later.getTime())
    expect(await db.select().from(knownDevices).where(eq(knownDevices.userId, userId))).toHaveLength(1)
  })

  it('keeps the 50 devices used last: a new one forgets the oldest, which is new again when it comes back', async () => {
    const { db, userId } = await newMember()
    const start = Date.now()
    const tokens: string[] = []
    for (let i = 0; i < 51; i++) {
      const { device } = await createSession(
        db,
        { ...lifetime, userId, origin, deviceToken: `device-${userId}-${i}` },
        new Date(start + i * 1000),
      )
      expect(device.isNew).toBe(true)
      tokens.push(device.token)
    }
    const kept = await db.select().from(knownDevices).where(eq(knownDevices.userId, userId))
    expect(kept).toHaveLength(50)
    expect(kept.map((device) => device.deviceDigest)).not.toContain(sha256Hex(tokens[0] as string))
    // A known device signing in again forgets nothing.
    const known = await createSession(
      db,
      { ...lifetime, userId, origin, deviceToken: tokens[1] },
      new Date(start + 60_000),
    )
    expect(known.device.isNew).toBe(false)
    expect(await db.select().from(knownDevices).where(eq(knownDevices.userId, userId))).toHaveLength(50)
    // The forgotten one is a new device again, and the oldest now (the third) makes room for it.
    const back = await createSession(
      db,
      { ...lifetime, userId, origin, deviceToken: tokens[0] },
      new Date(start + 61_000),
    )
    expect(back.device.isNew).toBe(true)
    const now = await db.select().from(knownDevices).where(eq(knownDevices.userId, userId))
    expect(now).toHaveLength(50)
    expect(now.map((device) => device.deviceDigest)).not.toContain(sha256Hex(tokens[2] as string))
  })
})
