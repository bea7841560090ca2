import { describe, expect, it, vi } from 'vitest'
import { batchLoader, batchWriter } from './batch.ts'

describe('batchLoader', () => {
  it('answers lookups made together with one load, each its own value', async () => {
    const load = vi.fn(
      async (keys: number[]) => new Map(keys.filter((key) => key !== 3).map((key) => [key, key * 10])),
    )
    const find = batchLoader(load)
    expect(await Promise.all([find(1), find(2), find(1), find(3)])).toEqual([10, 20, 10, undefined])
    expect(load).toHaveBeenCalledTimes(1)
    expect(load).toHaveBeenCalledWith([1, 2, 3])
    expect(await find(4)).toBe(40)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('runs one load at a time: what is asked for meanwhile goes in the next load, together', async () => {
    const loads: number[][] = []
    let release: () => void = () => {}
    const find = batchLoader(async (keys: number[]) => {
      loads.push(keys)
      if (loads.length === 1) await new Promise<void>((resolve) => (release = resolve))
      return new Map(keys.map((key) => [key, key]))
    })
    const first = find(1)
    await new Promise((resolve) => setImmediate(resolve))
    const later = [find(2), find(3), find(4)]
    await new Promise((resolve) => setImmediate(resolve))
    expect(loads).toEqual([[1]])
    release()
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4])
    expect(loads).toEqual([[1], [2, 3, 4]])
  })

  it('fails every waiter of a batch whose load fails, and recovers after', async () => {
    let fail = true
    const find = batchLoader(async (keys: number[]) => {
      if (fail) throw new Error('down')
      return new Map(keys.map((key) => [key, key]))
    })
    await expect(Promise.all([find(1), find(2)])).rejects.toThrow('down')
    fail = false
    expect(await find(5)).toBe(5)
  })
})

describe('batchWriter', () => {
  it('writes the rows added together in one call and resolves each caller after it', async () => {
    const written: number[][] = []
    const add = batchWriter(async (items: number[]) => {
      written.push(items)
    })
    await Promise.all([add(1), add(2), add(3)])
    await add(4)
    expect(written).toEqual([[1, 2, 3], [4]])
  })

  it('rejects the callers of a failed write', async () => {
    const add = batchWriter(async () => {
      throw new Error('disk full')
    })
    await expect(add(1)).rejects.toThrow('disk full')
  })
})
