/**
 * Compiles the devnet contracts in apps/server/contracts/ with solc-js (the `solc` npm package: the compiler as
 * WebAssembly, no download) and renders each artifact exactly as it is committed. `npm run build:contracts`
 * writes them; compileContracts.test.ts compiles again and fails if a committed artifact differs, so the Solidity
 * source and the bytecode the devnet places can never drift apart.
 */
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import solc from 'solc'

export const contractsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../apps/server/contracts')
export const artifactsDir = join(contractsDir, 'artifacts')

/** Each contract is alone in a file of its name. */
export const contractNames = [
  'Multicall3',
  'TestUSDC',
  'AlwaysValid1271',
  'Owned1271',
  'Owned1271Factory',
] as const
export type ContractName = (typeof contractNames)[number]

/** The compiler this build is pinned to; another one would give other bytes. */
export const solcVersion = '0.8.37'

/**
 * Fixed settings, so a build is reproducible: the optimizer as usual; `cancun` runs on anvil's default hardfork
 * and on every test network Charter supports; no CBOR metadata trailer, so the bytecode depends on the code
 * alone (not on comments, file paths or the compiler build's hash).
 */
const settings = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  metadata: { appendCBOR: false },
  outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object', 'storageLayout'] } },
}

type SolcMessage = { severity: 'error' | 'warning' | 'info'; formattedMessage: string }
type SolcContract = {
  abi: unknown[]
  evm: { deployedBytecode: { object: string } }
  storageLayout: { storage: { label: string; slot: string }[] }
}
type SolcOutput = {
  errors?: SolcMessage[]
  contracts?: Record<string, Record<string, SolcContract>>
}

/** What the devnet reads from an artifact. `storage` maps each state variable to its slot (decimal). */
export type ContractArtifact = {
  contractName: ContractName
  compiler: string
  abi: unknown[]
  deployedBytecode: `0x${string}`
  storage: Record<string, string>
}

export class ContractBuildError extends Error {
  override name = 'ContractBuildError'
}

export const artifactPath = (name: ContractName): string => join(artifactsDir, `${name}.json`)

/** Every contract compiled, as the exact text of its artifact file (two-space JSON and a final newline). */
export function compileContracts(): Record<ContractName, string> {
  const compilerVersion = String(solc.version())
  if (!compilerVersion.startsWith(`${solcVersion}+`)) {
    throw new ContractBuildError(`solc ${solcVersion} is required, found ${compilerVersion}`)
  }
  const sources = Object.fromEntries(
    contractNames.map((name) => [
      `${name}.sol`,
      { content: readFileSync(join(contractsDir, `${name}.sol`), 'utf8') },
    ]),
  )
  const output = JSON.parse(
    solc.compile(JSON.stringify({ language: 'Solidity', sources, settings })),
  ) as SolcOutput
  // Warnings fail the build too: these contracts are small enough to keep clean.
  const problems = (output.errors ?? []).filter((message) => message.severity !== 'info')
  if (problems.length > 0) {
    throw new ContractBuildError(problems.map((message) => message.formattedMessage).join('\n'))
  }
  const artifacts = {} as Record<ContractName, string>
  for (const name of contractNames) {
    const contract = output.contracts?.[`${name}.sol`]?.[name]
    if (!contract) throw new ContractBuildError(`solc gave no output for ${name}`)
    const artifact: ContractArtifact = {
      contractName: name,
      compiler: `solc ${compilerVersion}`,
      abi: contract.abi,
      deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
      storage: Object.fromEntries(contract.storageLayout.storage.map(({ label, slot }) => [label, slot])),
    }
    artifacts[name] = `${JSON.stringify(artifact, null, 2)}\n`
  }
  return artifacts
}
