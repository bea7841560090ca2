import { rmSync } from 'node:fs'

/** Removes the run's fresh data folder (about 40 MB), unless E2E_DATA_DIR named one to keep. */
export default function globalTeardown() {
  const dataDir = process.env.E2E_DATA_DIR
  if (dataDir && process.env.E2E_DATA_DIR_IS_TEMPORARY === 'true') {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
