import type { CodeCaller } from '../members/codeFlows.ts'
import type { SignInKind } from '../members/users.ts'

/** The step-up action that confirms exporting one wallet: its code exports that wallet and no other. */
export type ExportAction = `export:${string}`

/**
 * What the wallet routes need of sign-in, and no more: a code that confirms an export, sent to an address the
 * account already has and checked for the session that asked, and whether an export is allowed now. The
 * composition root (`app.ts`) gives the sign-in service, so nothing here imports `auth/`.
 */
export type WalletAuth = {
  sendStepUpCode(request: {
    userId: string
    sessionId: string
    action: ExportAction
    /**
     * How the session signed in: the code goes to the other address when the account has it (a wallet sign-in
     * avoids neither).
     */
    avoid: SignInKind | undefined
    client: CodeCaller
  }): Promise<{ kind: 'phone' | 'email'; address: string; expiresAt: Date }>
  checkStepUpCode(request: {
    sessionId: string
    action: ExportAction
    code: string
    client: CodeCaller
  }): Promise<void>
  /** Refuses an export soon after a sign-in address changed (`EXPORT_COOLDOWN_HOURS`, docs/wallets.md). */
  assertExportAllowed(userId: string): Promise<void>
}
