import { useEffect, useState } from 'react'

type Props = {
  text: string
  /** What the button copies, for its accessible name: 'Copy' + this, e.g. 'Ethereum address'. */
  what: string
  className?: string
}

/** Copies `text` whole and says so for two seconds, in words a screen reader announces. */
export function CopyButton({ text, what, className = 'copy-button' }: Props) {
  const [result, setResult] = useState<'idle' | 'copied' | 'failed'>('idle')

  useEffect(() => {
    if (result === 'idle') return
    const timer = setTimeout(() => setResult('idle'), 2_000)
    return () => clearTimeout(timer)
  }, [result])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setResult('copied')
    } catch {
      setResult('failed')
    }
  }

  return (
    <span className="copy">
      <button type="button" className={className} aria-label={`Copy ${what}`} onClick={() => void copy()}>
        Copy
      </button>
      <span className="copy-status" role="status">
        {result === 'copied'
          ? 'Copied'
          : result === 'failed'
            ? 'Could not copy. Select the text instead.'
            : ''}
      </span>
    </span>
  )
}
