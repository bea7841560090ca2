import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // A 4xx will not change on retry; a dropped connection might.
      queries: { retry: (count, error) => count < 2 && !('status' in error && Number(error.status) >= 400) },
    },
  })
}

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient())
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
