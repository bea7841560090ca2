import { Hono, type MiddlewareHandler } from 'hono'
import type { Db } from '../db/Database.ts'
import { clientAddress } from '../http/clientAddress.ts'
import { jsonBody, pathParams } from '../http/validate.ts'
import type { Logger } from '../log/logger.ts'
import { requireSession, sessionRequired } from '../members/sessionMiddleware.ts'
import type { DocumentSizeLimit } from '../pinning/documentSizeLimit.ts'
import { type Pinning, publicGateway } from '../pinning/Pinning.ts'
import { colleagueRoutes } from './colleagueRoutes.ts'
import {
  defaultInvitationLimits,
  type InvitationChannels,
  type InvitationLimits,
  invitationDelivery,
} from './invitationDelivery.ts'
import { invitationRoutes } from './invitationRoutes.ts'
import { assertNameFree, checkDisplayName, setDisplayName } from './memberNames.ts'
import { memberRoutes } from './memberRoutes.ts'
import { nameRoutes } from './nameRoutes.ts'
import { organizationAccess } from './organizationAccess.ts'
import { type Env, fromSignature, type OrganizationRouteParts, schemas } from './organizationRouteParts.ts'
import { organizationStore } from './organizationStore.ts'
import { pinDocument } from './pinDocument.ts'
import { roleRoutes } from './roleRoutes.ts'

/** An organisation's own routes: creating one, listing the member's, reading one, its document and history. */
function ownRoutes({ db, store, access, pin, signed }: OrganizationRouteParts) {
  return new Hono<Env>()
    .post('/organizations', sessionRequired, signed, jsonBody(schemas.document, fromSignature), async (c) => {
      const { userId } = requireSession(c)
      const body = c.req.valid('json')
      // The creator's name is checked before anything is pinned, and kept once the organisation is.
      const name = body.display_name === undefined ? undefined : checkDisplayName(body.display_name)
      if (name !== undefined) await assertNameFree(db, userId, name)
      const pinned = await pin(body.document)
      const organizationId = await store.createOrganization(userId, pinned)
      if (name !== undefined) await setDisplayName(db, userId, name)
      return c.json(await store.view(organizationId, 'admin'), 200)
    })
    .get('/organizations', sessionRequired, async (c) => {
      const { userId } = requireSession(c)
      return c.json({ organizations: await store.organizationsOf(userId) }, 200)
    })
    .get('/organizations/:id', sessionRequired, pathParams(schemas.org), async (c) => {
      const { userId } = requireSession(c)
      const { id } = c.req.valid('param')
      const mine = await access.memberOrHidden(id, userId)
      return c.json(await store.view(id, mine), 200)
    })
    .put(
      '/organizations/:id/document',
      sessionRequired,
      pathParams(schemas.org),
      signed,
      jsonBody(schemas.document, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id } = c.req.valid('param')
        await access.adminOf(id, userId)
        const pinned = await pin(c.req.valid('json').document)
        await store.changeDocument(id, userId, pinned)
        return c.json(await store.view(id, 'admin'), 200)
      },
    )
    .get('/organizations/:id/history', sessionRequired, pathParams(schemas.org), async (c) => {
      const { userId } = requireSession(c)
      const { id } = c.req.valid('param')
      await access.memberOrHidden(id, userId)
      return c.json({ versions: await store.history(id) }, 200)
    })
}

/**
 * Organisations, their roles and members, and invitations (docs/organizations.md). Whoever is not a member of an
 * organisation hears it does not exist (404) on every route naming it; a member who is not an admin may read but
 * not change (403). The routes validate, authorise, call the store and answer; every query is the store's.
 */
export function organizationRoutes(options: {
  db: Db
  /** The pinning part's adapter; undefined when this server has none (a change with a document is then 503). */
  pinning: Pinning | undefined
  sizeLimit: DocumentSizeLimit
  /** The device-key check every change passes (`signedRequest`); reads go by the session alone. */
  signed: MiddlewareHandler<Env>
  /** How invitations' texts and emails go out: the sign-in channels, where this server has them. */
  channels?: InvitationChannels
  /** PUBLIC_URL: the origin invitation links open; without it, the origin each request came to. */
  publicUrl?: URL | undefined
  invitationLimits?: InvitationLimits
  /** TRUST_PROXY: how the client's address is read, which invitations are counted against as codes are. */
  trustProxy?: number
  logger?: Logger
}) {
  const { pinning, sizeLimit, signed } = options
  const store = organizationStore({
    db: options.db,
    gatewayUrl: (cid) => pinning?.gatewayUrl(cid) ?? `${publicGateway}/ipfs/${cid}`,
  })
  const parts: OrganizationRouteParts = {
    store,
    access: organizationAccess(store),
    pin: (document) => pinDocument(pinning, sizeLimit, document),
    signed,
    db: options.db,
    delivery: invitationDelivery({
      db: options.db,
      channels: options.channels ?? { phone: undefined, email: undefined },
      limits: options.invitationLimits ?? defaultInvitationLimits,
      logger: options.logger,
    }),
    linkOrigin: (requestUrl) => options.publicUrl?.origin ?? new URL(requestUrl).origin,
    clientOf: (c) => clientAddress(c, options.trustProxy ?? 0),
  }
  return new Hono<Env>()
    .route('/', colleagueRoutes(options.db))
    .route('/', ownRoutes(parts))
    .route('/', roleRoutes(parts))
    .route('/', invitationRoutes(parts))
    .route('/', memberRoutes(parts))
    .route('/', nameRoutes(parts))
}
