import { CID } from 'multiformats/cid'
import { sha256 } from 'multiformats/hashes/sha2'
import { describe, expect, it } from 'vitest'
import { importDocument } from './importDocument.ts'

const text = (value: string) => new TextEncoder().encode(value)

describe('importDocument', () => {
  it('gives the CIDs ipfs add gives for the known vectors', async () => {
    expect((await importDocument(new Uint8Array(), 0)).cid).toBe(
      'QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH',
    )
    expect((await importDocument(text('hello world\n'), 0)).cid).toBe(
      'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o',
    )
    expect((await importDocument(text('Hello World!'), 1)).cid).toBe(
      'bafkreid7qoywk77r7rj3slobqfekdvs57qwuwh5d2z3sqsw52iabe3mqne',
    )
  })

  it('keeps a one-chunk CIDv1 document as one raw block: the sha-256 of its bytes', async () => {
    const bytes = text('{"name":"Treasurer"}')
    const imported = await importDocument(bytes, 1)
    const expected = CID.createV1(0x55, await sha256.digest(bytes))
    expect(imported.cid).toBe(expected.toString())
    expect(imported.blocks).toEqual([{ cid: expected.toString(), bytes }])
  })

  it('splits a document above one chunk (256 KiB) into leaves under a dag-pb root, every block hashed', async () => {
    const bytes = text(JSON.stringify({ description: 'x'.repeat(300 * 1024) }))
    for (const version of [0, 1] as const) {
      const imported = await importDocument(bytes, version)
      // Two leaves (256 KiB and the rest) and their root, each block's CID the hash of its own bytes.
      expect(imported.blocks).toHaveLength(3)
      for (const block of imported.blocks) {
        const cid = CID.parse(block.cid)
        expect((await sha256.digest(block.bytes)).bytes).toEqual(cid.multihash.bytes)
      }
      const root = CID.parse(imported.cid)
      expect(root.version).toBe(version)
      expect(root.code).toBe(0x70)
      const leaves = imported.blocks.filter((block) => block.cid !== imported.cid)
      // CIDv1 leaves are raw: together they are the document itself.
      if (version === 1) {
        expect(leaves.every((leaf) => CID.parse(leaf.cid).code === 0x55)).toBe(true)
        expect(leaves.reduce((total, leaf) => total + leaf.bytes.length, 0)).toBe(bytes.length)
      }
      expect(imported.size).toBeGreaterThan(bytes.length)
    }
  })
})
