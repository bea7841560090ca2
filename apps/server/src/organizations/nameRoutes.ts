import { Hono } from 'hono'
import { jsonBody } from '../http/validate.ts'
import { requireSession, sessionRequired } from '../members/sessionMiddleware.ts'
import { checkDisplayName, displayNameOf, setDisplayName } from './memberNames.ts'
import { type Env, fromSignature, type OrganizationRouteParts, schemas } from './organizationRouteParts.ts'

/**
 * The name a member goes by among their colleagues: each reads and sets their own only (the route names no
 * member, so there is nobody else's to name), and a change is signed with the device key as every change is.
 */
export function nameRoutes({ db, signed }: OrganizationRouteParts) {
  return new Hono<Env>()
    .get('/my_name', sessionRequired, async (c) => {
      const { userId } = requireSession(c)
      return c.json({ display_name: await displayNameOf(db, userId) }, 200)
    })
    .put('/my_name', sessionRequired, signed, jsonBody(schemas.displayName, fromSignature), async (c) => {
      const { userId } = requireSession(c)
      const name = checkDisplayName(c.req.valid('json').display_name)
      await setDisplayName(db, userId, name)
      return c.json({ display_name: name }, 200)
    })
}
