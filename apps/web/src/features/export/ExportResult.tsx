import { useId, useRef, useState } from 'react'
import { Link } from 'wouter'
import { useFocusOnMount } from '../auth/index.ts'
import { CopyButton } from '../wallet/index.ts'
import { downloadJson } from './downloadJson.ts'
import type { ExportedKey } from './ExportedKey.ts'
import type { ExportChoice } from './ExportState.ts'

/** The exported key, once: a private key hidden until asked for, or a keystore file and its passphrase. */
export function ExportResult({ choice, exported }: { choice: ExportChoice; exported: ExportedKey }) {
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useFocusOnMount(heading, true)
  return (
    <section className="stack" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {exported.format === 'keystore' ? 'Your keystore file' : 'Your private key'}
      </h2>
      {exported.format === 'keystore' ? (
        <Keystore address={choice.wallet.address} exported={exported} />
      ) : (
        <PrivateKey exported={exported} solana={choice.wallet.chain_type === 'solana'} />
      )}
      <div className="actions">
        <Link href="~/" className="button button-secondary">
          Done
        </Link>
      </div>
    </section>
  )
}

function PrivateKey({
  exported,
  solana,
}: {
  exported: Extract<ExportedKey, { format: 'private_key' }>
  solana: boolean
}) {
  const [shown, setShown] = useState(false)
  return (
    <>
      <p>
        This is the only time Charter shows it. Keep it somewhere safe and offline; anyone who sees it can
        take the funds.
        {solana && ' It is the base58 secret key that Phantom and Solflare import.'}
      </p>
      <dl className="secret-box">
        <dt className="field-label">Private key</dt>
        <dd>
          <code className="secret breakable">{shown ? exported.private_key : '•'.repeat(32)}</code>
        </dd>
      </dl>
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
        >
          Show private key
        </button>
        <CopyButton text={exported.private_key} what="private key" className="button button-secondary" />
      </div>
    </>
  )
}

function Keystore({
  address,
  exported,
}: {
  address: string
  exported: Extract<ExportedKey, { format: 'keystore' }>
}) {
  return (
    <>
      <p>
        The file holds your key encrypted with the passphrase below. MetaMask, ethers and other wallets import
        the two together.
      </p>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => downloadJson(exported.keystore, `charter-keystore-${address}.json`)}
        >
          Download keystore file
        </button>
      </div>
      <dl className="secret-box">
        <dt className="field-label">Passphrase</dt>
        <dd>
          <code className="secret passphrase breakable">{exported.passphrase}</code>
        </dd>
      </dl>
      <p className="warning-text">
        Write this passphrase down now, on paper. You need it with the file to use the key, and Charter can’t
        show it again.
      </p>
      <div className="actions">
        <CopyButton text={exported.passphrase} what="passphrase" className="button button-secondary" />
      </div>
    </>
  )
}
