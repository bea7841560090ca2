type Waiter<V> = { resolve: (value: V) => void; reject: (error: unknown) => void }

/**
 * Runs `work` over everything asked for while the previous run was busy, one run at a time: a lone caller
 * waits no longer than before (its run starts on the next turn of the event loop), while fifty callers at once
 * share a few runs instead of fifty. This is group commit, the way databases batch their own writes.
 */
function coalesce<Item, Result>(work: (items: Item[]) => Promise<(item: Item) => Result>) {
  let pending: { items: Item[]; waiters: Waiter<Result>[] } | undefined
  let running = false

  const run = async () => {
    const batch = pending
    pending = undefined
    if (!batch) return
    running = true
    try {
      const answer = await work(batch.items)
      for (const [i, waiter] of batch.waiters.entries()) waiter.resolve(answer(batch.items[i] as Item))
    } catch (error) {
      for (const waiter of batch.waiters) waiter.reject(error)
    } finally {
      running = false
      // What arrived during this run goes next, together.
      if (pending) setImmediate(run)
    }
  }

  return (item: Item) =>
    new Promise<Result>((resolve, reject) => {
      if (!pending) {
        pending = { items: [], waiters: [] }
        if (!running) setImmediate(run)
      }
      pending.items.push(item)
      pending.waiters.push({ resolve, reject })
    })
}

/** Lookups asked for together share one query: `load` answers what it found, by key. */
export function batchLoader<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
): (key: K) => Promise<V | undefined> {
  return coalesce<K, V | undefined>(async (keys) => {
    const found = await load([...new Set(keys)])
    return (key) => found.get(key)
  })
}

/** Rows added together go in one INSERT, and each caller learns when theirs is stored. */
export function batchWriter<T>(write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  return coalesce<T, void>(async (items) => {
    await write(items)
    return () => undefined
  })
}

/**
 * Rows added together go in one INSERT, and each caller learns what its own row answered (its id): `write`
 * answers one result per item, in the items' order.
 */
export function batchInserter<T, R>(write: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  return coalesce<T, R>(async (items) => {
    const results = await write(items)
    if (results.length !== items.length)
      throw new Error(`${items.length} rows written, ${results.length} answered`)
    const byItem = new Map(items.map((item, i) => [item, results[i] as R]))
    return (item) => byItem.get(item) as R
  })
}
