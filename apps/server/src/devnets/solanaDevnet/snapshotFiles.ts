import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { LiteSVM } from 'litesvm'

/** Where the cluster keeps its state in the data directory. */
export const snapshotPaths = (stateDir: string) => ({
  /** LiteSVM's own serialisation of every account, sysvar and the transaction history. */
  snapshot: join(stateDir, 'solana-local.bin'),
  /** The committed transactions' accounts and balances (`transactionHistory.ts`), which LiteSVM does not keep. */
  history: join(stateDir, 'solana-local-history.json'),
  /** The USDC mint authority's key, in solana-keygen's format (64 numbers: secret seed, then public key). */
  mintAuthority: join(stateDir, 'solana-local-mint-authority.json'),
})

/** The saved cluster, or null on a first start. A snapshot that does not load is an error, never silently replaced. */
export function loadSnapshot(path: string): LiteSVM | null {
  if (!existsSync(path)) return null
  return LiteSVM.fromBytes(readFileSync(path))
}

/**
 * Writes the cluster beside its old snapshot and renames it over: a kill mid-write leaves the old one whole.
 * (LiteSVM's own `saveToFile` writes in place, so a kill during it could leave a torn file; `toBytes` is the
 * same serialisation, and `fromBytes` reads it back.)
 */
export function saveSnapshot(svm: LiteSVM, path: string): void {
  const temporary = `${path}.tmp`
  writeFileSync(temporary, svm.toBytes(), { mode: 0o600 })
  renameSync(temporary, path)
}

/** The mint authority's 64 key bytes, made and kept on first use. */
export function loadOrCreateKeyBytes(path: string, create: () => Uint8Array): Uint8Array {
  if (existsSync(path)) {
    const numbers: unknown = JSON.parse(readFileSync(path, 'utf8'))
    if (!Array.isArray(numbers) || numbers.length !== 64)
      throw new Error(`${path} is not a 64-byte keypair file.`)
    return Uint8Array.from(numbers as number[])
  }
  const bytes = create()
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(`${path}.tmp`, JSON.stringify(Array.from(bytes)), { mode: 0o600 })
  renameSync(`${path}.tmp`, path)
  return bytes
}
