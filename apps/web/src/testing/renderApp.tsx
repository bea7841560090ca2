import { render } from '@testing-library/react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { App } from '../app/App.tsx'
import { createQueryClient, Providers } from '../app/Providers.tsx'

/** The whole app with its real providers, at `path`, on an in-memory location; answers its query client too. */
export function renderApp(path = '/') {
  const location = memoryLocation({ path, record: true })
  const queryClient = createQueryClient()
  const result = render(
    <Providers client={queryClient}>
      <Router hook={location.hook}>
        <App />
      </Router>
    </Providers>,
  )
  return { ...result, location, queryClient }
}
