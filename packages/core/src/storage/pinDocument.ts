import type { z } from 'zod'
import { StorageError } from '../errors/StorageError.ts'
import { InvalidMetadataDocumentError } from '../metadata/InvalidMetadataDocumentError.ts'
import { describeFailure } from './describeFailure.ts'
import { ipfsHashFromInput } from './ipfsHashFromInput.ts'
import { readJsonBody } from './readJsonBody.ts'
import type { PinOptions } from './StorageClient.ts'
import type { StorageSettings } from './StorageSettings.ts'

// Pinata answers {IpfsHash, PinSize, Timestamp, isDuplicate}: well under this.
const maxAnswerBytes = 64 * 1024

const unexpected = (message: string, cause?: unknown) =>
  new StorageError({ kind: 'pin_unexpected', message }, { cause })

/**
 * Pins `document` as Pinata's pinJSONToIPFS does, and gives the CID the service answers with. The document is
 * checked against `schema` first, and sent as it is (not the schema's output), so its bytes, and so its CID,
 * are what the caller wrote.
 */
export async function pinDocument(
  settings: StorageSettings,
  schema: z.ZodType,
  document: unknown,
  options: PinOptions = {},
): Promise<string> {
  const checked = schema.safeParse(document)
  if (!checked.success) throw new InvalidMetadataDocumentError(checked.error)
  const { cidVersion } = options
  if (cidVersion !== undefined && cidVersion !== 0 && cidVersion !== 1)
    throw unexpected('cidVersion must be 0 or 1')

  let body: string
  try {
    body = JSON.stringify(
      cidVersion === undefined
        ? { pinataContent: document }
        : { pinataContent: document, pinataOptions: { cidVersion } },
    )
  } catch (error) {
    // The schema lets unknown keys hold anything, a BigInt or a cycle included.
    throw unexpected(`the document cannot be written as JSON (${describeFailure(error)})`, error)
  }

  const signal = AbortSignal.timeout(settings.timeoutMs)
  const failed = (error: unknown) =>
    unexpected(signal.aborted ? `no answer within ${settings.timeoutMs} ms` : describeFailure(error), error)
  let response: Response
  try {
    response = await fetch(settings.pinUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${settings.pinningKey}`, 'Content-Type': 'application/json' },
      body,
      signal,
    })
  } catch (error) {
    throw failed(error)
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined)
    throw new StorageError({ kind: 'pin_status', status: response.status })
  }

  let answer: unknown
  try {
    answer = await readJsonBody(response, maxAnswerBytes)
  } catch (error) {
    throw failed(error)
  }
  const hash =
    typeof answer === 'object' && answer !== null ? (answer as { IpfsHash?: unknown }).IpfsHash : undefined
  // Whatever comes back is put into gateway URLs and stored: it must be a CID and nothing more.
  if (typeof hash !== 'string' || ipfsHashFromInput(hash) !== hash)
    throw unexpected('the answer has no IpfsHash that is a CID')
  return hash
}
