/**
 * Reads an answer's body as JSON, taking in at most `maxBytes` (by its Content-Length first, then by counting,
 * as a chunked answer has none). Throws an Error saying which limit or rule it broke; a stream error (the
 * request's timeout firing mid-body, a reset) is thrown as it came.
 */
export async function readJsonBody(response: Response, maxBytes: number): Promise<unknown> {
  const tooLarge = `the answer is larger than ${maxBytes} bytes`
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw new Error(tooLarge)
  }
  const chunks: Uint8Array<ArrayBuffer>[] = []
  let size = 0
  if (response.body !== null) {
    const reader = response.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined)
        throw new Error(tooLarge)
      }
      chunks.push(value)
    }
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    // The parser's own words differ from one engine to the next; these do not.
    throw new Error('the answer is not valid JSON')
  }
}
