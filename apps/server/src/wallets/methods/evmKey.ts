import type { Hex } from 'viem'

/**
 * The wallet's secp256k1 key as viem's standalone signers take it: they derive no public key, which halves the
 * cost of a signature.
 */
export const evmKey = (privateKey: Uint8Array): Hex => `0x${Buffer.from(privateKey).toString('hex')}`
