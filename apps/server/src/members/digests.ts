import { createHash, createHmac, randomBytes } from 'node:crypto'

/** 32 random bytes, URL-safe: session and refresh tokens. */
export const randomToken = (): string => randomBytes(32).toString('base64url')

/** Tokens are stored as their SHA-256: they carry 256 bits, so no key or stretching is needed. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex')

/** One-time codes have only a million values, so their digest is keyed: a leaked table cannot be brute-forced. */
export const hmacHex = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('hex')

/** A keyed digest as URL-safe text: tokens derived from another token with the server's secret. */
export const hmacBase64Url = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('base64url')
