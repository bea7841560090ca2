import type { Hex, TransactionSerializable } from 'viem'

/**
 * Whose network fees Charter pays (`SPONSOR_FEES`): nobody's, every member's, or only those of members of an
 * organisation.
 */
export type SponsorMode = 'off' | 'members' | 'organizations'

/** One sponsored send held against the member's allowance until it is known to have gone out, or not. */
export type SponsorReservation = { readonly id: string }

/** What a member may still have sponsored, as `GET /api/v1/sponsor` shows it. */
export type SponsorAllowance = {
  /** Sponsored sends left in the rolling window. */
  sendsLeft: number
  /** How many the window allows. */
  sendsPerWindow: number
  /** The window's length, in hours. */
  windowHours: number
  /** When the oldest send in the window leaves it (a send is free again); null when none is in it. */
  nextFreeAt: Date | null
}

/**
 * The sponsor (`sponsor/`): one wallet per kind of chain (an EVM one, the same address on every EVM chain, and a
 * Solana one) whose key pays members' network fees, kept like members' keys. Sends ask it, never the other way
 * round: a sponsored send reserves its place in the member's allowance before anything is signed, has the sponsor
 * sign what it submits, and gives the reservation back when nothing was broadcast.
 */
export type Sponsor = {
  readonly mode: SponsorMode
  /** The sponsor's address on that kind of chain; undefined while sponsorship is off. */
  address(chainType: 'ethereum' | 'solana'): string | undefined
  /** Whether this member's sends are sponsored now: the mode, and for `organizations` a membership. */
  covers(userId: string): Promise<boolean>
  /**
   * Holds one sponsored send, whose fee is at most `maxFee` (wei or lamports of the chain `caip2` names), against
   * the member's rolling allowance (a count, and the fee spent per chain), before anything is signed: two
   * requests at once, or two server processes, cannot both take the last place. Past it, throws a
   * `WalletApiError` (429) saying in words when the member can have a send sponsored again.
   */
  reserve(input: { userId: string; caip2: string; maxFee: bigint }, now?: Date): Promise<SponsorReservation>
  /** Gives a reservation back: nothing was broadcast under it. */
  release(reservation: SponsorReservation): Promise<void>
  /** Signs a transaction the sponsor submits (and pays the gas of) with its EVM key. */
  signEvmTransaction(transaction: TransactionSerializable): Promise<Hex>
  /** Signs a Solana message's bytes with the sponsor's key (it pays the fee): the 64-byte Ed25519 signature. */
  signSolanaMessage(message: Uint8Array): Promise<Uint8Array>
  /** What the member may still have sponsored now. */
  allowance(userId: string, now?: Date): Promise<SponsorAllowance>
}

const off = (): never => {
  throw new Error('fee sponsorship is off')
}

/** The sponsor when sponsorship is off (`SPONSOR_FEES=off`): it covers nobody and signs nothing. */
export const sponsorOff: Sponsor = {
  mode: 'off',
  address: () => undefined,
  covers: async () => false,
  reserve: async () => off(),
  release: async () => undefined,
  signEvmTransaction: async () => off(),
  signSolanaMessage: async () => off(),
  allowance: async () => ({ sendsLeft: 0, sendsPerWindow: 0, windowHours: 24, nextFreeAt: null }),
}
