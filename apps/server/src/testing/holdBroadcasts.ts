/**
 * Loaded into a server process by a test, never by Charter itself (`startServerProcess({preload: [this file]})`,
 * that is `node --import tsx --import <this file> main.ts`). The process's `fetch` lets its first
 * HOLD_BROADCASTS_AFTER `eth_sendRawTransaction` calls through and holds every later one, forever, printing
 * `held-broadcast <signed transaction>` to stderr. HOLD_BROADCASTS_AT says where:
 * - `request` (the default): before a byte of it leaves the process. By then the server has chosen the nonce,
 *   signed and recorded the send: a test that reads the line and kills the server has killed it exactly between
 *   recording and broadcast, and the node never saw the transaction.
 * - `answer`: once the node has answered, before the server reads the answer: the transaction went out, and the
 *   server dies before it notes the broadcast.
 * Nothing in the server changes.
 */
const after = Number(process.env.HOLD_BROADCASTS_AFTER ?? Number.POSITIVE_INFINITY)
const at = process.env.HOLD_BROADCASTS_AT === 'answer' ? 'answer' : 'request'
let passed = 0
const realFetch = globalThis.fetch
const forever = () => new Promise<Response>(() => {})

globalThis.fetch = async (input, init) => {
  const body = typeof init?.body === 'string' ? init.body : undefined
  if (body?.includes('eth_sendRawTransaction')) {
    const call = JSON.parse(body) as { method?: string; params?: unknown[] }
    if (call.method === 'eth_sendRawTransaction') {
      if (passed < after) {
        passed += 1
        return realFetch(input, init)
      }
      if (at === 'answer') {
        const answer = await realFetch(input, init)
        await answer.arrayBuffer()
      }
      process.stderr.write(`held-broadcast ${String(call.params?.[0])}\n`)
      // Held until the process dies: never answered, never timed out.
      return forever()
    }
  }
  return realFetch(input, init)
}
