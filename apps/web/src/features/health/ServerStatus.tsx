import { useHealth } from './useHealth.ts'

/** One line on the server's state, in words: which version runs, and whether everything stays local. */
export function ServerStatus() {
  const health = useHealth()
  return (
    <p className="status server-status" aria-live="polite">
      {health.isPending && 'Checking the server…'}
      {health.isError && `The server cannot be reached: ${health.error.message}`}
      {health.data &&
        (health.data.mode === 'embedded'
          ? `Server ${health.data.version} is running in local mode: everything stays on this machine.`
          : `Server ${health.data.version} is running.`)}
    </p>
  )
}
