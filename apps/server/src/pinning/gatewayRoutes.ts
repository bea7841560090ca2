import { Hono } from 'hono'
import { CID } from 'multiformats/cid'
import { z } from 'zod'
import { pathParams, queryParams } from '../http/validate.ts'
import type { CharterPinning } from './charterPinning.ts'
import { PinningError } from './PinningError.ts'

const dagPb = 0x70
const rawBlockType = 'application/vnd.ipld.raw'

/** A year, as the public gateways send it: a CID names its bytes forever. */
export const gatewayCacheControl = 'public, max-age=29030400, immutable'

/**
 * What the gateway's answers are: content addressed by anyone, served from Charter's own origin, so it must never
 * run there: no sniffing, no script, no same-origin access (`sandbox`), whatever the document says.
 */
export const gatewayContentSecurityPolicy = "default-src 'none'; sandbox"

const cidParam = z.object({
  cid: z
    .string()
    .max(200, 'a CID is at most 200 characters')
    .transform((text, context) => {
      try {
        return CID.parse(text)
      } catch {
        context.addIssue({
          code: 'custom',
          message: 'not a CID (a CIDv0 Qm… or a CIDv1 such as bafy… or bafkrei…)',
        })
        return z.NEVER
      }
    }),
})

const gatewayQuery = z.object({ format: z.string().max(40).optional() })

const invalidCid = (problem: string) => new PinningError('invalid_cid', `The CID is not valid: ${problem}.`)

/** The texts a CID may be stored under: its own, and for dag-pb its other version (the same DAG, Qm… or bafy…). */
function storedNames(cid: CID): string[] {
  const own = cid.toString()
  if (cid.code !== dagPb || cid.multihash.code !== 0x12 || cid.multihash.digest.length !== 32) return [own]
  return [own, cid.version === 0 ? cid.toV1().toString() : cid.toV0().toString()]
}

/**
 * `GET` and `HEAD /ipfs/{cid}` over Charter's own pinning service, as IPFS gateways answer: the pinned JSON
 * document (or, with `?format=raw` or `Accept: application/vnd.ipld.raw`, the raw block, so a verifying client
 * can hash it), immutable, CORS `*`, under a policy that lets nothing in it run. Public: no session, no key.
 */
export function gatewayRoutes(own: CharterPinning | undefined) {
  return new Hono().get(
    '/:cid',
    pathParams(cidParam, invalidCid),
    queryParams(gatewayQuery, invalidCid),
    async (c) => {
      const cid = c.req.valid('param').cid
      const text = cid.toString()
      const raw =
        c.req.valid('query').format === 'raw' || (c.req.header('accept') ?? '').includes(rawBlockType)
      let bytes: Uint8Array | undefined
      for (const name of storedNames(cid)) {
        if (bytes || !own) break
        bytes = raw ? await own.readBlock(name) : (await own.readPin(name))?.content
      }
      if (!bytes) {
        throw new PinningError(
          'not_found',
          `Nothing is pinned here under ${text}${raw ? '' : ' (only pinned documents are served; their blocks with ?format=raw)'}.`,
        )
      }
      c.header('Content-Type', raw ? rawBlockType : 'application/json')
      c.header('Content-Length', String(bytes.length))
      c.header('X-Content-Type-Options', 'nosniff')
      c.header('Content-Security-Policy', gatewayContentSecurityPolicy)
      // Public and content-addressed: any site may load it, and any page may read it (CORS *).
      c.header('Cross-Origin-Resource-Policy', 'cross-origin')
      c.header('Access-Control-Allow-Origin', '*')
      c.header('Cache-Control', gatewayCacheControl)
      c.header('Etag', `"${text}${raw ? '.raw' : ''}"`)
      c.header('X-Ipfs-Path', `/ipfs/${text}`)
      c.header('Vary', 'Accept')
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200)
    },
  )
}
