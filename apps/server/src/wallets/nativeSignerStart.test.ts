import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))
const made: string[] = []

afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

/**
 * `npm run serve` as its own process, where libsecp256k1's native build cannot load: node-gyp-build looks for the
 * prebuilt binary of `npm_config_arch`, and there is none for riscv64, as on a machine it was never built for.
 */
async function serveWithoutNativeBuild(): Promise<{
  code: number | null
  stdout: string
  stderr: string
  dataDir: string
}> {
  const parent = await mkdtemp(join(tmpdir(), 'charter-native-signer-'))
  made.push(parent)
  const dataDir = join(parent, 'data')
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOCAL_CHAINS: 'off',
      npm_config_arch: 'riscv64',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8')
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  const code = await new Promise<number | null>((resolve) =>
    child.once('exit', (exitCode) => resolve(exitCode)),
  )
  return { code, stdout, stderr, dataDir }
}

describe('the server without the native secp256k1 signer', () => {
  it('refuses to start, names the package and says what to do, and opens nothing', async () => {
    const { code, stdout, stderr, dataDir } = await serveWithoutNativeBuild()
    expect(code).toBe(1)
    expect(stderr).toContain('Charter cannot start: wallets did not start.')
    // The real loader's own failure, not a stand-in's: the binding was looked for and not found.
    expect(stderr).toContain('No native build was found for platform=linux arch=riscv64')
    expect(stderr).toContain('The native build of the secp256k1 package (libsecp256k1) could not load')
    expect(stderr).toContain('npm rebuild secp256k1')
    expect(stdout).not.toContain('Charter is ready')
    // Refused before anything opened: not even the data directory was made.
    expect(existsSync(dataDir)).toBe(false)
  })
})
