import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServerProcess, stopServerProcesses } from '../testing/serverProcess.ts'

// An acknowledged pin is never lost: the server, as its own process, is killed with SIGKILL the moment it has
// answered a pin, restarted on the same data, and its gateway serves every document it acknowledged.

const apiKey = 'killed-pin-test-key-0123456789abcdef'
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'charter-killed-pin-'))
})
afterAll(async () => {
  await stopServerProcesses()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const env = () => ({ DATA_DIR: dataDir, LOCAL_CHAINS: 'off', LOG_LEVEL: 'warn', PINNING_API_KEYS: apiKey })

it('serves every pin it answered after a kill -9 right after the answer', async () => {
  const first = await startServerProcess({ env: env() })
  const pinned: { cid: string; text: string }[] = []
  for (let round = 0; round < 5; round++) {
    const content = { name: `Role ${round}`, description: `<b>${Date.now()}</b>`, at: Math.random() }
    const response = await fetch(`${first.url}/pinning/pinJSONToIPFS`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ pinataContent: content, pinataOptions: { cidVersion: round % 2 } }),
    })
    expect(response.status).toBe(200)
    pinned.push({
      cid: ((await response.json()) as { IpfsHash: string }).IpfsHash,
      text: JSON.stringify(content),
    })
  }
  // The last answer has just arrived: nothing more is written before the kill.
  await first.kill9()

  const second = await startServerProcess({ env: env() })
  for (const { cid, text } of pinned) {
    const read = await fetch(`${second.url}/ipfs/${cid}`)
    expect(read.status, cid).toBe(200)
    expect(await read.text()).toBe(text)
  }
  expect((await second.stop()).code).toBe(0)
}, 120_000)
