import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Logger } from '../log/logger.ts'
import type { Settings } from '../settings/env.ts'
import { KeyVault } from './KeyVault.ts'

/**
 * The key vault from the settings. Production always sets WALLET_MASTER_KEY (the settings refuse to start
 * without it); embedded mode makes one in the data folder on first start and warns that it is only for here.
 */
export function loadKeyVault(settings: Settings, logger: Logger): KeyVault {
  const previous = settings.walletPreviousMasterKeys.map((hex) => Buffer.from(hex, 'hex'))
  if (settings.walletMasterKey) return new KeyVault(Buffer.from(settings.walletMasterKey, 'hex'), previous)
  const path = join(settings.dataDir, 'wallet-master-key')
  if (!existsSync(path)) {
    mkdirSync(settings.dataDir, { recursive: true })
    writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
    logger.warn(
      `Generated a wallet master key in ${path}. It protects every wallet on this machine: fine for trying Charter, not for real funds. Production sets WALLET_MASTER_KEY.`,
    )
  }
  return new KeyVault(Buffer.from(readFileSync(path, 'utf8').trim(), 'hex'), previous)
}
