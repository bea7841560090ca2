import { createHash, randomBytes } from 'node:crypto'
import type { Onramp } from './Onramp.ts'
import { sandboxNetworkOf } from './sandboxNetworks.ts'

/** How long a sandbox token may be used, as Coinbase's: five minutes. */
export const sandboxTokenLifetimeMs = 5 * 60_000

/** Where the sandbox's buy page is served, on Charter's own origin; the core's builder adds `/buy/select-asset`. */
export const sandboxBaseUrl = '/sandbox/onramp'

/** The digest a sandbox token is kept and looked up by: the token itself is never stored. */
export const sandboxTokenDigest = (token: string): string => createHash('sha256').update(token).digest('hex')

/**
 * The embedded on-ramp: Charter mints its own single-use tokens (32 random bytes, kept as a digest on the
 * request's row with its expiry) and serves a buy page of its own (`sandboxRoutes.ts`) that credits the local
 * devnets. `appId` is the server's APP_ID; the local devnets stand for the networks of `sandboxNetworks.ts`.
 */
export function sandboxOnramp(appId: string): Onramp {
  return {
    service: 'sandbox',
    appId,
    baseUrl: sandboxBaseUrl,
    networkOf: (chain) => (chain.local ? sandboxNetworkOf(chain.id) : undefined),
    mint: async () => {
      const token = randomBytes(32).toString('base64url')
      return {
        token,
        channelId: `sandbox-${randomBytes(8).toString('hex')}`,
        sandbox: {
          tokenDigest: sandboxTokenDigest(token),
          expiresAt: new Date(Date.now() + sandboxTokenLifetimeMs),
        },
      }
    },
  }
}
