import { useId, useRef, useState } from 'react'
import { Link } from 'wouter'
import { useFocusOnMount } from '../../lib/useFocusOnMount.ts'
import { downloadJson } from './downloadJson.ts'
import type { ExportedKey } from './ExportedKey.ts'
import type { ExportChoice } from './ExportState.ts'
import { SecretValue } from './SecretValue.tsx'
import { useSecondsLeft } from './useSecondsLeft.ts'

/** How long the exported key stays on the page before it leaves by itself. */
export const resultLifetimeMs = 5 * 60_000

const minutesAndSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/**
 * The exported key, once: a private key or a keystore passphrase, masked until asked for. One Hide (the mask
 * back on) and one Done (the key leaves with the page); it also leaves by itself after five minutes, as a
 * countdown says. A second "hide" that meant "remove" read the same as the first and was pressed for it.
 */
export function ExportResult({ choice, exported }: { choice: ExportChoice; exported: ExportedKey }) {
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const [until] = useState(() => Date.now() + resultLifetimeMs)
  const left = useSecondsLeft(until)
  const hidden = left === 0
  useFocusOnMount(heading, true)
  return (
    <section className="stack" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {exported.format === 'keystore' ? 'Your keystore file' : 'Your private key'}
      </h2>
      {hidden ? (
        <p className="status" role="status">
          The {exported.format === 'keystore' ? 'passphrase' : 'key'} is no longer on this page. Export again
          to see a new copy.
        </p>
      ) : (
        <>
          {exported.format === 'keystore' ? (
            <Keystore address={choice.wallet.address} exported={exported} />
          ) : (
            <PrivateKey exported={exported} solana={choice.wallet.chain_type === 'solana'} />
          )}
          <p className="field-hint result-timer">
            Leaves this page in <span className="countdown">{minutesAndSeconds(left)}</span>, or as soon as
            you press Done.
          </p>
        </>
      )}
      <div className="actions">
        <Link href="~/" className="button">
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
  return (
    <>
      <p>
        This is the only time Charter shows it. Keep it somewhere safe and offline; anyone who sees it can
        take the funds.
        {solana && ' It is the base58 secret key that Phantom and Solflare import.'}
      </p>
      <SecretValue label="Private key" value={exported.private_key} what="private key" />
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
      <SecretValue label="Passphrase" value={exported.passphrase} what="passphrase" className="passphrase" />
      <p className="warning-text">
        Write this passphrase down now, on paper. You need it with the file to use the key, and Charter can’t
        show it again.
      </p>
    </>
  )
}
