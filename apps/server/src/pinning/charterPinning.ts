import type { Db } from '../db/Database.ts'
import { equalInConstantTime } from '../http/equalInConstantTime.ts'
import type { DocumentSizeLimit } from './documentSizeLimit.ts'
import { type CidVersion, importDocument } from './importDocument.ts'
import { sha256Hex } from './pinningKey.ts'
import { readBlock, readPin, type StoredPin, savePin } from './pinStore.ts'

/** What `POST /pinning/pinJSONToIPFS` answers, in Pinata's shape. */
export type PinAnswer = { IpfsHash: string; PinSize: number; Timestamp: string; isDuplicate: boolean }

/** Charter's own pinning service and gateway: the keys it answers to, its size limit, and its store. */
export type CharterPinning = {
  /** Whether `key` is one of the keys the service accepts: compared by digest, with every key, in constant time. */
  accepts: (key: string) => boolean
  /** The largest document (bytes of its JSON text) it pins: PINNING_MAX_BYTES. */
  sizeLimit: DocumentSizeLimit
  /** Pins `bytes` (a document's JSON text, judged within `sizeLimit`): its blocks and pin record, committed. */
  pin: (bytes: Uint8Array, cidVersion: CidVersion) => Promise<PinAnswer>
  /** The pinned document whose root CID is `cid` (canonical text). */
  readPin: (cid: string) => Promise<StoredPin | undefined>
  /** Any block of a pinned document, by CID (canonical text). */
  readBlock: (cid: string) => Promise<Uint8Array | undefined>
}

export function charterPinning({
  db,
  keyDigests,
  sizeLimit,
}: {
  db: Db
  /** SHA-256 (hex) of each key it accepts. */
  keyDigests: readonly string[]
  sizeLimit: DocumentSizeLimit
}): CharterPinning {
  const digests = keyDigests.map((digest) => Buffer.from(digest, 'hex'))
  return {
    accepts: (key) => {
      const presented = Buffer.from(sha256Hex(key), 'hex')
      // Every digest is compared, so the time taken says nothing about which key came close.
      let found = false
      for (const digest of digests) found = equalInConstantTime(presented, digest) || found
      return found
    },
    sizeLimit,
    pin: async (bytes, cidVersion) => {
      const imported = await importDocument(bytes, cidVersion)
      const saved = await savePin(db, imported, bytes, cidVersion)
      return {
        IpfsHash: imported.cid,
        PinSize: imported.size,
        Timestamp: saved.createdAt.toISOString(),
        isDuplicate: saved.isDuplicate,
      }
    },
    readPin: (cid) => readPin(db, cid),
    readBlock: (cid) => readBlock(db, cid),
  }
}
