import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

/** A PostgreSQL database for one crash-test run, and how to put things back as they were. */
export type TestPostgres = {
  url: string
  describe: string
  /** Stops what this run started; `keep` leaves the data (folder or database) for a look. */
  release: (keep: boolean) => Promise<void>
}

async function oneValue(url: string, sqlText: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query(sqlText)
    return String(Object.values(rows[0] ?? {})[0])
  } finally {
    await client.end()
  }
}

const processExists = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * A throwaway PostgreSQL from `scripts/start-test-postgres.sh`. Stopping it: a fast shutdown (SIGINT) to the
 * postmaster whose PID its own data folder records, that is the server this run started and no other; then
 * the folder goes.
 */
export async function startThrowawayPostgres(repoRoot: string): Promise<TestPostgres> {
  const { stdout } = await run('bash', [join(repoRoot, 'scripts/start-test-postgres.sh')], {
    cwd: repoRoot,
    timeout: 120_000,
  })
  const url = stdout.trim().split('\n').at(-1) ?? ''
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`start-test-postgres.sh printed no URL: ${stdout}`)
  const dataDirectory = await oneValue(url, 'SHOW data_directory')
  const pidFile = join(dataDirectory, 'postmaster.pid')
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  if (!Number.isInteger(pid) || pid <= 1) throw new Error(`no postmaster PID in ${pidFile}`)
  return {
    url,
    describe: `throwaway PostgreSQL (PID ${pid}, ${dataDirectory})`,
    release: async (keep) => {
      if (processExists(pid)) {
        process.kill(pid, 'SIGINT')
        const deadline = Date.now() + 30_000
        while (processExists(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
        if (processExists(pid)) process.kill(pid, 'SIGQUIT')
        while (processExists(pid)) await new Promise((r) => setTimeout(r, 100))
      }
      // Only the folder start-test-postgres.sh made (mktemp /tmp/charter-pg.XXXXXX).
      if (!keep && /^\/tmp\/charter-pg\.[A-Za-z0-9]+$/.test(dataDirectory) && existsSync(dataDirectory)) {
        rmSync(dataDirectory, { recursive: true, force: true })
      }
    },
  }
}

/**
 * A database of its own on the server TEST_DATABASE_URL names, dropped at the end, so the check "no user
 * without both wallets" sees only this run's users. Without the right to create one, the database itself
 * (users already there are left out of that check).
 */
export async function scratchDatabaseOn(url: string): Promise<TestPostgres> {
  const name = `charter_crash_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } catch (error) {
    await admin.end()
    return {
      url,
      describe: `TEST_DATABASE_URL as it is (could not create a database of its own: ${(error as Error).message})`,
      release: async () => {},
    }
  }
  await admin.end()
  const scratch = new URL(url)
  scratch.pathname = `/${name}`
  return {
    url: scratch.toString(),
    describe: `database ${name} on TEST_DATABASE_URL's server (dropped at the end)`,
    release: async (keep) => {
      if (keep) return
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}
