import type { RandomValues } from './RandomValues.ts'

const range = 2 ** 32

/**
 * `count` indexes in [0, size), each equally likely. 2^32 is not a multiple of `size`, so `value % size`
 * alone would favour the low indexes; values at or above the last whole multiple are drawn again instead
 * (rejection sampling; for 7,772 words that is about one draw in a million).
 */
export function uniformRandomIndices(count: number, size: number, randomValues: RandomValues): number[] {
  const limit = range - (range % size)
  const indices: number[] = []
  while (indices.length < count) {
    const values = new Uint32Array(count - indices.length)
    randomValues(values)
    for (const value of values) {
      if (value < limit) indices.push(value % size)
    }
  }
  return indices
}
