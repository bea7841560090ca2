import { describe, expect, it } from 'vitest'
import type { RandomValues } from './RandomValues.ts'
import { uniformRandomIndices } from './uniformRandomIndices.ts'

function cycle(values: number[]): RandomValues {
  let next = 0
  return (array) => {
    for (let i = 0; i < array.length; i++) array[i] = values[next++ % values.length] ?? 0
  }
}

describe('uniformRandomIndices', () => {
  it('draws again for the values above the last whole multiple of the size', () => {
    // For size 3, 2^32 mod 3 = 1: only the largest value, 2^32 - 1, is out of range.
    const largest = 2 ** 32 - 1
    expect(uniformRandomIndices(2, 3, cycle([largest - 1, largest, largest - 3]))).toEqual([2, 0])
    expect(uniformRandomIndices(3, 3, cycle([largest - 3, largest - 2, largest - 1]))).toEqual([0, 1, 2])
  })

  it('keeps every value of a power-of-two size, where nothing is biased', () => {
    expect(uniformRandomIndices(2, 4, cycle([2 ** 32 - 1, 2 ** 32 - 4]))).toEqual([3, 0])
  })

  it('spreads real random draws over the whole range', () => {
    const indices = uniformRandomIndices(6000, 6, (array) => globalThis.crypto.getRandomValues(array))
    const counts = [0, 0, 0, 0, 0, 0]
    for (const index of indices) counts[index] = (counts[index] ?? 0) + 1
    // 1000 expected each; a fair draw leaves this band about once in 10^12 runs.
    for (const count of counts) expect(count).toBeGreaterThan(780)
    for (const count of counts) expect(count).toBeLessThan(1220)
  })
})
