import type { ShownAddress } from './SignatureRequest.ts'

/**
 * An amount of a token as the dialog words it: in whole tokens when Charter knows the token, otherwise in the
 * contract's base units (its decimals are unknown); `unlimited` for amounts no real balance comes near.
 */
export type TokenAmount = { unlimited: boolean; amount: string; token: ShownAddress }
