import { MemoryBlockstore } from 'blockstore-core/memory'
import { importer } from 'ipfs-unixfs-importer'
import type { CID } from 'multiformats/cid'

/** 0: `Qm…` (dag-pb leaves), Pinata's and `ipfs add`'s default; 1: `bafy…`/`bafkrei…` with raw leaves. */
export type CidVersion = 0 | 1

/** One block of a document's DAG, by its CID. */
export type Block = { cid: string; bytes: Uint8Array }

/** A document as IPFS holds it: its root CID, the DAG's cumulative size (Pinata's `PinSize`), every block. */
export type ImportedDocument = { cid: string; size: number; blocks: Block[] }

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array
  const whole = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0))
  let at = 0
  for (const chunk of chunks) {
    whole.set(chunk, at)
    at += chunk.length
  }
  return whole
}

/**
 * The CID and blocks `ipfs add` (kubo's classic defaults, as Pinata pins) gives `bytes`, computed by the IPFS
 * project's own importer so that no encoding is written by hand: 256 KiB chunks, balanced DAG of at most 174
 * links per node (the `unixfs-v0-2015` profile); CIDv0 keeps dag-pb leaves, CIDv1 takes raw leaves, as
 * `ipfs add --cid-version 1` does (so a document of one chunk is `bafkrei…`, the sha-256 of its bytes).
 */
export async function importDocument(bytes: Uint8Array, cidVersion: CidVersion): Promise<ImportedDocument> {
  const store = new MemoryBlockstore()
  // The store keys blocks by multihash alone (its listing gives raw CIDs back), so each block's own CID, with
  // its codec (dag-pb or raw), is noted as the importer puts it.
  const written = new Map<string, CID>()
  const noting: Pick<MemoryBlockstore, 'put'> = {
    put: (cid, block, options) => {
      written.set(cid.toString(), cid)
      return store.put(cid, block, options)
    },
  }
  let root: { cid: { toString: () => string }; size: bigint | number } | undefined
  for await (const entry of importer([{ content: bytes }], noting, {
    profile: 'unixfs-v0-2015',
    cidVersion,
    rawLeaves: cidVersion === 1,
  })) {
    root = entry
  }
  if (!root) throw new Error('The IPFS importer yielded no root for the document.')
  const blocks: Block[] = []
  for (const [text, cid] of written) {
    const chunks: Uint8Array[] = []
    for await (const chunk of store.get(cid)) chunks.push(chunk)
    blocks.push({ cid: text, bytes: concat(chunks) })
  }
  return { cid: root.cid.toString(), size: Number(root.size), blocks }
}
