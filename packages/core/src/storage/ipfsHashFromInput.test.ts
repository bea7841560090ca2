import { describe, expect, it } from 'vitest'
import { ipfsHashFromInput } from './ipfsHashFromInput.ts'

const v0 = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o'
const v1 = 'bafkreid7qoywk77r7rj3slobqfekdvs57qwuwh5d2z3sqsw52iabe3mqne'
const dagPb = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi'

describe('ipfsHashFromInput', () => {
  it.each([
    [v0, v0],
    [v1, v1],
    [dagPb, dagPb],
    [`ipfs://${v0}`, v0],
    [`ipfs://${v1}`, v1],
    [`IPFS://${v1}`, v1],
    [`  ipfs://${v1}\n`, v1],
  ])('finds the CID in %j', (input, cid) => {
    expect(ipfsHashFromInput(input)).toBe(cid)
  })

  it.each([
    '',
    'ipfs://',
    `${v0}x`,
    v0.slice(0, -1),
    // 0, O, I and l are not base58.
    `Qm${'0'.repeat(44)}`,
    `/ipfs/${v0}`,
    `ipfs://ipfs/${v0}`,
    `ipfs://${v0}/index.json`,
    `https://ipfs.io/ipfs/${v1}`,
    `${v1}#x`,
    `${v1} ${v1}`,
    v1.toUpperCase(),
    `b${'a'.repeat(201)}`,
    'k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8',
  ])('finds none in %j', (input) => {
    expect(ipfsHashFromInput(input)).toBeUndefined()
  })
})
