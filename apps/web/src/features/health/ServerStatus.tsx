import { SponsorStatus } from './SponsorStatus.tsx'
import { useHealth } from './useHealth.ts'

/**
 * One line on the server's state, in words: which version runs, and whether everything stays local; then, where
 * Charter pays members' fees, the sponsor's balances and a warning when one runs low.
 */
export function ServerStatus() {
  const health = useHealth()
  const sponsor = health.data?.parts.sponsor?.sponsor
  return (
    <div className="server-status">
      <p className="status" aria-live="polite">
        {health.isPending && 'Checking the server…'}
        {health.isError && `The server cannot be reached: ${health.error.message}`}
        {health.data &&
          (health.data.mode === 'embedded'
            ? `Server ${health.data.version} is running in local mode: everything stays on this machine.`
            : `Server ${health.data.version} is running.`)}
      </p>
      {sponsor && <SponsorStatus sponsor={sponsor} />}
    </div>
  )
}
