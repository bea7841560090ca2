import http from 'node:http'

export type RawAnswer = { status: number; contentType: string; text: string }

/** The node:http error codes of a request that could not even be written: the caller's mistake. */
const refusedByClient = new Set([
  'ERR_INVALID_CHAR',
  'ERR_INVALID_HTTP_TOKEN',
  'ERR_UNESCAPED_CHARACTERS',
  'ERR_INVALID_ARG_TYPE',
  'ERR_INVALID_ARG_VALUE',
])

export class NoAnswerError extends Error {
  override name = 'NoAnswerError'
  readonly code: string

  constructor(code: string, message: string) {
    super(message)
    this.code = code
  }
}

/**
 * One HTTP/1.1 request as written: the path as given (dot segments, odd percent escapes and all), headers in
 * order, a header given twice sent twice (two cookies joined as one line, as browsers do), the body with a
 * Content-Length or chunked. node:http rather than fetch, which would normalise all that away, and costs more
 * per request. Rejects with NoAnswerError when the connection fails or stays silent for `timeoutMs`.
 */
export function rawRequest(
  agent: http.Agent,
  origin: URL,
  request: {
    method: string
    path: string
    headers: [string, string][]
    body: Uint8Array | undefined
    /** Sent in two chunks (Transfer-Encoding: chunked) rather than with a Content-Length. */
    chunked?: boolean
  },
  timeoutMs = 20_000,
): Promise<RawAnswer> {
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of request.headers) {
    const known = headers[name]
    // node:http writes Host once: the last one given wins.
    if (known === undefined || name === 'host') headers[name] = value
    else headers[name] = [...(Array.isArray(known) ? known : [known]), value]
  }
  const { body } = request
  if (body && !request.chunked) headers['content-length'] = String(body.length)
  // Said outright: node:http chunks a body by default for POST, but not for DELETE, whose body would then go
  // unframed and be read as the connection's next request.
  if (body && request.chunked) headers['transfer-encoding'] = 'chunked'
  return new Promise((resolve, reject) => {
    let outgoing: http.ClientRequest
    try {
      outgoing = http.request(
        {
          agent,
          host: origin.hostname,
          port: origin.port,
          method: request.method,
          path: request.path,
          headers,
        },
        (incoming) => {
          const chunks: Buffer[] = []
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
          incoming.on('error', (error) => reject(new NoAnswerError('ANSWER_BROKE_OFF', error.message)))
          incoming.on('end', () =>
            resolve({
              status: incoming.statusCode ?? 0,
              contentType: incoming.headers['content-type'] ?? '',
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          )
        },
      )
    } catch (error) {
      const code = (error as { code?: string }).code ?? ''
      reject(refusedByClient.has(code) ? error : new NoAnswerError(code, (error as Error).message))
      return
    }
    outgoing.setTimeout(timeoutMs, () =>
      outgoing.destroy(new NoAnswerError('TIMEOUT', `no answer in ${timeoutMs} ms`)),
    )
    outgoing.on('error', (error) => {
      // A kept-alive socket the server closed for idleness just as this request went out: the request never
      // reached the server, so it is sent again on a fresh socket (the retry Node's documentation prescribes).
      if (outgoing.reusedSocket && (error as { code?: string }).code === 'ECONNRESET') {
        rawRequest(agent, origin, request, timeoutMs).then(resolve, reject)
        return
      }
      if (error instanceof NoAnswerError) reject(error)
      else reject(new NoAnswerError((error as { code?: string }).code ?? error.name, error.message))
    })
    if (body && request.chunked) {
      outgoing.write(body.subarray(0, body.length >> 1))
      outgoing.end(body.subarray(body.length >> 1))
    } else {
      outgoing.end(body)
    }
  })
}
