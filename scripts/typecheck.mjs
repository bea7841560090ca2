// `npm run typecheck`: every package against its own tsconfig (core with neither DOM nor Node types, the server
// with Node's, the web with the browser's), two at a time, and fails if any of them fails.
// Each keeps its incremental state in node_modules/.cache/typecheck, so a second run rechecks only what changed.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'

// Largest first (the web's program holds the server's and core's sources too), so the two lanes end together.
const projects = [
  'apps/web/tsconfig.json',
  'apps/server/tsconfig.json',
  'tsconfig.json',
  'packages/core/tsconfig.test.json',
  'packages/core/tsconfig.json',
  'e2e/tsconfig.json',
]
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

function check(project) {
  const buildInfo = `node_modules/.cache/typecheck/${project.replaceAll('/', '_')}.tsbuildinfo`
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [tsc, '-p', project, '--incremental', '--tsBuildInfoFile', buildInfo],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      // One block per project, printed whole, so two checks running at once do not interleave their errors.
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${project} (${seconds} s)\n${output}`)
      resolve(code === 0)
    })
  })
}

const queue = [...projects]
const results = []
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project))
}
await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, worker))
process.exit(results.every(Boolean) ? 0 : 1)
