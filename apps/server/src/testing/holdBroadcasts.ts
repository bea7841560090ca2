/**
 * Loaded into a server process by a test, never by Charter itself (`startServerProcess({preload: [this file]})`,
 * that is `node --import tsx --import <this file> main.ts`). The process's `fetch` lets its first
 * HOLD_BROADCASTS_AFTER `eth_sendRawTransaction` calls through and holds every later one where it is, before a
 * byte of it leaves the process, printing `held-broadcast <signed transaction>` to stderr. By then the server has
 * chosen the nonce, signed and recorded the send: a test that reads the line and kills the server has killed it
 * exactly between recording and broadcast, and the node never saw the transaction. Nothing in the server changes.
 */
const after = Number(process.env.HOLD_BROADCASTS_AFTER ?? Number.POSITIVE_INFINITY)
let passed = 0
const realFetch = globalThis.fetch

globalThis.fetch = (input, init) => {
  const body = typeof init?.body === 'string' ? init.body : undefined
  if (body?.includes('eth_sendRawTransaction')) {
    const call = JSON.parse(body) as { method?: string; params?: unknown[] }
    if (call.method === 'eth_sendRawTransaction') {
      if (passed >= after) {
        process.stderr.write(`held-broadcast ${String(call.params?.[0])}\n`)
        // Held until the process dies: never answered, never timed out, never sent.
        return new Promise<Response>(() => {})
      }
      passed += 1
    }
  }
  return realFetch(input, init)
}
