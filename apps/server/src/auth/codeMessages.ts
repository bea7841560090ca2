/**
 * What a code is for. Each has its own wording, so a member who is asked to read a code out can tell a sign-in
 * code from one that confirms a change or exports a key.
 */
export type CodePurpose = 'sign-in' | 'link' | 'change' | 'confirm-change' | 'register-key' | 'export'

export type CodeMessage = { sms: string; subject: string; text: string }

const notYou =
  'If you did not ask for it, do not share it with anyone: someone may be trying to take over your account.'

/** The SMS and the email that carry `code` for `purpose`. */
export function codeMessage(purpose: CodePurpose, code: string, lifetimeMinutes: number): CodeMessage {
  const expires = `It expires in ${lifetimeMinutes} minutes.`
  switch (purpose) {
    case 'sign-in':
      return {
        sms: `${code} is your Charter sign-in code. ${expires} Never share it.`,
        subject: `${code} is your Charter sign-in code`,
        text: `Your Charter sign-in code is ${code}.\n\n${expires} If you did not ask for it, ignore this email: nobody can sign in without the code.\n`,
      }
    case 'link':
      return {
        sms: `${code} is your Charter code to add this number to your account. ${expires} ${notYou}`,
        subject: `${code} is your Charter code to add this address to your account`,
        text: `Your code to add this email address to your Charter account is ${code}.\n\n${expires} ${notYou}\n`,
      }
    case 'change':
      return {
        sms: `${code} is your Charter code to make this number your sign-in number. ${expires} ${notYou}`,
        subject: `${code} is your Charter code to make this your sign-in address`,
        text: `Your code to make this email address the sign-in address of your Charter account is ${code}.\n\n${expires} ${notYou}\n`,
      }
    case 'confirm-change':
      return {
        sms: `${code} confirms a change of your Charter account's sign-in address. ${expires} ${notYou}`,
        subject: `${code} confirms a change of your Charter sign-in address`,
        text: `Someone signed in to your Charter account asked to change its sign-in address. The code that confirms it is ${code}.\n\n${expires} ${notYou}\n`,
      }
    case 'register-key':
      return {
        sms: `${code} confirms a new device for your Charter wallets. ${expires} ${notYou}`,
        subject: `${code} confirms a new device for your Charter wallets`,
        text: `Someone signed in to your Charter account asked to let a new device sign with your wallets. The code that confirms it is ${code}.\n\n${expires} ${notYou}\n`,
      }
    case 'export':
      return {
        sms: `${code} is your Charter code to EXPORT A WALLET'S PRIVATE KEY. Whoever holds the key controls the funds. ${expires} ${notYou}`,
        subject: `${code} is your Charter code to export a wallet's private key`,
        text: `Your code to export a wallet's private key is ${code}. Whoever holds the key controls the wallet's funds.\n\n${expires} ${notYou}\n`,
      }
  }
}
