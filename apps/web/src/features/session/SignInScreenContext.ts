import { type ComponentType, createContext } from 'react'

/**
 * The sign-in form `RequireSignIn` offers a signed-out visitor. Sign-in sits above the session (it writes the
 * user into it), so the session cannot import it: the app puts sign-in's form here, once, around every page.
 */
export const SignInScreenContext = createContext<ComponentType | undefined>(undefined)
