import type { ShownAddress } from './ShownAddress.ts'

/**
 * An amount of a token as a person reads it: in whole tokens when Charter knows the token, otherwise in the
 * contract's base units (its decimals are unknown); `unlimited` for amounts no real balance comes near.
 */
export type TokenAmount = { unlimited: boolean; amount: string; token: ShownAddress }
