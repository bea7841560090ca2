import type { OnrampRefusal } from './OnrampChoice.ts'

/** What is not offered, each behind its own "Why not …?", so the reason is there for whoever asks. */
export function OnrampRefusals({ refusals }: { refusals: readonly OnrampRefusal[] }) {
  if (refusals.length === 0) return null
  return (
    <ul className="onramp-refusals">
      {refusals.map((refusal) => (
        <li key={refusal.key}>
          <details className="onramp-refusal">
            <summary>Why not {refusal.subject}?</summary>
            <p>{refusal.reason}</p>
          </details>
        </li>
      ))}
    </ul>
  )
}
