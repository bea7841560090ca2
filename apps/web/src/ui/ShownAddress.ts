import type { KnownToken } from './KnownToken.ts'

/** An address as a person is shown it: checksummed and whole, and the token it is when Charter knows it. */
export type ShownAddress = { address: string; token: KnownToken | undefined }
