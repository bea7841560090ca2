import { useHealth } from './useHealth.ts'

/** Says plainly when Charter runs on its local parts, so nobody mistakes devnet funds for real ones. */
export function ModeBadge() {
  const { data } = useHealth()
  if (data?.mode !== 'embedded') return null
  return (
    <span
      className="badge"
      title="Local database, local chains, codes in the dev outbox: nothing here is real money."
    >
      Local mode
    </span>
  )
}
