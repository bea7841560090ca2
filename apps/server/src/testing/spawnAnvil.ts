import { type ChildProcess, spawn } from 'node:child_process'
import { anvilBinaryPath } from '../devnets/evmDevnet/anvilBinary.ts'
import { findFreePort } from '../devnets/evmDevnet/freePort.ts'

export type TestAnvil = {
  url: string
  process: ChildProcess
  rpc: (method: string, params?: unknown[]) => Promise<unknown>
  stop: () => Promise<void>
}

/** A real anvil for a test, on a free port, stopped by its own PID. */
export async function spawnAnvil(chainId: number): Promise<TestAnvil> {
  const port = await findFreePort()
  const anvilBin = anvilBinaryPath()
  if (!anvilBin) throw new Error('no anvil binary: @foundry-rs/anvil is not installed for this platform')
  const child = spawn(
    anvilBin,
    ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'],
    {
      stdio: 'ignore',
    },
  )
  const url = `http://127.0.0.1:${port}`
  const rpc = async (method: string, params: unknown[] = []) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { message: string } }
    if (body.error) throw new Error(`${method}: ${body.error.message}`)
    return body.result
  }
  const deadline = Date.now() + 20_000
  for (;;) {
    try {
      await rpc('eth_chainId')
      break
    } catch (error) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw error
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    url,
    process: child,
    rpc,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
