import type { MiddlewareHandler } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import { bodyLimit } from '../http/bodyLimit.ts'
import { jsonBody } from '../http/validate.ts'
import { refuseWrongSecret } from '../http/wrongSecrets.ts'
import type { Logger } from '../log/logger.ts'
import type { CharterPinning } from './charterPinning.ts'
import { documentSizeLimit } from './documentSizeLimit.ts'
import { PinningError } from './PinningError.ts'

/** Pinata's body: the document, its optional name (accepted, not kept) and options. */
export const pinBodySchema = z.object({
  // Any JSON value, as Pinata takes it; what is stored is JSON.stringify of it, key order and unknown keys kept.
  pinataContent: z.unknown().refine((value) => value !== undefined, 'required: the JSON document to pin'),
  pinataMetadata: z.object({ name: z.string().max(1000).optional() }).optional(),
  pinataOptions: z
    .object({
      cidVersion: z
        .union([z.literal(0), z.literal(1)], { error: '0 (Qm…, the default) or 1 (bafy…/bafkrei…)' })
        .optional(),
    })
    .optional(),
})

const tooLarge = (maxBytes: number) =>
  new PinningError(
    'payload_too_large',
    `The document is too large: this pinning service takes documents of at most ${maxBytes} bytes of JSON.`,
  )

const bearer = (header: string | undefined) => header?.match(/^Bearer\s+(\S{1,1024})$/i)?.[1]

export type PinningRouteOptions = {
  /** Charter's own service, or undefined when this server runs none (production without PINNING_API_KEYS). */
  own: CharterPinning | undefined
  db: Db
  trustProxy: number
  logger: Logger
}

/**
 * `POST /pinning/pinJSONToIPFS`, as Pinata answers it: the bearer key first (a wrong one counted against the
 * client's address like a wrong app secret, and 429 past the limit; the right one always passes), then the size
 * (413 above PINNING_MAX_BYTES, before any hashing), then the body; the document's blocks are stored and
 * committed before the answer.
 */
export function pinningRoutes({ own, db, trustProxy, logger }: PinningRouteOptions) {
  const keyRequired: MiddlewareHandler = async (c, next) => {
    if (!own) {
      throw new PinningError(
        'not_supported',
        'This server runs no pinning service of its own (it pins with Pinata). Set PINNING_API_KEYS to run it.',
      )
    }
    const key = bearer(c.req.header('authorization'))
    if (!key) {
      throw new PinningError(
        'invalid_credentials',
        'Send the pinning key as Authorization: Bearer <key> (PINNING_API_KEYS, or the file pinning-key in DATA_DIR).',
      )
    }
    if (!own.accepts(key)) {
      await refuseWrongSecret(
        c,
        { db, trustProxy, logger },
        { noun: 'pinning key', counter: 'pinning-key-failures', where: 'the pinning service' },
        () => new PinningError('invalid_credentials', 'The pinning key is not right.'),
      )
    }
    await next()
  }
  // Without a service of its own, `keyRequired` refuses every request before the body.
  const sizeLimit = own?.sizeLimit ?? documentSizeLimit(0)
  return new Hono().post(
    '/pinJSONToIPFS',
    keyRequired,
    bodyLimit({
      // PINNING_MAX_BYTES and room for the envelope around the document.
      maxSize: sizeLimit.maxBodyBytes,
      onError: (c) => {
        // The rest of the body is never read, so this connection cannot carry another request.
        c.header('Connection', 'close')
        throw tooLarge(sizeLimit.maxBytes)
      },
    }),
    jsonBody(pinBodySchema),
    async (c) => {
      const service = own as CharterPinning
      const body = c.req.valid('json')
      // What Pinata stores, and what `ipfs add` of it gives: compact, key order kept, no trailing newline.
      const bytes = new TextEncoder().encode(JSON.stringify(body.pinataContent))
      if (sizeLimit.exceeds(bytes)) throw tooLarge(sizeLimit.maxBytes)
      return c.json(await service.pin(bytes, body.pinataOptions?.cidVersion ?? 0), 200)
    },
  )
}
