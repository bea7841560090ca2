import type { SignInMessageFields } from './SignInMessageFields.ts'
import { WalletSignInError } from './walletSignInRefusals.ts'

/** How far a wallet's clock may run ahead of the server's. */
export const signInClockSkewMs = 5 * 60_000
/** How long after `Issued At` a message is still taken: the nonce's own lifetime. */
export const signInMessageMaxAgeMs = 10 * 60_000

/** RFC 3339 as EIP-4361 writes times; `Date` alone would take many forms a wallet never signs. */
const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const uriPattern = /^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s]*$/
const urlsInText = /[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^\s"'<>)\]]+/g

function parseTime(value: string, field: string): Date {
  const time = dateTime.test(value) ? new Date(value) : new Date(Number.NaN)
  if (Number.isNaN(time.getTime()))
    throw new WalletSignInError('malformed', `${field} is not an RFC 3339 time`)
  return time
}

function originOf(uri: string): string | undefined {
  try {
    return new URL(uri).origin
  } catch {
    return undefined
  }
}

/**
 * The checks both message kinds share, against this app's origin (`PUBLIC_URL`, or the request's own): the
 * domain is its host, the URI is on its origin, the statement names no other site, each resource is a URI, the
 * version is 1, and the times hold. Throws the first refusal.
 */
export function checkSignInMessage(fields: SignInMessageFields, site: URL, now = new Date()): void {
  if (fields.version !== undefined && fields.version !== '1') {
    throw new WalletSignInError('bad_version', `version ${fields.version}`)
  }
  if (fields.domain !== site.host || (fields.scheme !== undefined && `${fields.scheme}:` !== site.protocol)) {
    throw new WalletSignInError('wrong_domain', `domain ${fields.domain}, expected ${site.host}`)
  }
  if (originOf(fields.uri) !== site.origin) {
    throw new WalletSignInError('wrong_uri', `URI ${fields.uri}, expected on ${site.origin}`)
  }
  for (const found of fields.statement?.match(urlsInText) ?? []) {
    if (originOf(found) !== site.origin)
      throw new WalletSignInError('smuggled_uri', `statement names ${found}`)
  }
  for (const resource of fields.resources ?? []) {
    if (!uriPattern.test(resource)) throw new WalletSignInError('bad_resource', `resource ${resource}`)
  }
  const issuedAt = parseTime(fields.issuedAt, 'Issued At')
  const expirationTime = fields.expirationTime && parseTime(fields.expirationTime, 'Expiration Time')
  const notBefore = fields.notBefore && parseTime(fields.notBefore, 'Not Before')
  if (issuedAt.getTime() > now.getTime() + signInClockSkewMs) {
    throw new WalletSignInError('issued_in_future', `issued at ${fields.issuedAt}`)
  }
  if (issuedAt.getTime() < now.getTime() - signInMessageMaxAgeMs) {
    throw new WalletSignInError('too_old', `issued at ${fields.issuedAt}`)
  }
  if (expirationTime && expirationTime.getTime() <= now.getTime()) {
    throw new WalletSignInError('expired', `expired at ${fields.expirationTime}`)
  }
  if (notBefore && notBefore.getTime() > now.getTime()) {
    throw new WalletSignInError('not_yet_valid', `not before ${fields.notBefore}`)
  }
}
