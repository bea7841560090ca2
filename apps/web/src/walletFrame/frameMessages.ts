import { signAuthorization } from '../features/walletProxy/index.ts'
import { base64ToBytes } from './base64ToBytes.ts'
import type { FrameConfig } from './frameConfig.ts'
import type { FrameKey } from './frameKey.ts'

/** A message from the SDK: `{id, event, data}`. */
export type FrameRequest = { id: string; event: string; data?: unknown }

/** The frame's answer, to the same `id` and `event`: its data, or an error in the SDK's shape. */
export type FrameAnswer =
  | { id: string; event: string; data: unknown }
  | { id: string; event: string; error: { type: string; message: string } }

export const isFrameRequest = (value: unknown): value is FrameRequest =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FrameRequest).id === 'string' &&
  typeof (value as FrameRequest).event === 'string' &&
  /^privy:.+/.test((value as FrameRequest).event)

/** What the SDK asks of other wallet frames and Charter's does not do, in words a developer can act on. */
const unsupported: Record<string, string> = {
  'privy:wallets:add':
    'Charter makes wallets on its server: create one with POST /api/v1/wallets (useCreateWallet does).',
  'privy:wallet:create': 'Charter makes wallets on its server: create one with POST /api/v1/wallets.',
  'privy:solana-wallet:create': 'Charter makes wallets on its server: create one with POST /api/v1/wallets.',
  'privy:wallets:import': 'Charter does not import keys made elsewhere.',
  'privy:wallets:set-recovery':
    'Charter keeps wallets for the member: there is no recovery password or cloud backup to set.',
  'privy:wallets:recover': 'Charter keeps wallets for the member: signing in on any device reaches them.',
  'privy:wallets:connect': "Charter's wallets are on its server: there is nothing to connect on this device.",
  'privy:wallets:rpc': 'Charter signs on its server: send the request to POST /api/v1/wallets/{id}/rpc.',
  'privy:mfa:init-enrollment':
    'Charter has no MFA enrolment; it asks for a fresh code where an action needs one.',
  'privy:mfa:submit-enrollment':
    'Charter has no MFA enrolment; it asks for a fresh code where an action needs one.',
  'privy:mfa:unenroll': 'Charter has no MFA enrolment.',
  'privy:auth:unlink-passkey':
    'Remove a passkey on Charter’s Security page: it asks for one of your passkeys there.',
  'privy:farcaster:init-signer': 'Charter has no Farcaster signer.',
  'privy:farcaster:sign': 'Charter has no Farcaster signer.',
  'privy:delegated-actions:consent': 'Charter has no delegated actions: every request is the member’s own.',
}

/** The requests the frame signs for the app's page: a wallet's JSON-RPC, and a new wallet. */
const signedPaths = /^\/api\/v1\/wallets(\/[^/]+\/rpc)?$/

const refuse = (request: FrameRequest, type: string, message: string): FrameAnswer => ({
  id: request.id,
  event: request.event,
  error: { type, message },
})

/**
 * The wallet frame's answers to Privy's React SDK (docs/migrating-from-privy.md). It holds the session's device
 * key and signs one thing with it: the authorization payload of a request to this Charter, for this app
 * (`privy:user-signer:sign`). It answers `privy:iframe:ready` once the key is ready, forgets the key at sign-out
 * (`privy:mfa:clear`, which the SDK awaits on logout), lets an export go on to the export page, which asks for a
 * fresh code itself (`privy:mfa:verify`), and refuses everything else by name.
 */
export function frameMessages({
  config,
  ownOrigin,
  key,
}: {
  config: FrameConfig
  /** This page's origin: the Charter the SDK calls (its `apiUrl`). */
  ownOrigin: string
  key: FrameKey
}) {
  async function sign(request: FrameRequest): Promise<FrameAnswer> {
    const data = (request.data ?? {}) as {
      requesterAppId?: unknown
      targetAppId?: unknown
      message?: unknown
    }
    // The SDK names an app only when the app asks for another one; none means this app.
    for (const named of [data.requesterAppId, data.targetAppId]) {
      if (named !== undefined && named !== config.appId) {
        return refuse(
          request,
          'invalid_request_arguments',
          `This wallet frame is the app ${config.appId}'s; it does not sign for ${String(named).slice(0, 64)}.`,
        )
      }
    }
    const problem = typeof data.message === 'string' ? payloadProblem(data.message) : 'no message to sign'
    if (problem) {
      return refuse(
        request,
        'invalid_request_arguments',
        `Charter's wallet frame signs only wallet requests to this Charter for this app: ${problem}.`,
      )
    }
    const bytes = base64ToBytes(data.message as string)
    const signature = await signAuthorization((await key.current()).keyPair.privateKey, bytes)
    return { id: request.id, event: request.event, data: { signature } }
  }

  /** Why `message` (base64 of the RFC 8785 payload) is not a request this frame signs, or undefined if it is. */
  function payloadProblem(message: string): string | undefined {
    let payload: { version?: unknown; method?: unknown; url?: unknown; headers?: Record<string, unknown> }
    try {
      payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64ToBytes(message)))
    } catch {
      return 'the message is not a request payload (base64 of JSON)'
    }
    if (payload === null || typeof payload !== 'object' || payload.version !== 1)
      return 'the payload is not version 1'
    let url: URL
    try {
      url = new URL(String(payload.url))
    } catch {
      return 'the payload has no URL'
    }
    if (url.origin !== ownOrigin || !url.pathname.startsWith('/api/v1/')) {
      return `the URL ${url.origin} is not this Charter's API`
    }
    // What the SDK signs: wallet requests. A key export, an account or an organisation change is never the app
    // page's to ask for: the export page signs its own requests, and Charter's web app the rest.
    if (payload.method !== 'POST' || !signedPaths.test(url.pathname)) {
      return `${String(payload.method).slice(0, 10)} ${url.pathname.slice(0, 100)} is not a wallet request`
    }
    if (payload.headers?.['privy-app-id'] !== config.appId)
      return `the payload is not for the app ${config.appId}`
    return undefined
  }

  return {
    /** The answer to `request` from a parent the caller has already checked; undefined for what needs none. */
    async answer(request: FrameRequest): Promise<FrameAnswer> {
      try {
        switch (request.event) {
          case 'privy:iframe:ready':
            await key.current()
            return { id: request.id, event: request.event, data: {} }
          case 'privy:user-signer:sign':
            return await sign(request)
          case 'privy:mfa:clear':
            await key.rotate()
            return { id: request.id, event: request.event, data: {} }
          // Asked before the export page opens; that page asks the member for a fresh code itself.
          case 'privy:mfa:verify':
            return { id: request.id, event: request.event, data: {} }
          default:
            return refuse(
              request,
              'error',
              unsupported[request.event] ??
                `Charter's wallet frame does not answer ${request.event.slice(0, 80)}.`,
            )
        }
      } catch (error) {
        return refuse(
          request,
          'error',
          `Charter's wallet frame could not answer: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
    },
  }
}
