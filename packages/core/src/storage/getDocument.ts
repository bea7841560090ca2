import type { z } from 'zod'
import { StorageError } from '../errors/StorageError.ts'
import type { StorageErrorParameters } from '../errors/storageErrorMessage.ts'
import { InvalidMetadataDocumentError } from '../metadata/InvalidMetadataDocumentError.ts'
import { describeFailure } from './describeFailure.ts'
import { ipfsHashFromInput } from './ipfsHashFromInput.ts'
import { readJsonBody } from './readJsonBody.ts'
import type { StorageGetResult } from './StorageClient.ts'
import type { StorageSettings } from './StorageSettings.ts'

const failed = (parameters: StorageErrorParameters, cause?: unknown) => ({
  parsedData: null,
  rawData: null,
  error: new StorageError(parameters, { cause }),
})

/**
 * Reads the document at `hash` through the gateway. Never throws: as in the Hats Protocol details SDK, a read
 * gives its failure as a value, so a screen can show what went wrong beside the CID that was asked for.
 */
export async function getDocument<Document>(
  settings: StorageSettings,
  schema: z.ZodType<Document>,
  hash: string,
): Promise<StorageGetResult<Document>> {
  const cid = typeof hash === 'string' ? ipfsHashFromInput(hash) : undefined
  if (cid === undefined)
    return failed({
      kind: 'fetch_unexpected',
      message: 'not an IPFS CID: give a CID (Qm… or b…) or ipfs:// followed by one',
    })
  const url = new URL(`${settings.gateway}/ipfs/${cid}`)
  if (settings.gatewayKey !== undefined) url.searchParams.set('pinataGatewayToken', settings.gatewayKey)

  const signal = AbortSignal.timeout(settings.timeoutMs)
  let response: Response
  try {
    response = await fetch(url.toString(), { signal })
  } catch (error) {
    // Refused, unreachable, reset before an answer, or silent until the timeout: no answer.
    return failed({ kind: 'fetch_no_response' }, error)
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    return failed({ kind: 'fetch_status', status: response.status })
  }
  const contentType = response.headers.get('content-type')
  if (!isJsonContentType(contentType)) {
    await response.body?.cancel().catch(() => undefined)
    return failed({ kind: 'not_json', type: describeContentType(contentType) })
  }

  let data: unknown
  try {
    data = await readJsonBody(response, settings.maxDocumentBytes)
  } catch (error) {
    // The headers came and the body did not, in time: still no answer to read.
    if (signal.aborted) return failed({ kind: 'fetch_no_response' }, error)
    return failed({ kind: 'fetch_unexpected', message: describeFailure(error) }, error)
  }
  const checked = schema.safeParse(data)
  if (!checked.success)
    return { parsedData: null, rawData: data, error: new InvalidMetadataDocumentError(checked.error) }
  // The fetched value itself, not the schema's output, which would put known keys first: a re-pin of what was
  // read gives the same bytes, and so the same CID.
  return { parsedData: data as Document, rawData: null, error: null }
}

/** application/json, with or without parameters (`; charset=utf-8`), in any case. */
function isJsonContentType(value: string | null): boolean {
  return value?.split(';')[0]?.trim().toLowerCase() === 'application/json'
}

/** The type as the gateway sent it, cut short; 'none' when it sent no Content-Type at all, or an empty one. */
function describeContentType(value: string | null): string {
  const type = value?.trim() ?? ''
  if (type === '') return 'none'
  return type.length > 100 ? `${type.slice(0, 100)}…` : type
}
