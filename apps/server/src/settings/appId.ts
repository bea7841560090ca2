import { randomInt } from 'node:crypto'
import { readFileSync } from 'node:fs'

/** The file in DATA_DIR that holds the generated app id when APP_ID is unset. */
export const appIdFileName = 'app-id'

/** Privy's app ids are 25 lower-case letters and digits; its React SDK refuses any other length. */
export const privyAppIdLength = 25

const appIdShape = /^[a-z0-9]{25}$/
const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A new app id in Privy's shape (`c` and 24 lower-case letters and digits, like `cm1x…`), so that every client
 * Privy publishes accepts it. It names the app, it guards nothing: it travels in every request and token.
 */
export function newAppId(): string {
  let id = 'c'
  while (id.length < privyAppIdLength) id += alphabet[randomInt(alphabet.length)]
  return id
}

const keepOrChoose =
  'it must hold the app id your apps are given, readable by this user; or set APP_ID (deleting the file makes a new id, which every app would then need)'

/**
 * The app id kept in `file`: undefined when there is none yet; a problem naming the file when it cannot be read
 * or holds no app id, since guessing anew would change the id every app was given.
 */
export function readAppIdFile(file: string): { appId: string } | { problem: string } | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error)
    if (code === 'ENOENT') return undefined
    return { problem: `DATA_DIR/${appIdFileName}: cannot read ${file} (${code}); ${keepOrChoose}` }
  }
  const value = text.replace(/\r?\n$/, '')
  if (value === '') return { problem: `DATA_DIR/${appIdFileName}: ${file} is empty; ${keepOrChoose}` }
  if (!appIdShape.test(value)) {
    return {
      problem: `DATA_DIR/${appIdFileName}: ${file} does not hold an app id (25 lower-case letters and digits); ${keepOrChoose}`,
    }
  }
  return { appId: value }
}

/**
 * What the start-up log says of an APP_ID that Privy's React SDK would refuse; undefined when it takes it (a
 * generated id always has the length).
 */
export function appIdLengthNotice(appId: string): string | undefined {
  if (appId.length === privyAppIdLength) return undefined
  return `APP_ID is ${appId.length} characters long: Privy's React SDK (@privy-io/react-auth) refuses app ids that are not exactly ${privyAppIdLength} characters, so apps on it need an APP_ID of ${privyAppIdLength} characters; Charter's own web app and Privy's vanilla client work with any.`
}
