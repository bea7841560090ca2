type Waiter<V> = { resolve: (value: V) => void; reject: (error: unknown) => void }

/**
 * Coalesces the lookups asked for in one turn of the event loop into one query. One caller waits no longer
 * than before; fifty callers at once cost one round trip to the database instead of fifty.
 */
export function batchLoader<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
): (key: K) => Promise<V | undefined> {
  let pending: Map<K, Waiter<V | undefined>[]> | undefined
  const flush = async () => {
    const batch = pending
    pending = undefined
    if (!batch) return
    try {
      const found = await load([...batch.keys()])
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key))
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error)
    }
  }
  return (key) =>
    new Promise((resolve, reject) => {
      if (!pending) {
        pending = new Map()
        setImmediate(flush)
      }
      const waiters = pending.get(key)
      if (waiters) waiters.push({ resolve, reject })
      else pending.set(key, [{ resolve, reject }])
    })
}

/** The same for writes: rows added in one turn go in one INSERT, and each caller learns when theirs is stored. */
export function batchWriter<T>(write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let pending: { items: T[]; waiters: Waiter<void>[] } | undefined
  const flush = async () => {
    const batch = pending
    pending = undefined
    if (!batch) return
    try {
      await write(batch.items)
      for (const waiter of batch.waiters) waiter.resolve()
    } catch (error) {
      for (const waiter of batch.waiters) waiter.reject(error)
    }
  }
  return (item) =>
    new Promise((resolve, reject) => {
      if (!pending) {
        pending = { items: [], waiters: [] }
        setImmediate(flush)
      }
      pending.items.push(item)
      pending.waiters.push({ resolve, reject })
    })
}
