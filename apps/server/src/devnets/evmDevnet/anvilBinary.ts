import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** npm's names for the platforms `@foundry-rs/anvil` ships a binary for (its optional dependencies). */
const platformPackages: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
}

/**
 * The anvil executable itself, inside the platform package that `@foundry-rs/anvil` installs. Charter spawns it
 * directly rather than through the package's Node wrapper (`.bin/anvil`): then the pid Charter holds, signals and
 * records is anvil's own, a SIGTERM reaches the process that dumps the state, and no wrapper can outlive it.
 * Returns undefined on a platform without a binary.
 */
export function anvilBinaryPath(): string | undefined {
  const platformPackage = platformPackages[`${process.platform}-${process.arch}`]
  if (!platformPackage) return undefined
  // The platform package is a dependency of @foundry-rs/anvil, not of the server: resolve it from there.
  const fromWrapper = createRequire(createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json'))
  try {
    const packageDir = dirname(fromWrapper.resolve(`${platformPackage}/package.json`))
    const binary = join(packageDir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
    return existsSync(binary) ? binary : undefined
  } catch {
    return undefined
  }
}
