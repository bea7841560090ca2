import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger } from '../apps/server/src/log/logger.ts'
import { importDocument } from '../apps/server/src/pinning/importDocument.ts'
import { pinningKeyFileName } from '../apps/server/src/pinning/pinningKey.ts'
import { startServer } from '../apps/server/src/server.ts'
import { loadSettings } from '../apps/server/src/settings/env.ts'
import { type Batch, inTurns, timeBatch, timed } from './rounds.ts'

export type PinningRounds = { cid: Batch[]; pins: Batch[]; reads: Batch[] }

/** A role document of 1 KiB of JSON text, made distinct by `n` (each pin is a new document, never a duplicate). */
export function roleDocument(n: number): string {
  const document = {
    name: `Treasurer ${n}`,
    description: 'Keeps the books, pays the bills, and reports to the members every month.',
    responsibilities: [
      {
        label: 'Monthly report',
        description: 'A report of what came in and went out.',
        link: 'https://example.org',
      },
      { label: 'Pay the bills', description: 'Bills are paid within a week of their arrival.' },
    ],
    authorities: [{ label: 'Treasury signer', description: 'Signs for the treasury.', gate: '0xabc' }],
    padding: '',
  }
  const base = JSON.stringify(document).length
  return JSON.stringify({ ...document, padding: 'x'.repeat(Math.max(0, 1024 - base)) })
}

/**
 * Charter's own pinning service on the embedded defaults (PGlite on disk): pins per second and gateway reads per
 * second of a 1 KiB document, one caller, beside the floor measured in turns with them: the CID computation alone
 * for the same document (the IPFS importer, in process, no HTTP and no database).
 */
export async function measurePinning({
  rounds = 5,
  perRound = 100,
  warmUp = 3000,
} = {}): Promise<PinningRounds> {
  const dataDir = mkdtempSync(join(tmpdir(), 'charter-bench-pinning-'))
  const settings = loadSettings({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LOCAL_CHAINS: 'off',
  })
  const server = await startServer({ settings, logger: createLogger('silent') })
  // Charter's own service on the embedded defaults, called as any client calls it: with the key in DATA_DIR.
  const config = {
    apiUrl: server.url,
    gateway: server.url,
    pinningKey: readFileSync(join(dataDir, pinningKeyFileName), 'utf8').trim(),
  }
  let made = 0
  const pinned: string[] = []
  const encoder = new TextEncoder()
  const pin = () => {
    made += 1
    const text = roleDocument(made)
    return timed(async () => {
      const answer = await fetch(`${config.apiUrl}/pinning/pinJSONToIPFS`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config.pinningKey}` },
        body: `{"pinataContent":${text}}`,
      })
      const body = (await answer.json()) as { IpfsHash: string }
      if (answer.status !== 200) throw new Error(`the pin answered ${answer.status}`)
      pinned.push(body.IpfsHash)
    })
  }
  const read = (i: number) =>
    timed(async () => {
      const answer = await fetch(`${config.gateway}/ipfs/${pinned[i % pinned.length]}`)
      await answer.arrayBuffer()
      if (answer.status !== 200) throw new Error(`the gateway answered ${answer.status}`)
    })
  const cid = () => {
    made += 1
    const bytes = encoder.encode(roleDocument(made))
    return timed(() => importDocument(bytes, 0))
  }
  try {
    await timeBatch(warmUp / 3, 1, cid)
    await timeBatch(warmUp / 3, 4, pin)
    await timeBatch(warmUp / 3, 4, read)
    return await inTurns(rounds, {
      cid: () => timeBatch(perRound, 1, cid),
      pins: () => timeBatch(perRound, 1, pin),
      reads: () => timeBatch(perRound, 1, read),
    })
  } finally {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
