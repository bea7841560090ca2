import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import {
  cancelPasskeyPrompt,
  passkeyAutofillSupported,
  passkeyForSignIn,
  passkeysSupported,
} from '../passkeys/index.ts'
import { useFinishSignIn } from '../session/index.ts'
import { completePasskeySignIn, signInWithPasskey } from './signInWithPasskey.ts'

/**
 * An IP address as the page's host (http://127.0.0.1:…): WebAuthn takes no IP address as a relying party, so no
 * passkey works here and the suggestions' wait is not started (each would cost the server a challenge). The
 * button still asks, and is answered where passkeys do work.
 */
const passkeysNeverHere = () => /^[\d.]+$|^\[|:/.test(window.location.hostname)

/**
 * Signing in with a passkey, on the sign-in screen: "Sign in with a passkey" (the browser's prompt), and, where the
 * browser offers passkeys among the address field's suggestions (the field's `autocomplete` ends in `webauthn`),
 * a wait for the member to pick one there, from the screen's first show until it goes. Either way the sign-in ends
 * as a code's does. Nothing shows on a browser without passkeys.
 */
export function PasskeySignIn() {
  const finish = useFinishSignIn()
  // The latest, for the suggestions' wait, which outlives renders.
  const finishSignIn = useRef(finish)
  finishSignIn.current = finish
  const [autofillError, setAutofillError] = useState<Error | undefined>(undefined)
  const prompt = useMutation({
    mutationFn: () => signInWithPasskey(),
    onSuccess: (user) => finish(user),
  })
  // Once the prompt is under way or has signed in, the suggestions' wait has no place; a prompt that failed
  // starts it again (the prompt took its place in the browser).
  const waits = !prompt.isPending && !prompt.isSuccess

  useEffect(() => {
    if (!waits || !passkeysSupported() || passkeysNeverHere()) return
    const controller = new AbortController()
    const { signal } = controller
    void (async () => {
      if (!(await passkeyAutofillSupported()) || signal.aborted) return
      let picked: Awaited<ReturnType<typeof passkeyForSignIn>>
      try {
        picked = await passkeyForSignIn({ autofill: true, signal })
      } catch {
        // Quiet: nobody asked yet. The browser's failures (no suggestion picked, the prompt taking over, a wrong
        // address) and a server without passkeys are for the button to say, when the member presses it.
        return
      }
      try {
        const user = await completePasskeySignIn(picked)
        if (!signal.aborted) finishSignIn.current(user)
      } catch (error) {
        // The member picked a passkey and the server refused it: say why, in its words.
        if (!signal.aborted) setAutofillError(error instanceof Error ? error : new Error(String(error)))
      }
    })()
    // Only this wait is stopped here: a prompt the member opened replaces the browser's wait by itself.
    return () => controller.abort()
  }, [waits])

  // The screen is gone: whatever the browser still waits for on its behalf is closed.
  useEffect(() => () => cancelPasskeyPrompt(), [])

  if (!passkeysSupported()) return null
  const error = prompt.error ?? autofillError

  return (
    <div className="sign-in-other">
      <p className="muted">Added a passkey to your account?</p>
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={prompt.isPending || undefined}
        onClick={() => {
          if (prompt.isPending) return
          setAutofillError(undefined)
          prompt.mutate()
        }}
      >
        Sign in with a passkey
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      )}
    </div>
  )
}
