import type { Config } from '@react-router/dev/config';

// React Router 8: what were v7's future flags are its defaults (middleware, split route modules,
// Vite's environment API, requests passed through as sent, trailing-slash-aware data requests).
// Request state (the session user, toasts, the CSP nonce) travels in its middleware context
// (docs/architecture/server.md#requests-and-operations).
export default {
  ssr: true,
} satisfies Config;
