import { useSignedOutNotice } from './signedOutNotice.ts'

/** Why this browser was signed out, above the sign-in form, when it was not the person's own plain sign-out. */
export function SignedOutNoticeBox() {
  const notice = useSignedOutNotice()
  if (!notice) return null
  return (
    <div className="signed-out-notice" role="status">
      <p>
        <strong>{notice.title}.</strong> {notice.text}
      </p>
    </div>
  )
}
