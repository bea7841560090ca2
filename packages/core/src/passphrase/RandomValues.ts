/**
 * Fills an array with random 32-bit values in place, as `crypto.getRandomValues` does. Only tests pass
 * another source; production always uses the platform's CSPRNG.
 */
export type RandomValues = (array: Uint32Array<ArrayBuffer>) => unknown

export const cryptoRandomValues: RandomValues = (array) => globalThis.crypto.getRandomValues(array)
