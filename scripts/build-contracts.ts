/**
 * npm run build:contracts: compiles apps/server/contracts/*.sol and writes their artifacts beside them
 * (artifacts/<Name>.json), which are committed. Run it after changing a contract; the repo tests fail until then.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import { artifactPath, artifactsDir, compileContracts, contractNames } from './contracts/compileContracts.ts'

const artifacts = compileContracts()
mkdirSync(artifactsDir, { recursive: true })
for (const name of contractNames) {
  writeFileSync(artifactPath(name), artifacts[name])
  process.stdout.write(`wrote ${relative(process.cwd(), artifactPath(name))}\n`)
}
