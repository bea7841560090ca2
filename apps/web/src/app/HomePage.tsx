import { useHealth } from '../features/health/index.ts'

export function HomePage() {
  const health = useHealth()
  return (
    <section className="card">
      <h1>Welcome to Charter</h1>
      <p>
        Wallets for every member of your organisation, behind a phone number or an email address, and a
        written record of who does what.
      </p>
      <p className="status" aria-live="polite">
        {health.isPending && 'Checking the server…'}
        {health.isError && `The server cannot be reached: ${health.error.message}`}
        {health.data &&
          (health.data.mode === 'embedded'
            ? `Server ${health.data.version} is running in local mode: everything stays on this machine.`
            : `Server ${health.data.version} is running.`)}
      </p>
    </section>
  )
}
