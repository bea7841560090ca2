import type { IncomingMessage } from 'node:http'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit as honoBodyLimit } from 'hono/body-limit'

export type BodyLimitOptions = {
  maxSize: number
  /** The answer to a body over `maxSize` (or a throw); the rest of that body is never read. */
  onError: (c: Context) => Response | Promise<Response>
}

/**
 * Refuses a body over `maxSize` bytes without building a Request (hono's own limit does, and the body then
 * costs a copy and a stream on every request). A body with a Content-Length is judged by it: Node reads no
 * more than it says, whatever follows. A chunked body is read from the socket here, counted as it comes and
 * dropped the moment it passes the limit; what was read is left where the Node adapter reads bodies from
 * (`rawBody`), so the route reads it as it would any other. Outside Node's server (an in-process `app.request`)
 * it is hono's limit.
 */
export function bodyLimit({ maxSize, onError }: BodyLimitOptions): MiddlewareHandler {
  const fallback = honoBodyLimit({ maxSize, onError })
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
    if (!incoming || typeof incoming.on !== 'function') return fallback(c, next)
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const headers = incoming.headers
    if (headers['transfer-encoding'] === undefined) {
      const length = Number(headers['content-length'] ?? 0)
      return length > maxSize ? onError(c) : next()
    }
    const body = await readCapped(incoming, maxSize)
    if (body === 'too large') return onError(c)
    ;(incoming as IncomingMessage & { rawBody?: Buffer }).rawBody = body
    return next()
  }
}

/** The whole body, or 'too large' as soon as it passes `maxSize` (the rest is left unread). */
function readCapped(incoming: IncomingMessage, maxSize: number): Promise<Buffer | 'too large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = () => {
      incoming.off('data', onData)
      incoming.off('end', onEnd)
      incoming.off('error', onError)
      incoming.off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxSize) {
        stop()
        incoming.pause()
        resolve('too large')
      } else chunks.push(chunk)
    }
    const onEnd = () => {
      stop()
      resolve(Buffer.concat(chunks, size))
    }
    const onError = (error: Error) => {
      stop()
      reject(error)
    }
    const onClose = () => {
      stop()
      reject(new Error('The client closed the connection before its body ended.'))
    }
    incoming.on('data', onData)
    incoming.on('end', onEnd)
    incoming.on('error', onError)
    incoming.on('close', onClose)
  })
}
