import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Logger } from '../../log/logger.ts'
import { JsonRpcError } from './JsonRpcError.ts'
import { type MethodContext, rpcMethods } from './rpcMethods.ts'
import { toJsonText } from './toJsonText.ts'

/** The real RPC's request size limit (agave's MAX_REQUEST_BODY_SIZE, 50 KiB); a batch counts as one body. */
export const maxBodyBytes = 50 * 1024

/** The most calls one batch may hold. */
export const maxBatchLength = 1000

type Answer = {
  jsonrpc: '2.0'
  id: unknown
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

const failure = (id: unknown, code: number, message: string, data?: unknown): Answer => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
})

/** One call of a request or batch; undefined for a notification (no id), which gets no answer. */
function answer(context: MethodContext, call: unknown, logger: Logger): Answer | undefined {
  if (typeof call !== 'object' || call === null || Array.isArray(call))
    return failure(null, -32600, 'Invalid request')
  const { jsonrpc, method, params, id = null } = call as Record<string, unknown>
  const validId = id === null || typeof id === 'string' || typeof id === 'number'
  if (jsonrpc !== '2.0' || typeof method !== 'string' || !validId)
    return failure(validId ? id : null, -32600, 'Invalid request')
  const run = Object.hasOwn(rpcMethods, method) ? rpcMethods[method] : undefined
  const isNotification = !('id' in (call as object))
  const reply = (() => {
    if (!run) return failure(id, -32601, 'Method not found')
    try {
      return { jsonrpc: '2.0' as const, id, result: run(context, Array.isArray(params) ? params : []) }
    } catch (error) {
      if (error instanceof JsonRpcError) return failure(id, error.rpcCode, error.shortMessage, error.data)
      logger.error('The local Solana cluster failed a call', {
        method,
        error: error instanceof Error ? error.message : String(error),
      })
      return failure(id, -32603, 'Internal error')
    }
  })()
  return isNotification ? undefined : reply
}

/** The body as text, or null once it passes the limit (the rest is not read). */
async function readBody(request: IncomingMessage): Promise<string | null> {
  const declared = Number(request.headers['content-length'] ?? 0)
  if (declared > maxBodyBytes) return null
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > maxBodyBytes) return null
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function send(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  response.end(body)
}

/** A Host that names this machine: anything else is a DNS-rebinding page trying to read the cluster. */
const isLoopbackHost = (host: string | undefined): boolean =>
  host !== undefined && /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i.test(host)

async function handle(
  context: MethodContext,
  logger: Logger,
  request: IncomingMessage,
  response: ServerResponse,
) {
  if (!isLoopbackHost(request.headers.host)) {
    response.writeHead(403)
    response.end()
    return
  }
  if (request.method === 'GET' && request.url === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' })
    response.end('ok')
    return
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { allow: 'POST' })
    response.end()
    return
  }
  // Only JSON bodies: a web page cannot send that content type across origins without a CORS preflight, which
  // this server never grants, so no page the member visits can airdrop or send through it.
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
  if (contentType !== 'application/json') {
    response.writeHead(415, { accept: 'application/json' })
    response.end()
    request.resume()
    return
  }
  const body = await readBody(request)
  if (body === null) {
    send(
      response,
      413,
      toJsonText(failure(null, -32600, `Invalid request: the body is over ${maxBodyBytes} bytes`)),
    )
    request.resume()
    return
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    send(response, 200, toJsonText(failure(null, -32700, 'Parse error')))
    return
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0 || parsed.length > maxBatchLength) {
      send(response, 200, toJsonText(failure(null, -32600, 'Invalid request')))
      return
    }
    const answers = parsed.map((call) => answer(context, call, logger)).filter((reply) => reply !== undefined)
    send(response, 200, answers.length ? toJsonText(answers) : '')
    return
  }
  const reply = answer(context, parsed, logger)
  send(response, 200, reply ? toJsonText(reply) : '')
}

/** Serves JSON-RPC 2.0 (single calls and batches) for `context` on 127.0.0.1 at a port the OS picks. */
export async function startJsonRpcServer(
  context: MethodContext,
  logger: Logger,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    handle(context, logger, request, response).catch((error: unknown) => {
      logger.error('The local Solana cluster could not answer a request', {
        error: error instanceof Error ? error.message : String(error),
      })
      if (!response.headersSent) send(response, 500, toJsonText(failure(null, -32603, 'Internal error')))
      else response.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
