import { z } from 'zod'
import { signInFields } from './signInFields.ts'

/** An address as sent: what it must be is the family's own check (`walletAddressKey`), named in its refusal. */
const address = z.string().min(1).max(100)
/** The signed message: a sign-in message is a dozen short lines. */
const message = z.string().min(1).max(4_000)
/** Hex (Ethereum, an EIP-6492 wrapper can be long) or base64/base58 (Solana). */
const signature = z.string().min(1).max(20_000)
/** Privy's names of the wallet app and how it connected (`metamask`, `phantom`; `injected`, `wallet_connect`). */
const clientName = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be a wallet name such as metamask')

/**
 * The chain the client says it signed on, as Privy's clients send it: a number, its decimal digits, or a CAIP-2
 * `eip155:N`. It must be the message's own `Chain ID`, which is what is checked.
 */
const chainId = z
  .union([
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    z.string().regex(/^(eip155:)?[1-9]\d{0,15}$/, 'must be an EIP-155 chain id, as 8453 or eip155:8453'),
  ])
  .transform((value) => Number(typeof value === 'number' ? value : value.replace(/^eip155:/, '')))

const signed = { message, signature, walletClientType: clientName, connectorType: clientName }

/** The bodies of Sign-In with Ethereum and with Solana, in Privy's shapes. */
export const walletSignInSchemas = {
  ethereum: {
    // Privy's client may send a captcha token with init; Charter throttles nonces instead and ignores it.
    init: z.strictObject({ address, token: z.string().max(4_000).optional() }),
    authenticate: z.strictObject({
      ...signed,
      chainId,
      mode: signInFields.mode,
      authorization_key: signInFields.deviceKey.optional(),
    }),
    link: z.strictObject({ ...signed, chainId }),
    unlink: z.strictObject({ address }),
  },
  solana: {
    init: z.strictObject({ address, token: z.string().max(4_000).optional() }),
    authenticate: z.strictObject({
      ...signed,
      mode: signInFields.mode,
      authorization_key: signInFields.deviceKey.optional(),
    }),
    link: z.strictObject(signed),
    unlink: z.strictObject({ address }),
  },
}
