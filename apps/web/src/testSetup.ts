import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { setSignedOutNotice } from './features/session/signedOutNotice.ts'

afterEach(cleanup)
// Why the last tab was signed out lives in memory for the page's life: each test starts a new page.
afterEach(() => setSignedOutNotice(undefined))
