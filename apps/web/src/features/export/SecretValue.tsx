import { useEffect, useState } from 'react'
import { clearClipboardLater } from './clearClipboardLater.ts'

type Props = {
  /** 'Private key', 'Passphrase'. */
  label: string
  value: string
  /** For the buttons' names: 'private key', 'passphrase'. */
  what: string
  className?: string
}

/**
 * A secret shown once: masked until "Show …" is pressed (then "Hide …"; the name says what a press does), copied with a button, and
 * cleared from the clipboard a minute later if it is still there (see `clearClipboardLater`).
 */
export function SecretValue({ label, value, what, className = '' }: Props) {
  const [shown, setShown] = useState(false)
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')

  useEffect(() => {
    if (copied === 'idle') return
    const timer = setTimeout(() => setCopied('idle'), 5_000)
    return () => clearTimeout(timer)
  }, [copied])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied('copied')
      void clearClipboardLater(value)
    } catch {
      setCopied('failed')
    }
  }

  return (
    <>
      <dl className="secret-box">
        <dt className="field-label">{label}</dt>
        <dd>
          <code className={`secret breakable ${className}`.trim()}>{shown ? value : '•'.repeat(32)}</code>
        </dd>
      </dl>
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={() => setShown((value) => !value)}>
          {shown ? `Hide ${what}` : `Show ${what}`}
        </button>
        <span className="copy">
          <button
            type="button"
            className="button button-secondary"
            aria-label={`Copy ${what}`}
            onClick={() => void copy()}
          >
            Copy
          </button>
          <span className="copy-status" role="status">
            {copied === 'copied'
              ? 'Copied. Charter clears it from the clipboard in a minute if it is still there; paste it before then.'
              : copied === 'failed'
                ? 'Could not copy. Select the text instead.'
                : ''}
          </span>
        </span>
      </div>
    </>
  )
}
